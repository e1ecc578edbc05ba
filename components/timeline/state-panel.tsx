import { stateLines, type Scenario, type TimelineSnapshot, type Vocabulary } from '@/lib/timeline';

/**
 * The row state and every target after the current step. Every line is the explainer's
 * (lib/lease), in the scenario's words; a scenario without a gateway shows none.
 */
export function StatePanel({
  snapshot,
  scenario,
  reportStore = false,
  vocabulary = { token: 'fence', fenced: true },
}: {
  snapshot: TimelineSnapshot;
  scenario: Scenario;
  /** Whether the design keeps its own report reference (shown when the scenario writes to it). */
  reportStore?: boolean;
  /** The scenario's words: its token's name, and no token at all in a design without a fence. */
  vocabulary?: Vocabulary;
}) {
  const { run } = snapshot;
  const lines = stateLines(snapshot, scenario, vocabulary, reportStore);
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <section aria-label="Run row" className="rounded-md border border-line p-3">
        <h3 className="font-semibold">Run row at t={snapshot.now}</h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
          <dt>owner</dt>
          <dd>{run.owner || '(nobody)'}</dd>
          {vocabulary.fenced ? (
            <>
              <dt>{vocabulary.token}</dt>
              <dd>{run.fence}</dd>
            </>
          ) : null}
          <dt>lease_until</dt>
          <dd>{run.leaseUntil}</dd>
          <dt>status</dt>
          <dd>{run.status}</dd>
          <dt>draft</dt>
          <dd>{lines.draft}</dd>
        </dl>
      </section>
      <section aria-label="Workers" className="rounded-md border border-line p-3">
        <h3 className="font-semibold">Workers</h3>
        <ul className="mt-1 space-y-0.5 text-xs">
          {lines.workers.map((line, i) => (
            <li key={snapshot.workers[i]?.id ?? i}>{line}</li>
          ))}
        </ul>
      </section>
      <section
        aria-label="Remote targets"
        className="rounded-md border border-line p-3 sm:col-span-2"
      >
        <h3 className="font-semibold">Remote targets</h3>
        <ul className="mt-1 space-y-0.5 text-xs">
          {lines.remote.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
