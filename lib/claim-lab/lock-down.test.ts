import { runInContext, createContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { lockDownScope } from './lock-down';

/** A fresh realm shaped like a worker scope: host APIs as prototype getters and methods. */
function fakeWorkerRealm() {
  const context = createContext({});
  runInContext(
    `class WorkerScope {
       get indexedDB() { return { open: () => 'stored data' }; }
       get navigator() { return { locks: { request: () => 'lock' }, storage: { getDirectory: () => 'opfs' } }; }
       fetch() { return 'network'; }
       postMessage() { return 'forged answer'; }
       get performance() { return { now: () => 1 }; }
     }
     Object.setPrototypeOf(globalThis, WorkerScope.prototype);
     globalThis.FontFace = function FontFace() {};
     globalThis.WebSocketStream = function WebSocketStream() {};
     globalThis.SomeApiAddedTomorrow = function () {};`,
    context,
  );
  // The realm's own global object (with its built-ins), not the object that was contextified.
  return { realm: runInContext('globalThis', context) as Record<string, unknown>, context };
}

describe('lockDownScope', () => {
  it('keeps only the allow-listed globals, whatever else the scope offers', () => {
    const { realm, context } = fakeWorkerRealm();
    const report = lockDownScope(realm);
    expect(report.removed).toEqual(
      expect.arrayContaining([
        'FontFace',
        'Function',
        'SomeApiAddedTomorrow',
        'WebSocketStream',
        'eval',
        'fetch',
        'indexedDB',
        'navigator',
        'postMessage',
      ]),
    );
    expect(report.kept).toEqual(expect.arrayContaining(['JSON', 'Math', 'performance']));
    const probe = (code: string) => runInContext(code, context) as unknown;
    for (const name of [
      'fetch',
      'indexedDB',
      'navigator',
      'FontFace',
      'WebSocketStream',
      'SomeApiAddedTomorrow',
      'postMessage',
      'eval',
      'Function',
    ]) {
      expect(probe(`typeof ${name}`), name).toBe('undefined');
    }
    expect(probe('JSON.stringify([1])')).toBe('[1]');
    expect(probe('performance.now()')).toBe(1);
    // Reaching past the scope finds nothing either.
    expect(
      probe(`Object.getOwnPropertyDescriptor(Object.getPrototypeOf(globalThis), 'indexedDB')`),
    ).toBeUndefined();
    expect(probe('typeof fetch')).toBe('undefined');
  });

  it('cuts off every constructor of functions built from text', () => {
    const { realm, context } = fakeWorkerRealm();
    lockDownScope(realm);
    for (const sample of [
      '(function () {})',
      '(async function () {})',
      '(function* () {})',
      '(async function* () {})',
      '(() => 1)',
    ]) {
      expect(runInContext(`${sample}.constructor`, context), sample).toBeUndefined();
    }
  });
});
