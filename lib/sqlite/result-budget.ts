import type { SqlRow } from './driver';

/*
 * What one call may bring back from SQLite into the worker's JavaScript heap (issue 42 review,
 * F6). sql.js reads every row a query returns into JavaScript values; a query whose rows do not
 * end (a million rows of 20,000 characters, 300 blobs of 9 MB) filled the claim lab's worker
 * until the page's watchdog ended it, and on a fast machine a worker that fills V8's heap takes
 * the tab with it (docs/security.md, section 8). So the rows are read one at a time and counted,
 * and the call stops once they hold more than its budget.
 */

/** A call's rows held more than `maxBytes` (as JavaScript holds them); nothing more was read. */
export class ResultTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The rows held more than ${maxBytes} bytes.`);
    this.name = 'ResultTooLarge';
  }
}

/** Bytes counted for each cell besides its value: its name's slot and the value's header. */
const CELL_BYTES = 16;

/**
 * The bytes one row takes as JavaScript holds it, counted the same way every time: two a
 * character of text (names too), a blob's length, eight a number, and CELL_BYTES a cell.
 */
export function rowBytes(row: SqlRow): number {
  let bytes = 0;
  for (const name in row) {
    const value = row[name];
    bytes += CELL_BYTES + name.length * 2;
    bytes +=
      typeof value === 'string' ? value.length * 2 : value instanceof Uint8Array ? value.length : 8;
  }
  return bytes;
}
