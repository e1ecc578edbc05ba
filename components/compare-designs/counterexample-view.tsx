import { STEP_ACTION, toTimelineScenario, type Counterexample } from '@/lib/checker';
import { PROPERTY_WORDS } from '@/lib/lease';
import { scenarioLink } from '@/lib/timeline';
import { Cell, Row, Table } from '@/components/ui/table';

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
        {PROPERTY_WORDS[violation.property].rule}
      </figcaption>
      <Table
        label="Counterexample steps"
        region="Counterexample steps"
        columns={['Step', 'Worker', 'Clock', 'Token', 'What happens']}
      >
        {steps.map((s, i) => (
          <Row key={i} className={i === steps.length - 1 ? 'font-semibold text-bad' : ''}>
            <Cell>{i + 1}</Cell>
            <Cell>{s.label}</Cell>
            <Cell>{s.now}</Cell>
            <Cell>{s.token || '–'}</Cell>
            <Cell>
              {STEP_ACTION[s.kind]}: {s.outcome}
            </Cell>
          </Row>
        ))}
      </Table>
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
