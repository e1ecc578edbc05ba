import { describeType, formatValue } from './program-values';
import { programPosition, recursionPosition } from './program-position';

/** What went wrong in a run, with the program line to mark when one is known. */
export interface LabError {
  kind: 'compile' | 'sql' | 'runtime' | 'output-limit';
  message: string;
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

/**
 * What the program threw, as the lab reports it: a SQL error on the line of its db call, a
 * runaway recursion on the line that recurses, any other error on its own line, and a thrown
 * non-error with a word on how to get a line.
 */
export function describeFailure(error: unknown): LabError {
  if (error instanceof LabSqlError) {
    return {
      kind: 'sql',
      message: `SQLite error: ${error.message}`,
      line: error.line,
      column: null,
    };
  }
  if (error instanceof OutputLimitError) {
    return {
      kind: 'output-limit',
      message: error.message,
      line: programPosition(error.stack)?.line ?? null,
      column: null,
    };
  }
  if (error instanceof Error) {
    const at = isStackOverflow(error)
      ? recursionPosition(error.stack)
      : programPosition(error.stack);
    return {
      kind: 'runtime',
      message: `${error.name}: ${error.message}`,
      line: at?.line ?? null,
      column: at?.column ?? null,
    };
  }
  return {
    kind: 'runtime',
    message: `Uncaught ${typeof error === 'string' ? JSON.stringify(error) : formatValue(error)}: the program threw ${describeType(error)}, which carries no line number. Throw new Error(…) to see where it happened.`,
    line: null,
    column: null,
  };
}

function isStackOverflow(error: Error): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}
