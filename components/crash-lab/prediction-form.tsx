'use client';

import { CRASH_PREDICTION } from '@/content/crash-lab';
import { STEPS, type CrashPrediction, type Step } from '@/lib/crashlab';

/** The prediction being filled in: receipts null until chosen (then it is a prediction). */
export interface PredictionDraft {
  again: readonly Step[];
  receipts: number | null;
}

export const EMPTY_DRAFT: PredictionDraft = { again: [], receipts: null };

/** The draft as a prediction, once the receipts are chosen. */
export const draftPrediction = (draft: PredictionDraft): CrashPrediction | null =>
  draft.receipts === null ? null : { again: draft.again, receipts: draft.receipts };

const RECEIPTS = [0, 1, 2];

/**
 * Before a worker with a fault starts: which steps two workers will start, and the run's
 * receipts. It goes with the worker when Start is pressed and cannot change after.
 */
export function PredictionForm({
  draft,
  onChange,
}: {
  draft: PredictionDraft;
  onChange: (next: PredictionDraft) => void;
}) {
  const text = CRASH_PREDICTION;
  const toggle = (step: Step, on: boolean) =>
    onChange({
      ...draft,
      again: STEPS.filter((s) => (s === step ? on : draft.again.includes(s))),
    });
  return (
    <fieldset className="mt-3 rounded-md border border-accent px-3 py-2 text-sm">
      <legend className="px-1 font-semibold">{text.legend}</legend>
      <p>{text.setting}</p>
      <div role="group" aria-label={text.againQuestion} className="mt-2">
        <p className="font-semibold">{text.againQuestion}</p>
        <div className="flex flex-wrap gap-3">
          {STEPS.map((step) => (
            <label key={step} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={draft.again.includes(step)}
                onChange={(e) => toggle(step, e.target.checked)}
              />
              {step}
            </label>
          ))}
        </div>
        <p className="text-muted">{text.againNone}</p>
      </div>
      <div role="radiogroup" aria-label={text.receiptsQuestion} className="mt-2">
        <p className="font-semibold">{text.receiptsQuestion}</p>
        <div className="flex flex-wrap gap-3">
          {RECEIPTS.map((n) => (
            <label key={n} className="flex items-center gap-1">
              <input
                type="radio"
                name="predicted-receipts"
                checked={draft.receipts === n}
                onChange={() => onChange({ ...draft, receipts: n })}
              />
              {n}
            </label>
          ))}
        </div>
      </div>
      {draft.receipts === null ? <p className="mt-2 text-muted">{text.unpredicted}</p> : null}
    </fieldset>
  );
}
