import { cutText, showMessage, shown, type ShownText } from '@/lib/bounded';
import { LAB_LIMITS } from './limits';
import { MemoryBudgetError } from './memory-budget';
import { describeType, formatValue } from './program-values';
import { programPosition, recursionPosition } from './program-position';

/** What went wrong in a run, with the program line to mark when one is known. */
export interface LabError {
  kind: 'compile' | 'sql' | 'runtime' | 'output-limit' | 'memory';
  /** Cut by the door: a program may throw 20 MB of text, the page shows its first part. */
  message: ShownText;
  line: number | null;
  column: number | null;
}

/** A SQLite error from a db call, carrying the program line of the call. */
export class LabSqlError extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(message);
    this.name = 'LabSqlError';
  }
}

/** Thrown by `print` once the program has printed as much as the lab shows. */
export class OutputLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputLimitError';
  }
}

/** Any text a program may hand over, as text, without throwing (a getter or toString may). */
function textOf(value: unknown): string {
  try {
    return typeof value === 'string' ? value : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/** A property of a thrown error, read without letting a throwing getter escape. */
function field(error: Error, name: 'name' | 'message' | 'stack'): unknown {
  try {
    return error[name];
  } catch {
    return undefined;
  }
}

function stackOf(error: Error): string | undefined {
  const stack = field(error, 'stack');
  return typeof stack === 'string' ? stack : undefined;
}

/** A message of the lab's bounds: cut, and saying "Shown N of M characters" when it was. */
export function labMessage(text: string): ShownText {
  return showMessage(text, LAB_LIMITS.maxMessageChars);
}

/**
 * What the program threw, as the lab reports it: a SQL error on the line of its db call, a
 * runaway recursion on the line that recurses, any other error on its own line, and a thrown
 * non-error with a word on how to get a line.
 */
export function describeFailure(error: unknown): LabError {
  if (error instanceof LabSqlError) {
    return {
      kind: 'sql',
      message: shown`SQLite error: ${labMessage(error.message)}`,
      line: error.line,
      column: null,
    };
  }
  if (error instanceof MemoryBudgetError) {
    return {
      kind: 'memory',
      message: labMessage(error.message),
      line: programPosition(stackOf(error))?.line ?? null,
      column: null,
    };
  }
  if (error instanceof OutputLimitError) {
    return {
      kind: 'output-limit',
      message: labMessage(error.message),
      line: programPosition(stackOf(error))?.line ?? null,
      column: null,
    };
  }
  if (error instanceof Error) {
    const at = isStackOverflow(error)
      ? recursionPosition(stackOf(error))
      : programPosition(stackOf(error));
    return {
      kind: 'runtime',
      message: shown`${cutText(textOf(field(error, 'name')), 100).text}: ${labMessage(textOf(field(error, 'message')))}`,
      line: at?.line ?? null,
      column: at?.column ?? null,
    };
  }
  return {
    kind: 'runtime',
    message: shown`Uncaught ${thrown(error)}: the program threw ${labMessage(describeType(error))}, which carries no line number. Throw new Error(…) to see where it happened.`,
    line: null,
    column: null,
  };
}

/** A thrown non-error as the lab shows it: a string quoted, anything else as print shows it. */
function thrown(error: unknown): ShownText {
  if (typeof error !== 'string') return labMessage(textOf(formatValue(error)));
  // Quoting can make a character six (\u0001): cut well below the message bound first.
  const cut = cutText(error, 250);
  const quoted = JSON.stringify(cut.text);
  return cut.chars.shown < cut.chars.total
    ? labMessage(
        `${quoted} (Shown ${cut.chars.shown.toLocaleString('en-US')} of ${cut.chars.total.toLocaleString('en-US')} characters.)`,
      )
    : labMessage(quoted);
}

function isStackOverflow(error: Error): boolean {
  return (
    error instanceof RangeError && /call stack/i.test(textOf(field(error, 'message')).slice(0, 200))
  );
}
