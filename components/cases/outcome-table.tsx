import { Cell, Row, Table } from '@/components/ui/table';
import { describeEvent, type Scenario, type Trace } from '@/lib/timeline';

/** After the run: the four-valued outcome of every write, as the store and as the caller saw it. */
export function OutcomeTable({ scenario, trace }: { scenario: Scenario; trace: Trace }) {
  return (
    <Table
      caption="The outcome of every write"
      captionStyle="title"
      columns={['Write', 'Outcome', 'Why']}
    >
      {trace.writes.map((w) => {
        const outcome = { database: w.database, caller: w.outcome };
        return (
          <Row key={w.eventId}>
            <Cell>
              #{w.eventIndex + 1} {describeEvent(scenario.events[w.eventIndex])}
            </Cell>
            <Cell className="font-semibold" data-outcome={outcome.database}>
              {outcome.database}
              {outcome.caller !== outcome.database ? ` (caller: ${outcome.caller})` : ''}
            </Cell>
            <Cell className="text-muted">{w.explanation}</Cell>
          </Row>
        );
      })}
    </Table>
  );
}
