import type { LabRun } from './run-program';

/**
 * How a program's printed output is judged: `exact` compares line by line with the expected
 * output; `includes` asks for each line to be printed somewhere.
 */
export type OutputCheck =
  { kind: 'exact'; lines: readonly string[] } | { kind: 'includes'; lines: readonly string[] };

export interface LineVerdict {
  /** The expected line (null: an extra printed line the check did not ask for). */
  expected: string | null;
  /** What the program printed there (null: nothing). */
  actual: string | null;
  ok: boolean;
}

export interface OutputVerdict {
  passed: boolean;
  lines: LineVerdict[];
}

const clean = (line: string) => line.trimEnd();

/** Compares printed output with a check, line by line. Trailing spaces do not count. */
export function checkOutput(output: readonly string[], check: OutputCheck): OutputVerdict {
  if (check.kind === 'includes') {
    const printed = new Set(output.map((line) => clean(line).trim()));
    const lines = check.lines.map((expected) => {
      const ok = printed.has(expected);
      return { expected, actual: ok ? expected : null, ok };
    });
    return { passed: lines.every((l) => l.ok), lines };
  }
  const length = Math.max(output.length, check.lines.length);
  const lines: LineVerdict[] = [];
  for (let i = 0; i < length; i += 1) {
    const expected = i < check.lines.length ? check.lines[i] : null;
    const actual = i < output.length ? clean(output[i]) : null;
    lines.push({ expected, actual, ok: expected !== null && expected === actual });
  }
  return { passed: lines.every((l) => l.ok), lines };
}

/** A run passes when it finished without an error and its output passes the check. */
export function checkRun(run: LabRun, check: OutputCheck): OutputVerdict {
  const verdict = checkOutput(run.output, check);
  return { ...verdict, passed: verdict.passed && run.error === null };
}
