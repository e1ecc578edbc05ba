import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { runProgram } from './run-program';
import { stopLine } from './stop-words';

// Issue 42: a loop of slow db calls (hex(zeroblob(5000000)), ~50 ms each) ran past the total
// limit, since the engine asks its interrupt handler only every few thousand steps, until the
// page ended the worker and blamed a database call that does not return.
// The limit is 1.5 s, not less: on a loaded machine the first call may start later than 500 ms
// after the program's first step, and the test would then see no call at all.
describe('the total limit in a loop of slow db calls', () => {
  it('is the engine’s own stop, before the next call, keeping the calls made', async () => {
    let calls = 0;
    const started = performance.now();
    const result = await runProgram(
      await openSqlJs(),
      `for (let i = 0; i < 200; i++) { try { db.get("SELECT hex(zeroblob(5000000)) AS y"); } catch {} }
print('not reached');`,
      { limits: { silentMs: 10_000, timeoutMs: 1_500 }, onActivity: () => (calls += 1) },
    );
    const took = performance.now() - started;
    expect(result.error).toEqual({
      kind: 'time',
      message: stopLine('total', 'engine'),
      line: null,
      column: null,
    });
    expect(result.output).toEqual([]);
    expect(calls).toBeGreaterThan(0);
    // 200 calls take 10 s or more; the limit stops the loop after 1.5 s and one call.
    expect(calls).toBeLessThan(200);
    expect(took).toBeLessThan(6_000);
  }, 30_000);
});
