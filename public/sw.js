// Service worker: keeps every page that has been loaded working offline. It only ever touches
// requests to this app's own origin and never fetches anything from anywhere else.
//  - Hashed build assets (/_next/static/...) never change: cache first.
//  - Pages, route payloads and everything else: network first, so online learners always get
//    the current build; the cached copy is the offline fallback.
const CACHE = 'fencing-lab-v1';

// On install, keep every page and route payload (listed at build time, a few hundred KB), so
// moving between pages works offline too. A failed precache never blocks the install.
self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      try {
        const manifest = await (await fetch('/sw-manifest.json', { cache: 'no-store' })).json();
        const cache = await caches.open(CACHE);
        await cache.addAll(manifest.urls);
      } catch {
        // Pages are still cached one by one as they are visited.
      }
      await self.skipWaiting();
    })(),
  );
});
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  const hit = await cache.match(request);
  if (hit) return hit;
  const response = await fetch(request);
  if (response.ok) cache.put(request, response.clone());
  return response;
}

async function networkFirst(request) {
  const cache = await caches.open(CACHE);
  try {
    const response = await fetch(request);
    if (response.ok && response.type === 'basic') cache.put(request, response.clone());
    return response;
  } catch (error) {
    // Route payloads carry a changing ?_rsc= cache-buster: match them without the query.
    const hit = await cache.match(request, { ignoreSearch: true });
    if (hit) return hit;
    if (request.mode === 'navigate') {
      const fallback = await cache.match('/404.html');
      if (fallback) return fallback;
    }
    throw error;
  }
}

/**
 * A worker's script URL carries its chunk list in the fragment (#params=...), and the worker
 * reads it from its own location. A response taken from the cache keeps the URL it was stored
 * under, which would hand one worker another worker's fragment (regression:
 * sw-worker-fragment). A fresh Response has no URL, so the worker keeps the URL it asked for.
 */
async function forWorker(responsePromise) {
  const response = await responsePromise;
  return new Response(await response.blob(), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const isWorker = request.destination === 'worker' || request.destination === 'sharedworker';
  if (url.pathname.startsWith('/_next/static/')) {
    event.respondWith(isWorker ? forWorker(cacheFirst(request)) : cacheFirst(request));
    return;
  }
  if (isWorker) {
    event.respondWith(forWorker(networkFirst(request)));
    return;
  }
  event.respondWith(networkFirst(request));
});
