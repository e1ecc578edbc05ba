import { Panel } from '@/components/ui/panel';
import type { Scenario } from '@/lib/timeline';

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
 * away): a library scenario's explanation and takeaway, or a built one's explanation.
 */
export function ScenarioExplanation({
  scenario,
  takeaway,
}: {
  scenario: Scenario;
  takeaway?: string;
}) {
  if (!scenario.explanation) return null;
  return (
    <Panel as="section" tone="plain" aria-labelledby="explain-heading">
      <h2 id="explain-heading" className="text-lg font-semibold">
        What this scenario shows
      </h2>
      <p className="mt-1 whitespace-pre-line">{scenario.explanation}</p>
      {takeaway ? <p className="mt-2 font-semibold">{takeaway}</p> : null}
    </Panel>
  );
}
