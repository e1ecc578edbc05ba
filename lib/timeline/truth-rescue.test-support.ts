import { columnValue, RUN_COLUMNS, type RowState, type RunColumn } from '@/lib/lease';
import type { Check, WriteAtStep } from './truth-state.test-support';

/*
 * The truth test's facts about a rescuer's re-queue (test support): what it says the rescuer
 * read and what the row holds now must agree with the trace, and a re-queue names a property
 * exactly when it reopened a finished run or took the run from a newer claim than it read.
 */

type Row = WriteAtStep['before']['run'];

const value = (f: string, run: Row): string | number | undefined =>
  (RUN_COLUMNS as readonly string[]).includes(f)
    ? (columnValue(f as RunColumn, run as Partial<RowState>) ?? 'none')
    : undefined;

/** Each "the X is now, the rescuer read then" and "X changed since the read" against the read and the row. */
export const rescueFacts: Check = (w, { sentence, verdict }, tok) => {
  if (w.event.kind !== 'rescue') return [];
  const p: string[] = [];
  const field = (name: string) => (name === tok ? 'fence' : name.split(' ')[0]);
  const read = w.read;
  for (const m of verdict.matchAll(/(owner|lease end|status|[^,:]+?) changed since the read/g)) {
    const f = field(m[1].trim());
    if (!read || value(f, read.run) === undefined)
      p.push(`says ${m[1]} changed since the read, with no read to compare`);
    else if (value(f, read.run) === value(f, w.before.run))
      p.push(`says ${m[1]} changed since the read; it is ${value(f, w.before.run)} as read`);
  }
  for (const m of sentence.matchAll(
    /the (owner|lease end|status|\S+) is (\S+), the rescuer read (\S+?)(?=[;.,]|$)/g,
  )) {
    const f = field(m[1]);
    const now = m[2] === '(nobody)' ? '' : m[2];
    const then = m[3] === '(nobody)' ? '' : m[3];
    if (!read || value(f, read.run) === undefined) continue;
    if (String(value(f, w.before.run)) !== now || String(value(f, read.run)) !== then)
      p.push(
        `says the ${m[1]} is ${m[2]} and was read as ${m[3]}; the row has ${value(f, w.before.run)}, the read ${value(f, read.run)}`,
      );
  }
  if (/queued again/.test(sentence) && w.after.run.status !== 'queued')
    p.push(`says the run is queued again; the row says ${w.after.run.status}`);
  return p;
};

/** A re-queue that landed names a property exactly when it reopened a final run or undid a newer claim. */
export function rescueProperty(w: WriteAtStep, victim: string | undefined): string[] {
  const before = w.before.run;
  const final = ['done', 'canceled', 'failed'].includes(before.status);
  const newer = w.read !== null && w.read.run.fence < before.fence;
  const said = /This breaks property/.test(w.effect.explanation);
  if ((final || newer) && !said)
    return [
      `a re-queue landed on a run ${final ? `that was ${before.status}` : 'claimed since the read'}, and no property is named`,
    ];
  if (!final && !newer && said)
    return ['names a property for a re-queue of the run as it was read'];
  const expected = final ? before.owner : w.held.holder;
  if (said && (victim ?? null) !== (expected || null))
    return [`names ${victim ?? 'no one'} the victim; expected ${expected || 'no one'}`];
  return [];
}
