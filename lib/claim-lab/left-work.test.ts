import { describe, expect, it } from 'vitest';
import { trackLeftWork } from './left-work';

// A module with nothing in it: the smallest thing WebAssembly.compile accepts.
const EMPTY_MODULE = new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]);
const nextTask = (callback: () => void) => void setTimeout(callback, 0);

describe('trackLeftWork (issue 27, case 6)', () => {
  it('is idle only after the async calls a program left and their callbacks are done', async () => {
    const scope = { WebAssembly: { ...WebAssembly }, crypto: globalThis.crypto };
    const work = trackLeftWork(scope, nextTask);
    const order: string[] = [];
    void scope.WebAssembly.compile(EMPTY_MODULE).then(() => order.push('compiled'));
    void scope.crypto.subtle.digest('SHA-256', EMPTY_MODULE).then(() => order.push('digested'));
    expect(work.pending()).toBe(2);
    await work.idle();
    order.push('idle');
    expect(work.pending()).toBe(0);
    expect(order.slice(-1)).toEqual(['idle']);
    expect(order.sort()).toEqual(['compiled', 'digested', 'idle']);
  });

  it('sees work that a callback starts after the first one settled', async () => {
    const scope = { WebAssembly: { ...WebAssembly } };
    const work = trackLeftWork(scope, nextTask);
    let chained = false;
    void scope.WebAssembly.compile(EMPTY_MODULE)
      .then(() => scope.WebAssembly.compile(EMPTY_MODULE))
      .then(() => {
        chained = true;
      });
    await work.idle();
    expect(chained).toBe(true);
  });

  it('is idle at once when nothing was left', async () => {
    const work = trackLeftWork({}, nextTask);
    await expect(work.idle()).resolves.toBeUndefined();
  });
});
