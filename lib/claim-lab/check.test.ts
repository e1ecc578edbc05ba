import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LabExercise } from './exercise';
import type { LabRun } from './run-program';
import { checkOutput, isJudgedRun } from './check';

describe('checkOutput', () => {
  it('passes the exact expected lines and ignores trailing spaces', () => {
    expect(
      checkOutput(['1 2 ', 'old: 0', 'new: 1'], {
        kind: 'exact',
        lines: ['1 2', 'old: 0', 'new: 1'],
      }).passed,
    ).toBe(true);
  });

  it('marks the differing line, a missing line and an extra line', () => {
    const verdict = checkOutput(['1 2', 'old: 1'], {
      kind: 'exact',
      lines: ['1 2', 'old: 0', 'new: 1'],
    });
    expect(verdict.passed).toBe(false);
    expect(verdict.lines).toEqual([
      { expected: '1 2', actual: '1 2', ok: true },
      { expected: 'old: 0', actual: 'old: 1', ok: false },
      { expected: 'new: 1', actual: null, ok: false },
    ]);
    const extra = checkOutput(['a', 'b'], { kind: 'exact', lines: ['a'] });
    expect(extra.lines[1]).toEqual({ expected: null, actual: 'b', ok: false });
  });

  it('finds required lines anywhere for an includes check', () => {
    const check = { kind: 'includes' as const, lines: ['A claimed: yes', 'B claimed: yes'] };
    expect(checkOutput(['x', 'B claimed: yes', 'A claimed: yes'], check).passed).toBe(true);
    expect(checkOutput(['A claimed: yes', 'B claimed: no'], check).lines.map((l) => l.ok)).toEqual([
      true,
      false,
    ]);
  });

  it('an exact check passes exactly when the trimmed outputs are equal (property)', () => {
    const line = fc.string({ maxLength: 6 }).map((s) => s.replace(/\s+$/, ''));
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 5 }),
        fc.array(line, { maxLength: 5 }),
        (output, expected) => {
          const verdict = checkOutput(output, { kind: 'exact', lines: expected });
          expect(verdict.passed).toBe(JSON.stringify(output) === JSON.stringify(expected));
          expect(verdict.lines).toHaveLength(Math.max(output.length, expected.length));
        },
      ),
    );
  });
});

describe('isJudgedRun: what counts as a try at a challenge (issue 39)', () => {
  const challenge: LabExercise = {
    id: 'c',
    kind: 'challenge',
    title: 'c',
    goal: 'g',
    starter: 'print(1);\n',
    solution: 'print(2);\n',
    check: { kind: 'exact', lines: ['2'], writes: [] },
    solvedNote: '',
  };
  const ran = (error: LabRun['error'] = null): LabRun => ({
    output: [],
    steps: [],
    stepsRan: 0,
    statements: [],
    error,
  });
  it('a changed program that runs to its end is a try, passed or not', () => {
    expect(isJudgedRun(challenge, 'print(3);', ran())).toBe(true);
  });
  it('the starter as given, with any whitespace, is not a try', () => {
    expect(isJudgedRun(challenge, '  print(1);  \n\n', ran())).toBe(false);
  });
  it('a run that stops on an error is not a try; the demo never is', () => {
    expect(
      isJudgedRun(challenge, 'print(3);', ran({ kind: 'runtime', message: 'x', line: 1 } as never)),
    ).toBe(false);
    expect(isJudgedRun({ ...challenge, kind: 'demo' }, 'print(3);', ran())).toBe(false);
  });
});
