import type { StepOutcome } from '@/lib/claim-lab';
import { COMMIT_CONDITIONS, conditionSql, JOBS_TABLE, type CommitCondition } from '@/lib/lease';

// The rulebook's condition in the jobs table's own SQL, as the program writes it.
const sqlOf = (name: string) =>
  (COMMIT_CONDITIONS as readonly string[]).includes(name)
    ? conditionSql(name as CommitCondition, JOBS_TABLE)
    : name;

const WRITE_NAME = { claim: 'claim', renew: 'renewal', finish: 'finish' } as const;

const list = (names: readonly string[]) => names.map(sqlOf).join(' and ');

/** One write's outcome in the four words of the lesson, with the condition behind it. */
export function WriteOutcome({ outcome }: { outcome: StepOutcome }) {
  const { kind, notHeld, write } = outcome;
  // Only a write that landed for its rightful holder is coloured as a success. A stale write
  // that lands is what the drop-one challenge asks for, so it is not red either: the words say it.
  const stale = kind === 'applied' && notHeld.length > 0;
  let detail: string;
  if (kind === 'applied')
    detail = stale
      ? `the ${WRITE_NAME[write]} landed although ${list(notHeld)} did not hold: a stale write got through`
      : `the ${WRITE_NAME[write]} took effect`;
  else if (kind === 'refused')
    detail =
      write === 'claim'
        ? notHeld.includes('status')
          ? 'the job is finished; a finished job is never claimed again'
          : 'the current holder’s lease has not run out'
        : notHeld.length > 0
          ? `${list(notHeld)} did not hold, so 0 rows changed`
          : '0 rows changed, though every lesson condition held: check the WHERE';
  else if (kind === 'duplicate')
    detail = `0 rows changed, and not a refusal: this holder’s own ${WRITE_NAME[write]} already landed`;
  else detail = 'the caller cannot tell what happened';
  return (
    <span data-testid="write-outcome" data-outcome={kind}>
      <span className={`font-bold ${kind === 'applied' && !stale ? 'text-good' : 'text-ink'}`}>
        Outcome: {kind}
      </span>{' '}
      <span>({detail})</span>
    </span>
  );
}
