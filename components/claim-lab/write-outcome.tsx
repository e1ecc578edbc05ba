import type { StepOutcome } from '@/lib/claim-lab/outcomes';

// The rulebook's condition names in the jobs table's own SQL, as the program writes them.
const CONDITION_SQL: Record<string, string> = {
  owner: 'owner = $owner',
  fence: 'fence = $token',
  lease: 'until > $now',
  status: "state = 'running'",
};

const WRITE_NAME = { claim: 'claim', renew: 'renewal', finish: 'finish' } as const;

const list = (names: readonly string[]) => names.map((n) => CONDITION_SQL[n] ?? n).join(' and ');

/** One write's outcome in the four words of the lesson, with the condition behind it. */
export function WriteOutcome({ outcome }: { outcome: StepOutcome }) {
  const { kind, notHeld, write } = outcome;
  // Colours follow what the learner should take away: a stale write that lands is the bug.
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
          : 'another worker’s lease is still running'
        : notHeld.length > 0
          ? `${list(notHeld)} did not hold, so 0 rows changed`
          : '0 rows changed, though every lesson condition held: check the WHERE';
  else if (kind === 'duplicate')
    detail = `0 rows changed, and not a refusal: this holder’s own ${WRITE_NAME[write]} already landed`;
  else detail = 'the caller cannot tell what happened';
  return (
    <span data-testid="write-outcome" data-outcome={kind}>
      <span
        className={`font-bold ${stale ? 'text-bad' : kind === 'applied' ? 'text-good' : 'text-ink'}`}
      >
        Outcome: {kind}
      </span>{' '}
      <span>({detail})</span>
    </span>
  );
}
