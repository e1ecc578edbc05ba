/**
 * Starts a Web Worker under the page's Content-Security-Policy.
 *
 * A worker loaded from a same-origin script URL gets its policy from that script's HTTP
 * headers, and a static host sends none: such a worker may fetch any origin. A worker loaded
 * from a `blob:` URL inherits the policy of the page that made it (measured in Chromium 156;
 * CSP 3, "initialize a global object's CSP list"). So every worker starts from a tiny blob
 * script that loads the bundled worker script from the app's own origin, and the page's
 * `connect-src`, `script-src`, `font-src`, `worker-src`... hold inside the worker too.
 *
 * `start` is the bundler's worker expression (the table in client.ts),
 * unchanged, so the bundler still finds and bundles the worker; while it runs, the global
 * `Worker` constructor is swapped for one that wraps the URL it is given in a blob.
 */
export function underPagePolicy(start: () => Worker): Worker {
  if (
    typeof Blob === 'undefined' ||
    typeof URL.createObjectURL !== 'function' ||
    typeof location === 'undefined'
  ) {
    return start();
  }
  const Native = globalThis.Worker;
  class PolicyWorker extends Native {
    constructor(script: string | URL, options?: WorkerOptions) {
      const { url, revoke } = blobScriptFor(script, options?.type ?? 'classic');
      super(url, options);
      const done = () => {
        revoke();
        this.removeEventListener('message', done);
        this.removeEventListener('error', done);
      };
      this.addEventListener('message', done);
      this.addEventListener('error', done);
    }
  }
  globalThis.Worker = PolicyWorker;
  try {
    return start();
  } finally {
    globalThis.Worker = Native;
  }
}

/** A blob script that loads `script` from the app's origin, keeping its #fragment (bundlers pass parameters there). */
export function blobScriptFor(
  script: string | URL,
  type: WorkerType,
): { url: string; revoke: () => void } {
  const target = new URL(String(script), location.href);
  if (target.origin !== location.origin)
    throw new Error(`A worker script must come from this app’s origin, not ${target.origin}.`);
  const fragment = target.hash;
  target.hash = '';
  // A blob: script's own URL is no base for relative paths, and bundlers load later chunks by
  // path ('/_next/static/chunks/…'): importScripts resolves them against the app's origin.
  const classic = [
    `(() => { const load = self.importScripts.bind(self); const base = ${JSON.stringify(`${location.origin}/`)};`,
    `self.importScripts = (...urls) => load(...urls.map((url) => new URL(String(url), base).href)); })();`,
    `importScripts(${JSON.stringify(target.href)});`,
  ].join('\n');
  const body = type === 'module' ? `import ${JSON.stringify(target.href)};\n` : `${classic}\n`;
  const blobUrl = URL.createObjectURL(new Blob([body], { type: 'text/javascript' }));
  return { url: blobUrl + fragment, revoke: () => URL.revokeObjectURL(blobUrl) };
}
