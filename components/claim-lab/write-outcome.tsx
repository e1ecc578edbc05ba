import type { StepOutcome } from '@/lib/claim-lab';

/** One write's outcome in the four words of the lesson, with the rulebook's sentence about it. */
export function WriteOutcome({ outcome }: { outcome: StepOutcome }) {
  const { decision, sentence } = outcome;
  const kind = decision.outcome.caller;
  // Only a write that landed for its rightful holder is coloured as a success. A stale write
  // that lands is what the drop-one challenge asks for, so it is not red either: the words say it.
  const rightful = kind === 'applied' && decision.violation === null;
  return (
    <span data-testid="write-outcome" data-outcome={kind}>
      <span className={`font-bold ${rightful ? 'text-good' : 'text-ink'}`}>Outcome: {kind}</span>{' '}
      <span>({sentence})</span>
    </span>
  );
}
