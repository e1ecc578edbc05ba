import {
  booleanPart,
  eitherPart,
  listPart,
  nullablePart,
  numberPart,
  objectPart,
  oneOfPart,
  recordPart,
  taggedPart,
  textPart,
  type MessageBounds,
  type MessagePart,
} from '@/lib/bounded';
import { scriptResultPart, shownOfPart, type ScriptResult } from '@/lib/sqlite';
import type { LabResponse, LabRunProgress } from './claim-lab.protocol';
import { LAB_LIMITS } from './limits';
import type { LabError } from './program-failure';
import type { LabRun, LabStep } from './run-program';
import type { LabCell, LabTable } from './snapshot';

/*
 * What the page accepts from the claim lab's worker (issue 41). The learner's program runs in
 * that worker beside the harness and may replace any built-in the harness uses to cut its
 * results, so the page checks every reply again here, with lib/bounded's door, against the same
 * LAB_LIMITS the harness cuts to. A reply that breaks one is refused whole. "+ 1" is the "…" of
 * a cut text.
 */

const whole = numberPart(true);
const line = nullablePart(whole);
const cellText = textPart(LAB_LIMITS.maxCellChars + 1);
const cell: MessagePart<LabCell> = eitherPart(cellText, nullablePart(numberPart()));

const table = objectPart<LabTable>({
  columns: listPart(cellText, LAB_LIMITS.maxSnapshotColumns),
  rows: listPart(listPart(cell, LAB_LIMITS.maxSnapshotColumns), LAB_LIMITS.maxSnapshotRows),
  truncated: booleanPart,
  columnsShown: shownOfPart,
  charsShown: shownOfPart,
});

const step = objectPart<LabStep>({
  index: whole,
  call: oneOfPart('run', 'get', 'all'),
  line,
  from: nullablePart(objectPart({ line: whole, text: textPart(301) })),
  sql: textPart(LAB_LIMITS.maxSqlChars + 1),
  params: nullablePart(recordPart(cell, LAB_LIMITS.maxParams, LAB_LIMITS.maxCellChars + 1)),
  changed: whole,
  table: nullablePart(table),
});

/** A thrown message: its bound, the error's name, and the lab's words around it. */
const MESSAGE_CHARS = LAB_LIMITS.maxMessageChars + 500;

const error = objectPart<LabError>({
  kind: oneOfPart('compile', 'sql', 'runtime', 'output-limit', 'memory', 'time'),
  message: textPart(MESSAGE_CHARS),
  line,
  column: line,
});

/** "(line cut at 1000 characters)" after a cut line. */
const OUTPUT_LINE_CHARS = LAB_LIMITS.maxLineChars + 100;

const run = objectPart<LabRun>({
  output: listPart(textPart(OUTPUT_LINE_CHARS), LAB_LIMITS.maxOutputLines),
  steps: listPart(step, LAB_LIMITS.maxSteps),
  stepsRan: whole,
  statements: listPart(textPart(LAB_LIMITS.maxSqlChars + 1), LAB_LIMITS.maxStatements),
  error: nullablePart(error),
});

/** The lab worker's replies, as the page accepts them. */
export const labResponsePart: MessagePart<LabResponse> = taggedPart<LabResponse>('type', {
  ready: objectPart<{ type: 'ready' }>({ type: oneOfPart('ready') }),
  ran: objectPart<{ type: 'ran'; run: LabRun; ms: number }>({
    type: oneOfPart('ran'),
    run,
    ms: numberPart(),
  }),
  console: objectPart<{ type: 'console'; result: ScriptResult | null }>({
    type: oneOfPart('console'),
    result: nullablePart(scriptResultPart),
  }),
});

/** A run's progress report: how many calls so far. */
export const labProgressPart: MessagePart<LabRunProgress> = objectPart<LabRunProgress>({
  calls: whole,
});

/**
 * One reply's bounds: every text of a run together (printed lines, statements, steps' SQL and
 * values, snapshots, an error) within the harness's own totals, plus room; and its bytes, read
 * before a byte is decoded, at most 4 MiB.
 */
export const LAB_REPLY_BOUNDS: MessageBounds = {
  maxBytes: 4 * 1024 * 1024,
  maxChars:
    LAB_LIMITS.maxOutputChars +
    LAB_LIMITS.maxOutputLines * 100 +
    LAB_LIMITS.maxStatementChars +
    LAB_LIMITS.maxStepChars +
    LAB_LIMITS.maxSnapshotChars +
    MESSAGE_CHARS +
    50_000,
};
