import { STEP_ACTION, toTimelineScenario, type Counterexample } from '@/lib/checker';
import { scenarioLink } from '@/lib/timeline';

const PROPERTY_TEXT: Record<number, string> = {
  1: 'After a newer claim succeeds, no write of an older generation may land at any protected target.',
  2: 'Fence values only grow, and two claims never share a token.',
  3: 'A run in a final state is never claimed again.',
  4: 'At most one finish per run succeeds.',
};

/** The shortest violating schedule, step by step, ending at the step that breaks the property. */
export function CounterexampleView({
  counterexample,
  designName,
}: {
  counterexample: Counterexample;
  designName: string;
}) {
  const { steps, violation } = counterexample;
  const replay = toTimelineScenario(counterexample, designName);
  return (
    <figure className="grid min-w-0 gap-2 *:min-w-0">
      <figcaption className="text-sm">
        <span className="font-semibold">Counterexample.</span> Property {violation.property}:{' '}
        {PROPERTY_TEXT[violation.property]}
      </figcaption>
      {/* Focusable so a keyboard user can scroll it on a narrow screen. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Counterexample steps">
        <table className="w-full border-collapse text-left text-sm">
          <thead>
            <tr className="border-b border-line text-muted">
              <th scope="col" className="py-1 pr-2">
                Step
              </th>
              <th scope="col" className="py-1 pr-2">
                Worker
              </th>
              <th scope="col" className="py-1 pr-2">
                Clock
              </th>
              <th scope="col" className="py-1 pr-2">
                Token
              </th>
              <th scope="col" className="py-1">
                What happens
              </th>
            </tr>
          </thead>
          <tbody>
            {steps.map((s, i) => {
              const last = i === steps.length - 1;
              return (
                <tr
                  key={i}
                  className={`border-b border-line ${last ? 'font-semibold text-bad' : ''}`}
                >
                  <td className="py-1 pr-2">{i + 1}</td>
                  <td className="py-1 pr-2">{s.label}</td>
                  <td className="py-1 pr-2">{s.now}</td>
                  <td className="py-1 pr-2">{s.token || '–'}</td>
                  <td className="py-1">
                    {STEP_ACTION[s.kind]}: {s.outcome}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="text-sm font-semibold text-bad">{violation.message}</p>
      {replay.ok ? (
        <p className="text-sm">
          <a className="font-semibold text-accent underline" href={scenarioLink(replay.scenario)}>
            Open in the timeline
          </a>{' '}
          <span className="text-muted">
            to replay it step by step with the same SQL
            {replay.omitted > 0
              ? ' (gateway calls left out: they change neither the run row nor the report)'
              : ''}
            .
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted">Not replayable in the timeline: {replay.reason}</p>
      )}
    </figure>
  );
}
