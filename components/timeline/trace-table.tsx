import { Cell, Row, Table } from '@/components/ui/table';
import { stepView, type Scenario, type StepView, type Trace } from '@/lib/timeline';
import { TONE_TEXT } from './timeline-marks';

/**
 * The accessible view of the trace: one row per event, with the verdict, its reason and the run
 * row after it, each from the step's view (lib/timeline's stepView). Rows after the current
 * position are listed without their outcome.
 */
export function TraceTable({
  trace,
  scenario,
  position,
}: {
  trace: Trace;
  scenario: Scenario;
  position: number;
}) {
  return (
    <Table
      region="Trace table"
      label="Events of the scenario with their outcomes"
      tableClassName="min-w-[40rem]"
      columns={['#', 'Time', 'Event', 'Outcome', 'Why', 'Run row after']}
    >
      {trace.steps.map((step) => (
        <TraceRow
          key={step.event.id}
          view={stepView(trace, scenario, step.index)}
          shown={step.index <= position}
          current={step.index === position}
        />
      ))}
    </Table>
  );
}

/** One step of the trace table: its event, and once shown its outcome, reason and run row. */
export function TraceRow({
  view,
  shown,
  current,
}: {
  view: StepView;
  shown: boolean;
  current: boolean;
}) {
  return (
    <Row
      aria-current={current ? 'step' : undefined}
      className={current ? 'bg-surface-2 font-medium' : ''}
    >
      <Cell className="font-mono">{view.index + 1}</Cell>
      <Cell className="font-mono">{view.at}</Cell>
      <Cell>{view.event}</Cell>
      <Cell>
        {!shown ? (
          <span className="text-muted">not run yet</span>
        ) : view.outcome && view.verdict ? (
          <span className={TONE_TEXT[view.outcome.tone]}>
            {view.outcome.glyph} {view.verdict}
          </span>
        ) : (
          <span className="text-muted">no write</span>
        )}
      </Cell>
      <Cell>{shown ? view.line : ''}</Cell>
      <Cell className="font-mono text-xs">{shown ? view.runRowLine : ''}</Cell>
    </Row>
  );
}
