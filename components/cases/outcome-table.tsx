import { describeEvent, type Scenario, type Trace } from '@/lib/timeline';

/** After the run: the four-valued outcome of every write, as the store and as the caller saw it. */
export function OutcomeTable({ scenario, trace }: { scenario: Scenario; trace: Trace }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="mb-2 text-left font-semibold">The outcome of every write</caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-1 pr-3">
            Write
          </th>
          <th scope="col" className="py-1 pr-3">
            Outcome
          </th>
          <th scope="col" className="py-1">
            Why
          </th>
        </tr>
      </thead>
      <tbody>
        {trace.writes.map((w) => {
          const outcome = { database: w.database, caller: w.outcome };
          return (
            <tr key={w.eventId} className="border-b border-line align-top">
              <td className="py-1 pr-3">
                #{w.eventIndex + 1} {describeEvent(scenario.events[w.eventIndex])}
              </td>
              <td className="py-1 pr-3 font-semibold" data-outcome={outcome.database}>
                {outcome.database}
                {outcome.caller !== outcome.database ? ` (caller: ${outcome.caller})` : ''}
              </td>
              <td className="py-1 text-muted">{w.explanation}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
