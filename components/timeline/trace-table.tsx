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
      tableClassName="sm:min-w-[40rem]"
      stack
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

/*
 * On a phone the table is stacked (ui/table's `stack`): a row's number, time, event and outcome
 * share its first line, and its reason and run row each take the screen's width below, named
 * by a label drawn in CSS (so the cell's text is the same at every width). At 390 px the
 * sideways-scrolling table cut "Why" at the right edge (issue 39).
 */
const PHONE_ROW = 'max-sm:grid max-sm:grid-cols-[1.5rem_2rem_minmax(0,1fr)_minmax(0,1fr)]';
const PHONE_WIDE = 'max-sm:col-span-4 max-sm:empty:hidden break-words';
const PHONE_LABEL = {
  why: "max-sm:before:content-['Why:_'] max-sm:before:font-semibold",
  row: "max-sm:before:content-['Run_row_after:_'] max-sm:before:font-sans max-sm:before:font-semibold",
};

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
      role="row"
      aria-current={current ? 'step' : undefined}
      className={`${PHONE_ROW} ${current ? 'bg-surface-2 font-medium' : ''}`}
    >
      <Cell role="cell" className="font-mono">
        {view.index + 1}
      </Cell>
      <Cell role="cell" className="font-mono">
        {view.at}
      </Cell>
      <Cell role="cell">{view.event}</Cell>
      <Cell role="cell">
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
      <Cell role="cell" className={`${PHONE_WIDE} ${shown ? PHONE_LABEL.why : ''}`}>
        {shown ? view.line : ''}
      </Cell>
      <Cell
        role="cell"
        className={`font-mono text-xs ${PHONE_WIDE} ${shown ? PHONE_LABEL.row : ''}`}
      >
        {shown ? view.runRowLine : ''}
      </Cell>
    </Row>
  );
}
