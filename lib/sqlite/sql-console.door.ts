import {
  booleanPart,
  eitherPart,
  listPart,
  nullablePart,
  numberPart,
  objectPart,
  oneOfPart,
  PAGE_BOUNDS,
  taggedPart,
  textPart,
  type MessageBounds,
  type MessagePart,
  type ShownOf,
} from '@/lib/bounded';
import { CONSOLE_LIMITS, type ResultCell, type ResultGrid, type ScriptResult } from './console';
import type { ConsoleResponse } from './sql-console.protocol';

/*
 * What the page accepts of a console run from a worker (issue 41): the SQL console's and the
 * claim lab's console, whose worker may have run a learner's program. runScript cuts to
 * CONSOLE_LIMITS in the worker; the page checks the same bounds again with lib/bounded's door,
 * since a program may have replaced the built-ins that cut. "+ 1" is the "…" of a cut text.
 */

const whole = numberPart(true);
/** SQLite's message, cut by showMessage: its bound and the "(Shown N of M characters.)" after it. */
const MESSAGE_CHARS = PAGE_BOUNDS.messageChars + 100;

/** A count the page shows as "Shown N of M". */
export const shownOfPart: MessagePart<ShownOf> = objectPart<ShownOf>({
  shown: whole,
  total: whole,
  atLeast: booleanPart,
});

const cell: MessagePart<ResultCell> = eitherPart(
  textPart(CONSOLE_LIMITS.maxCellChars + 1),
  nullablePart(numberPart()),
);

const grid = objectPart<ResultGrid>({
  sql: textPart(CONSOLE_LIMITS.maxSqlChars + 1),
  columns: listPart(textPart(CONSOLE_LIMITS.maxColumnNameChars + 1), CONSOLE_LIMITS.maxColumns),
  rows: listPart(listPart(cell, CONSOLE_LIMITS.maxColumns), CONSOLE_LIMITS.maxRowsPerGrid),
  changed: whole,
  truncated: booleanPart,
  rowsShown: shownOfPart,
  columnsShown: shownOfPart,
  charsShown: shownOfPart,
  namesShown: shownOfPart,
});

/** One console run's result, as runScript makes it. */
export const scriptResultPart: MessagePart<ScriptResult> = objectPart<ScriptResult>({
  grids: listPart(grid, CONSOLE_LIMITS.maxGrids),
  statements: whole,
  error: nullablePart(objectPart({ message: textPart(MESSAGE_CHARS), line: whole })),
});

/** A console run's reply: its grids' texts and the captions, with room for the envelope. */
export const CONSOLE_REPLY_BOUNDS: MessageBounds = {
  maxBytes: 2 * 1024 * 1024,
  maxChars:
    CONSOLE_LIMITS.maxTotalChars +
    CONSOLE_LIMITS.maxGrids * (CONSOLE_LIMITS.maxSqlChars + 1) +
    MESSAGE_CHARS +
    1_000,
};

/** The SQL console worker's replies, as the page accepts them. */
export const consoleResponsePart: MessagePart<ConsoleResponse> = taggedPart<ConsoleResponse>(
  'type',
  {
    ran: objectPart<{ type: 'ran'; result: ScriptResult; ms: number }>({
      type: oneOfPart('ran'),
      result: scriptResultPart,
      ms: numberPart(),
    }),
    reset: objectPart<{ type: 'reset'; error: string | null }>({
      type: oneOfPart('reset'),
      error: nullablePart(textPart(MESSAGE_CHARS)),
    }),
  },
);
