import { Cell, Row, Table } from '@/components/ui/table';
import { describeEvent, runRowLine, summarizeVerdict, type Trace } from '@/lib/timeline';

/**
 * The accessible view of the trace: one row per event, with the verdict, its reason and the run
 * row after it. Rows after the current position are listed without their outcome.
 */
export function TraceTable({ trace, position }: { trace: Trace; position: number }) {
  return (
    <Table
      region="Trace table"
      label="Events of the scenario with their outcomes"
      tableClassName="min-w-[40rem]"
      columns={['#', 'Time', 'Event', 'Outcome', 'Why', 'Run row after']}
    >
      {trace.steps.map((step) => {
        const shown = step.index <= position;
        const write = step.effects.find((e) => e.kind === 'write');
        const noteText = step.effects.find((e) => e.kind === 'note');
        const run = step.after.run;
        return (
          <Row
            key={step.event.id}
            aria-current={step.index === position ? 'step' : undefined}
            className={step.index === position ? 'bg-surface-2 font-medium' : ''}
          >
            <Cell className="font-mono">{step.index + 1}</Cell>
            <Cell className="font-mono">{step.at}</Cell>
            <Cell>{describeEvent(step.event)}</Cell>
            <Cell>
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
            </Cell>
            <Cell>
              {shown
                ? write && write.kind === 'write'
                  ? write.explanation
                  : noteText?.kind === 'note'
                    ? noteText.text
                    : ''
                : ''}
            </Cell>
            <Cell className="font-mono text-xs">
              {shown ? runRowLine(run, trace.vocabulary) : ''}
            </Cell>
          </Row>
        );
      })}
    </Table>
  );
}
