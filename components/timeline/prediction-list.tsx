'use client';

import type { OutcomeKind } from '@/lib/lease';
import { SaveIndicator } from '@/components/ui/save-indicator';
import { usePredictionDraft } from '@/components/ui/use-prediction-draft';
import {
  scenarioEventLabel,
  predictsOutcome,
  type Predictions,
  type Scenario,
} from '@/lib/timeline';

/** "What happens to each write?": the four outcomes, not a judgement of what should happen. */
const CHOICES: { value: OutcomeKind; label: string }[] = [
  { value: 'applied', label: 'Applied' },
  { value: 'refused', label: 'Refused' },
  { value: 'duplicate', label: 'Duplicate' },
  { value: 'unknown', label: 'Unknown to the caller' },
];

/** Before running: the learner predicts what happens to each write. */
export function PredictionList({
  scenario,
  predictions,
  onPredict,
  locked,
  outcomeShown,
  draftKey,
}: {
  scenario: Scenario;
  predictions: Predictions;
  onPredict: (eventId: string, outcome: OutcomeKind) => void;
  /**
   * The predictions are final for this attempt: one of its outcomes has been on screen (stepping
   * back does not reopen them), or this is the scored attempt read back from the records. Each
   * step announces a write's outcome, and a prediction changed after seeing it would be a peek.
   */
  locked: boolean;
  /** Whether a step's outcome is on screen now: only then does the lock say why. */
  outcomeShown: boolean;
  /** Where choices not yet run are kept across navigation and reload (default: the scenario). */
  draftKey?: string;
}) {
  const sealed = locked;
  const writes = scenario.events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => predictsOutcome(event, scenario.targets));
  const draftState = usePredictionDraft(
    draftKey ?? `timeline:${scenario.id}`,
    predictions,
    (kept) => {
      for (const [eventId, outcome] of Object.entries(kept))
        if (
          writes.some(({ event }) => event.id === eventId) &&
          CHOICES.some((c) => c.value === outcome)
        )
          onPredict(eventId, outcome as OutcomeKind);
    },
    sealed,
  );
  if (writes.length === 0)
    return (
      <p className="text-muted">This scenario has no writes to predict. Add some in the builder.</p>
    );
  return (
    <div className="space-y-2">
      <ol className="space-y-2">
        {writes.map(({ event, index }) => (
          <li key={event.id}>
            <fieldset
              aria-describedby={event.note ? `note-${event.id}` : undefined}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-md border border-line px-3 py-2"
            >
              <legend className="sr-only">{scenarioEventLabel(scenario, event)}</legend>
              <span className="min-w-0 flex-1 basis-full text-sm sm:basis-48">
                <span aria-hidden="true">
                  <span className="mr-2 font-mono text-muted">#{index + 1}</span>
                  {scenarioEventLabel(scenario, event)}
                </span>
                {event.note ? (
                  <span id={`note-${event.id}`} className="block text-muted">
                    {event.note}
                  </span>
                ) : null}
              </span>
              {CHOICES.map((choice) => (
                <label key={choice.value} className="inline-flex items-center gap-1.5 text-sm">
                  <input
                    type="radio"
                    name={`predict-${event.id}`}
                    value={choice.value}
                    checked={predictions[event.id] === choice.value}
                    onChange={() => onPredict(event.id, choice.value)}
                    disabled={sealed}
                    className="h-4 w-4 accent-[var(--accent)]"
                  />
                  {choice.label}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ol>
      {sealed && outcomeShown ? (
        <p className="text-sm text-muted" data-testid="predictions-locked">
          Locked: an outcome is on screen, so these predictions are final for this run.
        </p>
      ) : null}
      {!sealed && Object.keys(predictions).length > 0 ? (
        <SaveIndicator state={draftState} idle="Your predictions are kept until you run it." />
      ) : null}
    </div>
  );
}
