/**
 * Globals a lab program must not reach from its worker: the learner's stored data (IndexedDB,
 * Cache Storage), the network, other workers and channels to other tabs.
 */
export const BLOCKED_GLOBALS = [
  'indexedDB',
  'caches',
  'cookieStore',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebTransport',
  'EventSource',
  'importScripts',
  'BroadcastChannel',
  'Worker',
  'SharedWorker',
  'localStorage',
  'sessionStorage',
  // The worker keeps its own bound copy for answers; the program must not forge one.
  'postMessage',
] as const;

/**
 * Removes the blocked globals from a worker scope: deletes them along the prototype chain
 * (where the browser defines them as getters) and pins an undefined value on the scope itself.
 * Run it after the worker has loaded what it needs (sql.js fetches its WASM first).
 * Returns the names that were present.
 */
export function lockDownScope(scope: object): string[] {
  const removed: string[] = [];
  for (const name of BLOCKED_GLOBALS) {
    if (!(name in scope)) continue;
    removed.push(name);
    for (let target: object | null = scope; target; target = Object.getPrototypeOf(target)) {
      const descriptor = Object.getOwnPropertyDescriptor(target, name);
      if (descriptor?.configurable) delete (target as Record<string, unknown>)[name];
    }
    try {
      Object.defineProperty(scope, name, {
        value: undefined,
        writable: false,
        configurable: false,
      });
    } catch {
      // A property the engine will not let us redefine stays as deleted as it could be.
    }
  }
  return removed;
}
