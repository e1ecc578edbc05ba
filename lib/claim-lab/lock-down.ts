import { boundConsole } from './bounded-console';

/**
 * The only globals a lab program may reach: the language's own built-ins, plus the few
 * harmless host objects the runner and sql.js still use after loading (text codecs, a clock,
 * random numbers, WebAssembly for SQLite itself). Everything else the worker scope offers
 * (storage, Web Locks, OPFS through `navigator`, every network API, timers, other workers,
 * messaging) is removed. An allow-list, so an API a browser adds tomorrow is removed too.
 *
 * `Function` and `eval` are not on the list: code built from strings is how a program would
 * hide what it loads, and the runner keeps its own copy of the constructor.
 */
export const ALLOWED_GLOBALS: ReadonlySet<string> = new Set([
  // ECMAScript values and functions
  'globalThis',
  'Infinity',
  'NaN',
  'undefined',
  'isFinite',
  'isNaN',
  'parseFloat',
  'parseInt',
  'decodeURI',
  'decodeURIComponent',
  'encodeURI',
  'encodeURIComponent',
  'escape',
  'unescape',
  // ECMAScript constructors and namespaces
  'Object',
  'Array',
  'Number',
  'Boolean',
  'String',
  'Symbol',
  'BigInt',
  'Date',
  'RegExp',
  'Promise',
  'Proxy',
  'Reflect',
  'JSON',
  'Math',
  'Intl',
  'Map',
  'Set',
  'WeakMap',
  'WeakSet',
  'WeakRef',
  // Not FinalizationRegistry: its callbacks run whenever the collector chooses, after the run has
  // ended, and could keep a core busy with no one waiting (issue 27, case 6).
  'Iterator',
  'ArrayBuffer',
  'DataView',
  'Int8Array',
  'Uint8Array',
  'Uint8ClampedArray',
  'Int16Array',
  'Uint16Array',
  'Int32Array',
  'Uint32Array',
  'Float16Array',
  'Float32Array',
  'Float64Array',
  'BigInt64Array',
  'BigUint64Array',
  'Error',
  'AggregateError',
  'EvalError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'TypeError',
  'URIError',
  'SuppressedError',
  'DisposableStack',
  'AsyncDisposableStack',
  // Host objects without storage or network: sql.js and the runner use them after loading.
  'WebAssembly',
  'TextEncoder',
  'TextDecoder',
  'crypto',
  'performance',
  'console',
]);

/** What a scope looked like after the lock: names removed, and names kept. */
export interface LockReport {
  removed: string[];
  kept: string[];
}

function removeEverywhere(scope: object, name: string): void {
  for (
    let target: object | null = scope;
    target && target !== Object.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    const descriptor = Object.getOwnPropertyDescriptor(target, name);
    if (descriptor?.configurable) delete (target as Record<string, unknown>)[name];
  }
  if (name in scope) {
    try {
      Object.defineProperty(scope, name, {
        value: undefined,
        writable: false,
        configurable: false,
      });
    } catch {
      // An unforgeable property the engine will not redefine stays as removed as it can be.
    }
  }
}

/** Every name the scope offers, own or inherited (Object.prototype's members excepted). */
function allNames(scope: object): Set<string> {
  const names = new Set<string>();
  for (
    let target: object | null = scope;
    target && target !== Object.prototype;
    target = Object.getPrototypeOf(target)
  ) {
    for (const name of Object.getOwnPropertyNames(target)) names.add(name);
  }
  return names;
}

/**
 * Leaves only ALLOWED_GLOBALS on a worker scope: every other name is deleted from the scope
 * and from its prototype chain (where browsers define getters such as `navigator` and methods
 * such as `fetch`), then pinned to undefined. The constructors of functions built from text
 * (Function, and the async and generator variants reached through `.constructor`) are cut off
 * as well. Run it after the worker has loaded what it needs, and keep your own references to
 * anything the runner still calls (postMessage, the Function constructor).
 */
export function lockDownScope(scope: object): LockReport {
  const removed: string[] = [];
  const kept: string[] = [];
  // The scope's own function kinds, made in its realm before its Function is removed.
  const makeFunction = (scope as { Function?: FunctionConstructor }).Function;
  const functionKinds = makeFunction
    ? (makeFunction(
        'return [function () {}, async function () {}, function* () {}, async function* () {}]',
      )() as object[])
    : [];
  for (const name of allNames(scope)) {
    if (ALLOWED_GLOBALS.has(name)) {
      kept.push(name);
      continue;
    }
    removed.push(name);
    removeEverywhere(scope, name);
  }
  // Kept, but bounded: the page's main thread receives a copy of every console message.
  boundConsole(scope);
  for (const sample of functionKinds) {
    const prototype = Object.getPrototypeOf(sample) as object;
    Object.defineProperty(prototype, 'constructor', {
      value: undefined,
      writable: false,
      configurable: false,
    });
  }
  return { removed: removed.sort(), kept: kept.sort() };
}
