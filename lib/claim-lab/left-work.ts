/**
 * Work a program leaves behind when it returns (issue 27, case 6). The lock-down leaves no timers,
 * so what can still run after `program(db, print)` returns is a promise callback: on a promise
 * already settled (a microtask, run before the worker's next task) or on one of the few
 * asynchronous host calls the allow-list keeps, WebAssembly's compile and instantiate and
 * crypto.subtle. Those are counted here while they are pending, so the worker reports "ran" only
 * once none is pending and no callback is left: a callback that never ends (`for (;;) {}`)
 * keeps the worker from answering, and the page's time limit ends the worker.
 */
export interface LeftWork {
  /** Asynchronous host calls started and not yet settled. */
  pending(): number;
  /** Resolves once nothing is pending after the worker's queued callbacks have run. */
  idle(): Promise<void>;
}

type AsyncMethod = (...args: unknown[]) => Promise<unknown>;

/**
 * Counts pending calls of the async host methods on `scope` (WebAssembly.compile and
 * instantiate, and the methods of crypto.subtle). `nextTask` runs a callback as a new task (a
 * timer taken before the lock-down): every callback a settled promise queued runs before it.
 */
export function trackLeftWork(scope: object, nextTask: (callback: () => void) => void): LeftWork {
  let pending = 0;
  const wrap = (owner: object | null | undefined, name: string) => {
    if (!owner) return;
    const original = (owner as Record<string, unknown>)[name];
    if (typeof original !== 'function') return;
    Object.defineProperty(owner, name, {
      configurable: true,
      writable: true,
      value: function tracked(this: unknown, ...args: unknown[]) {
        const result = (original as AsyncMethod).apply(this, args);
        if (result && typeof (result as Promise<unknown>).then === 'function') {
          pending += 1;
          const settle = () => {
            pending -= 1;
          };
          (result as Promise<unknown>).then(settle, settle);
        }
        return result;
      },
    });
  };
  const wasm = (scope as { WebAssembly?: object }).WebAssembly;
  for (const name of ['compile', 'instantiate', 'compileStreaming', 'instantiateStreaming'])
    wrap(wasm, name);
  const subtle = (scope as { crypto?: { subtle?: object } }).crypto?.subtle;
  const subtleMethods = subtle ? Object.getPrototypeOf(subtle) : null;
  if (subtleMethods)
    for (const name of Object.getOwnPropertyNames(subtleMethods))
      if (name !== 'constructor') wrap(subtleMethods, name);
  return {
    pending: () => pending,
    idle: () =>
      new Promise<void>((resolve) => {
        const check = () => (pending === 0 ? resolve() : nextTask(check));
        nextTask(check);
      }),
  };
}
