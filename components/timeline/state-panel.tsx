import type { StepView } from '@/lib/timeline';

/**
 * The run row (every column a condition of the scenario compares) and every target after the
 * current step, from the step's view: every line is the explainer's, in the scenario's words; a
 * scenario without a gateway shows none.
 */
export function StatePanel({ view }: { view: StepView }) {
  return (
    <div className="grid gap-3 text-sm sm:grid-cols-2">
      <section aria-label="Run row" className="rounded-md border border-line p-3">
        <h3 className="font-semibold">Run row at t={view.rowAt}</h3>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 font-mono text-xs">
          {view.runRow.map((cell) => (
            <div key={cell.column} className="contents">
              <dt>{cell.column}</dt>
              <dd>{cell.value}</dd>
            </div>
          ))}
          <dt>draft</dt>
          <dd>{view.state.draft}</dd>
        </dl>
      </section>
      <section aria-label="Workers" className="rounded-md border border-line p-3">
        <h3 className="font-semibold">Workers</h3>
        <ul className="mt-1 space-y-0.5 text-xs">
          {view.state.workers.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section
        aria-label="Remote targets"
        className="rounded-md border border-line p-3 sm:col-span-2"
      >
        <h3 className="font-semibold">Remote targets</h3>
        <ul className="mt-1 space-y-0.5 text-xs">
          {view.state.remote.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** The rules of the checks that decided the current step's write, the failing one first. */
export function RulePanel({ view }: { view: StepView }) {
  if (view.rules.length === 0) return null;
  return (
    <section aria-label="The rule" className="rounded-md border border-line p-3 text-sm">
      <h3 className="font-semibold">The rule</h3>
      <ul className="mt-1 ml-4 list-disc space-y-0.5">
        {view.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
    </section>
  );
}
