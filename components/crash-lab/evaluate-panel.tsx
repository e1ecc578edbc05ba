'use client';

import { Button } from '@/components/ui/button';
import { evaluationCounts, LAB_PROPERTIES, type Evaluation } from '@/lib/crashlab';

/** The same properties as `npm run lab -- evaluate`, each with its violations. */
export function EvaluatePanel({
  evaluation,
  disabled,
  onEvaluate,
}: {
  evaluation: Evaluation | null;
  disabled: boolean;
  onEvaluate: () => void;
}) {
  const failed = LAB_PROPERTIES.filter((p) => evaluation && evaluation.counts[p] > 0);
  return (
    <div>
      <Button variant="primary" disabled={disabled} onClick={onEvaluate}>
        Evaluate
      </Button>
      <div role="status" aria-live="polite" className="mt-3">
        {evaluation ? (
          <p className={`font-semibold ${evaluation.passed ? '' : 'text-bad'}`}>
            {evaluation.passed
              ? `All ${LAB_PROPERTIES.length} properties hold.`
              : `Failed: ${failed.join(', ')}.`}{' '}
            {evaluationCounts(evaluation)}.
          </p>
        ) : null}
      </div>
      {evaluation ? (
        <ul className="mt-2 grid gap-2 text-sm">
          {LAB_PROPERTIES.map((property) => {
            const violations = evaluation.violations.filter((v) => v.property === property);
            const passed = violations.length === 0;
            return (
              <li
                key={property}
                className={`rounded-md border px-3 py-2 ${passed ? 'border-line' : 'border-bad'}`}
              >
                <span className={`font-bold ${passed ? '' : 'text-bad'}`}>
                  {passed ? 'PASS' : 'FAIL'}
                </span>{' '}
                {property}
                {violations.map((v, i) => (
                  <span key={i} className="block text-muted">
                    {v.message}
                  </span>
                ))}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
