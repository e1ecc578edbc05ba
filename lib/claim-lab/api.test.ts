import { describe, expect, it, vi } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { LAB_API_DTS } from './api';
import { runProgram } from './run-program';

// F14 of review 42c: `console.log(…)` in the lab was a type error ("Cannot find name 'console'.
// … Try changing the 'lib' compiler option to include 'dom'"), advice a learner cannot follow,
// although the engine gives every program a console. The oracle is the engine: what a program
// finds on its console when it runs.
describe('the declarations the editor type-checks a program against', () => {
  it('declare the console the engine gives a program, method by method', async () => {
    const run = await runProgram(
      await openSqlJs(),
      `print(Object.keys(console).filter((k) => typeof (console as any)[k] === 'function').join(' '));`,
    );
    expect(run.error).toBeNull();
    const methods = run.output[0].split(' ');
    expect(methods.length).toBeGreaterThan(0);
    const declared = /declare const console: \{([^}]*)\}/.exec(LAB_API_DTS)?.[1] ?? '';
    const names = [...declared.matchAll(/^\s*(\w+)\(\.\.\.values: unknown\[\]\): void;/gm)].map(
      (m) => m[1],
    );
    expect(names.sort()).toEqual([...methods].sort());
  });
});

describe('the quiet limit with a console loop', () => {
  it('does not say the program printed nothing when it wrote to its console', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const run = await runProgram(await openSqlJs(), `for (;;) console.log('x'.repeat(50));`, {
      limits: { silentMs: 300, timeoutMs: 20_000 },
    });
    const logged = log.mock.calls.length;
    log.mockRestore();
    expect(logged).toBeGreaterThan(0);
    expect(run.output).toEqual([]);
    expect(run.error).toMatchObject({ kind: 'time' });
    // The program wrote thousands of console lines: "printed nothing" alone reads false.
    expect(run.error?.message).not.toMatch(/printed nothing[,.]/);
    expect(run.error?.message).toContain('print(…)');
  }, 30_000);
});
