import { describe, expect, it } from 'vitest';
import { createProgramEngine } from './engine';
import { LAB_LIMITS } from './limits';

/** Runs code in a fresh engine: what it threw (name and message) or returned, as data. */
async function evaluate(code: string, capBytes?: number) {
  const engine = await createProgramEngine(capBytes);
  const answer = engine.vm.evalCode(code, 'probe.js');
  const value = engine.vm.dump(answer.error ?? answer.value) as unknown;
  (answer.error ?? answer.value).dispose();
  return { engine, threw: answer.error !== undefined, value };
}

describe('the program engine (QuickJS in WebAssembly, issue 42 point 1)', () => {
  it('runs modern JavaScript', async () => {
    const { value } = await evaluate(
      `const xs = [3, 1, 2].toSorted(); const { a = 1, ...rest } = { b: 2 }; [xs.at(-1), a, rest?.b ?? 0, 2n ** 64n > 0n]`,
    );
    expect(value).toEqual([3, 1, 2, true]);
  });

  // Regression: engine-memory-not-capped. A variant made from another variant keeps only its own
  // options, so the capped memory was silently dropped and the engine grew its own to 2 GB.
  it('gives the program only the capped memory: an array that grows for ever ends in "out of memory"', async () => {
    const { engine, threw, value } = await evaluate(
      `const a = []; for (;;) { const b = []; for (let i = 0; i < 1e6; i++) b.push(i + 0.5); a.push(b); }`,
    );
    expect(threw).toBe(true);
    expect(value).toMatchObject({ name: 'InternalError', message: 'out of memory' });
    expect(engine.memory.buffer.byteLength).toBeGreaterThan(engine.capBytes / 2);
    expect(engine.memory.buffer.byteLength).toBeLessThanOrEqual(LAB_LIMITS.programMemoryBytes);
    // The engine is still usable after it ran out.
    const after = engine.vm.evalCode('[1, 2, 3].map((x) => x * 2).join()');
    expect(engine.vm.dump(engine.vm.unwrapResult(after))).toBe('2,4,6');
  });

  it.each([
    ['new Array(n).fill', `const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));`],
    [
      'the native Array',
      `const A = [].constructor; const a = []; for (;;) a.push(new A(1e6).fill(1));`,
    ],
    ['strings', `const a = []; for (;;) a.push('x'.repeat(1e6) + a.length);`],
    ['typed arrays', `const a = []; for (;;) a.push(new Float64Array(1e6));`],
  ])('ends %s at the cap', async (_label, code) => {
    const { engine, threw, value } = await evaluate(code);
    expect(threw).toBe(true);
    expect(value).toMatchObject({ message: 'out of memory' });
    expect(engine.memory.buffer.byteLength).toBeLessThanOrEqual(engine.capBytes);
  });

  it('reports a deep recursion as the engine’s own "stack overflow", not the worker’s', async () => {
    for (const code of [
      'function r() { return r() + 1; } r();',
      'function r(a, b, c, d) { return [a].map(() => r(a, b, c, d)); } r(1, 2, 3, 4);',
      'const o = { get x() { return this.x; } }; o.x;',
      'const deep = (n) => (n === 0 ? [] : [deep(n - 1)]); JSON.stringify(deep(1e6));',
    ]) {
      const { value } = await evaluate(code);
      expect(value, code).toMatchObject({ name: 'InternalError', message: 'stack overflow' });
    }
  });
});
