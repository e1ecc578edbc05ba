'use client';

import { Button } from '@/components/ui/button';
import type { Evaluation } from '@/lib/crashlab';

/** The same checks as `npm run lab -- evaluate`, each with the evidence from both databases. */
export function EvaluatePanel({
  evaluation,
  disabled,
  onEvaluate,
}: {
  evaluation: Evaluation | null;
  disabled: boolean;
  onEvaluate: () => void;
}) {
  const failed = evaluation?.checks.filter((c) => !c.passed) ?? [];
  return (
    <div>
      <Button variant="primary" disabled={disabled} onClick={onEvaluate}>
        Evaluate
      </Button>
      <div role="status" aria-live="polite" className="mt-3">
        {evaluation ? (
          <p className={`font-semibold ${evaluation.passed ? '' : 'text-bad'}`}>
            {evaluation.passed
              ? `All ${evaluation.checks.length} checks passed.`
              : `Failed: ${failed.map((c) => c.id).join(', ')}.`}
          </p>
        ) : null}
      </div>
      {evaluation ? (
        <ul className="mt-2 grid gap-2 text-sm">
          {evaluation.checks.map((c) => (
            <li
              key={c.id}
              className={`rounded-md border px-3 py-2 ${c.passed ? 'border-line' : 'border-bad'}`}
            >
              <span className={`font-bold ${c.passed ? '' : 'text-bad'}`}>
                {c.passed ? 'PASS' : 'FAIL'}
              </span>{' '}
              {c.title}
              <span className="block text-muted">{c.evidence}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
