import { createContext, runInContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { budgetAllocations, MemoryBudgetError } from './memory-budget';

/** A realm of its own (as a worker's), so the test process's built-ins stay as they are. */
function realm() {
  const context = createContext({});
  const scope = runInContext('globalThis', context) as typeof globalThis;
  return { scope, run: (code: string) => runInContext(code, context) as unknown };
}

describe('the memory budget of a run (issue 42, point 1)', () => {
  it('stops the tab-crash program at the budget, tells once, and throws at every counted allocation after', () => {
    const { scope, run } = realm();
    const told: number[] = [];
    budgetAllocations(scope, 64 * 1024 * 1024, (bytes) => told.push(bytes));
    expect(() => run('const a = []; for (;;) a.push(new Array(1e6).fill(Math.random()));')).toThrow(
      MemoryBudgetError,
    );
    expect(told).toHaveLength(1);
    expect(told[0]).toBeGreaterThan(64 * 1024 * 1024);
    expect(told[0]).toBeLessThan(64 * 1024 * 1024 + 20 * 1024 * 1024);
    expect(() => run("'x'.repeat(10)")).toThrow(/allocated more than 64 MB/);
    expect(told).toHaveLength(1);
  });

  it('counts repeated strings, Array.from and JSON.stringify too', () => {
    for (const program of [
      "const k = []; for (;;) k.push('x'.repeat(1e6));",
      'const k = []; for (;;) k.push(Array.from({ length: 1e5 }));',
      "const k = []; const o = { t: 'y'.repeat(1e5) }; for (;;) k.push(JSON.stringify(o));",
    ]) {
      const { scope, run } = realm();
      budgetAllocations(scope, 16 * 1024 * 1024, () => {});
      expect(() => run(program), program).toThrow(MemoryBudgetError);
    }
  });

  it('changes nothing a program sees while under the budget', () => {
    const { scope, run } = realm();
    budgetAllocations(scope, 64 * 1024 * 1024, () => {});
    expect(
      run(`JSON.stringify([
        Array(3).length, new Array(2).fill(0), Array.of(1, 2), [1, 2].map((x) => x * 2),
        'ab'.repeat(2), 'a'.padStart(3, '-'), 'a'.padEnd(2, '+'), Array.from({ length: 2 }, (_, i) => i),
        [1].concat([2]), [1, 2, 3].slice(1), [[1], [2]].flat(), ['a', 'b'].join('-'),
        Array.isArray(new Array(1)), new Array(1) instanceof Array, [] instanceof Array,
        class extends Array {}.from([1]).length, Array.name, Array.prototype.fill.name,
      ])`),
    ).toBe(
      '[3,[0,0],[1,2],[2,4],"abab","--a","a+",[0,1],[1,2],[2,3],[1,2],"a-b",true,true,true,1,"Array","fill"]',
    );
  });

  it('counts nothing once disarmed', () => {
    const { scope, run } = realm();
    const ledger = budgetAllocations(scope, 1024, () => {});
    ledger.disarm();
    expect(run("'x'.repeat(1e6).length")).toBe(1e6);
    expect(ledger.counted()).toBe(0);
  });
});
