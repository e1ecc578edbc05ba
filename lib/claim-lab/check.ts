import { LESSON_VOCABULARY, OUTCOME_WORDS, type CheckName, type WriteDecision } from '@/lib/lease';
import { stepOutcomes, type LabWriteKind, type StepOutcome } from './outcomes';
import type { LabExercise } from './exercise';
import type { LabRun } from './run-program';

/**
 * How a program's printed output is judged: `exact` compares line by line with the expected
 * output; `includes` asks for each line to be printed somewhere.
 */
export type OutputCheck =
  { kind: 'exact'; lines: readonly string[] } | { kind: 'includes'; lines: readonly string[] };

/**
 * One write the check expects the program's database to have decided: the rulebook's decision
 * on a statement the program sent (outcomes.ts), by its kind, writer, token and outcome.
 */
export interface ExpectedWrite {
  write: LabWriteKind;
  writer: string;
  token: number | null;
  outcome: WriteDecision['outcome']['database'];
  /** The checks that must not have held, where the exercise turns on them (a race's claim). */
  failed?: readonly CheckName[];
}

/**
 * An exercise's check: what the program prints, and the writes its database decided, in this
 * order (other statements may come between). A pass rests on both: printed lines alone are a
 * claim about the database, the decisions are what it did.
 */
export type LabCheck = OutputCheck & { writes: readonly ExpectedWrite[] };

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
  /**
   * The first write of the check the program's database did not decide as expected (null: all
   * were, or the verdict is on the output alone).
   */
  unmetWrite?: ExpectedWrite | null;
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

function matches(expected: ExpectedWrite, found: StepOutcome): boolean {
  const { decision } = found;
  if (
    found.write !== expected.write ||
    decision.writer !== expected.writer ||
    decision.token !== expected.token ||
    decision.outcome.database !== expected.outcome
  )
    return false;
  if (!expected.failed) return true;
  const failed = new Set<CheckName>(decision.failed);
  return failed.size === expected.failed.length && expected.failed.every((c) => failed.has(c));
}

/**
 * The first expected write the run's decided writes do not hold, in order (null: every one is
 * there). Decided writes are the rulebook's decisions on the program's statements, never what
 * it printed.
 */
export function unmetWrite(run: LabRun, writes: readonly ExpectedWrite[]): ExpectedWrite | null {
  const decided = stepOutcomes(run.steps).filter((o): o is StepOutcome => o !== null);
  let at = 0;
  for (const expected of writes) {
    while (at < decided.length && !matches(expected, decided[at])) at += 1;
    if (at === decided.length) return expected;
    at += 1;
  }
  return null;
}

/** An expected write in the lab's words: "A’s finish with fence 1, refused". */
export function expectedWriteWords(write: ExpectedWrite): string {
  const token = write.token === null ? 'no token' : `${LESSON_VOCABULARY.token} ${write.token}`;
  return `${write.writer}’s ${write.write} with ${token}, ${OUTCOME_WORDS[write.outcome].label}`;
}

/**
 * A run passes when it finished without an error, its output passes the check, and its database
 * decided the check's writes.
 */
export function checkRun(run: LabRun, check: LabCheck): OutputVerdict {
  const verdict = checkOutput(run.output, check);
  const unmet = unmetWrite(run, check.writes);
  return {
    ...verdict,
    passed: verdict.passed && run.error === null && unmet === null,
    unmetWrite: unmet,
  };
}

/** A program as the learner wrote it, without the whitespace an edit may add or drop. */
const normalised = (program: string) => program.replace(/\s+/g, ' ').trim();

/**
 * Whether a run is a try at a challenge, graded for mastery: the program is the learner's own
 * (not the starter as given, which only shows the problem) and it ran to its end without an
 * error, so its output was checked. The first such run of a challenge is its first try (docs/course.md,
 * "Graded work"); a type error caught before the run, a run stopped at a limit and a
 * run that throws are not tries.
 */
export function isJudgedRun(exercise: LabExercise, program: string, run: LabRun): boolean {
  return (
    exercise.kind === 'challenge' &&
    run.error === null &&
    normalised(program) !== normalised(exercise.starter)
  );
}
