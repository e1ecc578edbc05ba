import type { CheckName, Vocabulary, WriteDecision } from './decision';
import { explained, type Explained } from './explained';
import { tokenText, WRITE_NOUNS } from './explain-words';

/*
 * The cause of a refusal that is not about the writer's authority: a rightful holder refused
 * because an earlier write changed the row under it (another holder's stale finish made the run
 * done). The engine finds that earlier write's decision; this names it.
 */

/** The run-row column a failing check reads, and the value it found there. */
const COLUMN_OF: Partial<Record<CheckName, 'status' | 'leaseUntil'>> = {
  status: 'status',
  claimable: 'status',
};

/** Whether `earlier` is the write that left the row as the refused write `d` found it. */
export function causedRefusal(d: WriteDecision, earlier: WriteDecision): boolean {
  const column = d.checks
    .filter((c) => !c.held)
    .map((c) => COLUMN_OF[c.name])
    .find((c) => c !== undefined);
  if (!column || !d.before || !earlier.before || !earlier.after) return false;
  if (earlier.outcome.database !== 'applied') return false;
  // Another holder's write (or another claim's, under the same name): not the writer's own.
  const own =
    earlier.writer === d.writer && (earlier.holds ?? earlier.token) === (d.holds ?? d.token);
  if (own) return false;
  return (
    earlier.after[column] === d.before[column] && earlier.before[column] !== earlier.after[column]
  );
}

/**
 * "B's finish is refused because A's stale finish (fence 1) made the run done at 7, though B
 * holds the run": for a write refused while its writer holds the run, the earlier write that
 * changed what the refusing check reads.
 */
export function explainCause(d: WriteDecision, earlier: WriteDecision, v: Vocabulary): Explained {
  const stale = earlier.violation?.kind === 'stale-write' ? 'stale ' : '';
  const token = v.fenced && earlier.token !== null ? ` (${tokenText(v, earlier.token)})` : '';
  const by =
    earlier.writer === d.writer ? `${d.writer}'s own earlier` : `${earlier.writer}'s ${stale}`;
  return explained(
    `The cause: ${by}${WRITE_NOUNS[earlier.kind]}${token} made the run ${earlier.after?.status} at ${earlier.at}, so ${d.writer}'s ${WRITE_NOUNS[d.kind]} finds it ${d.before?.status}.`,
  );
}
