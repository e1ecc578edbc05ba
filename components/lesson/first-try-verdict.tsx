import type { ReactNode } from 'react';
import type { GradedAnswer } from '@/lib/lesson';

/**
 * The verdict under a graded answer scored on its first try (a quiz statement, a foundation's
 * question): right or not, and right on its review when a wrong first try was answered right on
 * its review (lib/progress then counts it), the tries after it, and the explanation once its key
 * has loaded.
 */
export function FirstTryVerdict({
  answer,
  passedOnReview = false,
  verdict,
  explanation,
  failed,
}: {
  answer: GradedAnswer | undefined;
  /** A wrong first try, then right on its review: lib/progress's result passed. */
  passedOnReview?: boolean;
  /** What the key says (": the statement is true."), or '.' until it has loaded. */
  verdict: string;
  /** The explanation: undefined while the key loads, null when it could not be loaded. */
  explanation: ReactNode | null | undefined;
  /** The answer could not be checked at all. */
  failed: boolean;
}) {
  const reviewed = Boolean(answer && !answer.correct && passedOnReview);
  return (
    <div role="status" className="mt-3">
      {answer ? (
        <div className="border-l-4 border-accent pl-4">
          <p className={`font-bold ${answer.correct || reviewed ? 'text-good' : 'text-bad'}`}>
            {answer.correct
              ? 'Right on the first try'
              : reviewed
                ? 'Wrong on the first try, right on review'
                : 'Not quite on the first try'}
            {verdict}
          </p>
          {answer.tries > 1 ? (
            <p className="text-sm">
              Answered again {answer.tries - 1} {answer.tries === 2 ? 'time' : 'times'}; latest{' '}
              {answer.lastCorrect ? 'right' : 'wrong'}. Only the first try is scored, or a right
              answer on its review a day after a wrong one.
            </p>
          ) : null}
          {explanation === null ? (
            <p className="mt-1 text-bad">
              The explanation could not be loaded. Reload to try again.
            </p>
          ) : explanation === undefined ? (
            <p className="mt-1 text-muted">Loading the explanation…</p>
          ) : (
            explanation
          )}
        </div>
      ) : failed ? (
        <p className="text-bad">The answer could not be checked. Reload to try again.</p>
      ) : null}
    </div>
  );
}
