import { describeEvent, runRowLine, summarizeVerdict, type Trace } from '@/lib/timeline';

/**
 * The accessible view of the trace: one row per event, with the verdict, its reason and the run
 * row after it. Rows after the current position are listed without their outcome.
 */
export function TraceTable({ trace, position }: { trace: Trace; position: number }) {
  return (
    <div tabIndex={0} role="region" aria-label="Trace table" className="overflow-x-auto">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption className="sr-only">Events of the scenario with their outcomes</caption>
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="px-2 py-1.5">
              #
            </th>
            <th scope="col" className="px-2 py-1.5">
              Time
            </th>
            <th scope="col" className="px-2 py-1.5">
              Event
            </th>
            <th scope="col" className="px-2 py-1.5">
              Outcome
            </th>
            <th scope="col" className="px-2 py-1.5">
              Why
            </th>
            <th scope="col" className="px-2 py-1.5">
              Run row after
            </th>
          </tr>
        </thead>
        <tbody>
          {trace.steps.map((step) => {
            const shown = step.index <= position;
            const write = step.effects.find((e) => e.kind === 'write');
            const noteText = step.effects.find((e) => e.kind === 'note');
            const run = step.after.run;
            return (
              <tr
                key={step.event.id}
                aria-current={step.index === position ? 'step' : undefined}
                className={`border-b border-line align-top ${step.index === position ? 'bg-surface-2 font-medium' : ''}`}
              >
                <td className="px-2 py-1.5 font-mono">{step.index + 1}</td>
                <td className="px-2 py-1.5 font-mono">{step.at}</td>
                <td className="px-2 py-1.5">{describeEvent(step.event)}</td>
                <td className="px-2 py-1.5">
                  {!shown ? (
                    <span className="text-muted">not run yet</span>
                  ) : write && write.kind === 'write' ? (
                    <span className={write.outcome === 'refused' ? 'text-bad' : 'text-good'}>
                      {write.outcome === 'refused' ? '✗ ' : '✓ '}
                      {summarizeVerdict(write)}
                    </span>
                  ) : (
                    <span className="text-muted">no write</span>
                  )}
                </td>
                <td className="px-2 py-1.5">
                  {shown
                    ? write && write.kind === 'write'
                      ? write.explanation
                      : noteText?.kind === 'note'
                        ? noteText.text
                        : ''
                    : ''}
                </td>
                <td className="px-2 py-1.5 font-mono text-xs">
                  {shown ? runRowLine(run, trace.vocabulary) : ''}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
