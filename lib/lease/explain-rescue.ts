import type { RowState, Vocabulary, WriteDecision } from './decision';
import { checkFact, list, withToken } from './explain-words';
import { FINAL_STATUSES } from './types';

/*
 * The explainer's sentence for a rescuer's re-queue (rescue.ts), from its decision: what it
 * compared with its read, and what the run had become since. explain.ts calls it.
 */

/** "running under B with fence 2", "queued". */
function rowText(row: RowState, v: Vocabulary): string {
  if (!row.owner) return row.status;
  return `${row.status} under ${row.owner}${withToken(v, row.fence)}`;
}

/** The sentence for a re-queue the rescuer sent (a read that showed no stuck run sends nothing). */
export function rescueSentence(d: WriteDecision, v: Vocabulary): string {
  const compared = d.checks.filter((c) => c.field);
  const facts = (held: boolean) =>
    compared.filter((c) => c.held === held).map((c) => checkFact(c, d, v));
  if (d.outcome.database !== 'applied')
    return `0 rows changed: ${d.writer}'s re-queue was refused: ${facts(false).join('; ') || 'it matched no row'}. The run changed since the read, and the write compared what was read.`;
  const { read, before } = d;
  const since = read && before ? ` (${rowText(read, v)} when read, ${rowText(before, v)} now)` : '';
  const finished = before && FINAL_STATUSES.includes(before.status);
  const again = `The run is queued again${finished ? ': its finished work will run a second time' : ''}.`;
  if (d.violation) {
    const checked = compared.length
      ? `compared only ${list(facts(true))}, and that held; the run had changed all the same`
      : 'checks nothing but the run id, so it lands on the run as it is now, not as it was read';
    return `1 row changed: ${d.writer}'s re-queue ${checked}${since}. ${again}`;
  }
  const as = compared.length ? `: ${list(facts(true))}` : '';
  return `1 row changed: the run was as ${d.writer} read it${as}. Its holder had let the lease run out, so the run is queued again for another worker to take over.`;
}
