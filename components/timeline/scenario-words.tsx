import { Panel } from '@/components/ui/panel';
import type { Scenario, StepView } from '@/lib/timeline';
import { TONE_TEXT } from './timeline-marks';

/** The notes written with a scenario (the builder's "Your notes"), shown before it runs. */
export function ScenarioNotes({ scenario }: { scenario: Scenario }) {
  if (!scenario.notes) return null;
  return (
    <Panel as="section" tone="plain" aria-labelledby="notes-heading">
      <h2 id="notes-heading" className="text-lg font-semibold">
        Notes
      </h2>
      <p className="mt-1 whitespace-pre-line">{scenario.notes}</p>
    </Panel>
  );
}

/**
 * What the scenario shows, read once it has run to the end (before, it would give the outcomes
 * away): a library scenario's explanation, the steps it turns on and its takeaway, or a built
 * one's explanation. What became of each write is the step's view, as in the trace table.
 */
export function ScenarioExplanation({
  scenario,
  steps = [],
  takeaway,
}: {
  scenario: Scenario;
  /** The views of the steps the scenario turns on. */
  steps?: readonly StepView[];
  takeaway?: string;
}) {
  if (!scenario.explanation) return null;
  return (
    <Panel as="section" tone="plain" aria-labelledby="explain-heading">
      <h2 id="explain-heading" className="text-lg font-semibold">
        What this scenario shows
      </h2>
      <p className="mt-1 whitespace-pre-line">{scenario.explanation}</p>
      {steps.length > 0 ? (
        <ol aria-label="The steps it turns on" className="mt-2 space-y-1 text-sm">
          {steps.map((v) => (
            <li key={v.index}>
              <span className="font-mono text-muted">t={v.at}</span> {v.event}
              {v.outcome && v.verdict ? (
                <span className={TONE_TEXT[v.outcome.tone]}>
                  {' '}
                  {v.outcome.glyph} {v.verdict}
                </span>
              ) : null}
              : {v.line}
            </li>
          ))}
        </ol>
      ) : null}
      {takeaway ? <p className="mt-2 font-semibold">{takeaway}</p> : null}
    </Panel>
  );
}
