import { memo, useMemo } from 'react';
import { shownLine } from '@/lib/bounded';
import type { LabStep } from '@/lib/claim-lab';
import { stepOutcomes } from '@/lib/claim-lab';
import { WriteOutcome } from './write-outcome';
import { Cell, Row, Table } from '@/components/ui/table';
import { ShownInBatches } from '@/components/ui/show-more';

/**
 * Steps drawn at first and per "Show more": a step is a table of up to 20 by 20 cells, and 200 of
 * them drawn at once were a 170-400 ms task; 20 render in about a tenth of that.
 */
const FIRST_STEPS = 10;
const STEPS_PER_BATCH = 20;

function shorten(text: string, max = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function show(value: unknown): string {
  if (value === null) return 'NULL';
  if (value instanceof Uint8Array) return `<${value.length} bytes>`;
  return value === '' ? "''" : String(value);
}

/**
 * The runs table after every statement that wrote, with the cells that just changed marked.
 * Memoised: typing in the editor beside it re-renders the lab on every change.
 */
export const StepList = memo(function StepList({
  steps,
  ran,
}: {
  /** The steps the run kept (the first LAB_LIMITS.maxSteps). */
  steps: readonly LabStep[];
  /** The steps the program took, kept or not (the run's own count). */
  ran: number;
}) {
  const outcomes = useMemo(() => stepOutcomes(steps), [steps]);
  if (steps.length === 0)
    return (
      <p className="text-sm text-muted">
        Run the program to see the runs table after each statement.
      </p>
    );
  return (
    <>
      <p className="mb-2 text-sm text-muted">
        Each claim, renewal and finish ends applied, refused or duplicate. The fourth outcome,
        unknown, needs a lost reply; here every db call returns its answer.
      </p>
      <ShownInBatches
        items={steps}
        of={Math.max(ran, steps.length)}
        first={FIRST_STEPS}
        batch={STEPS_PER_BATCH}
        noun="steps"
      >
        {(shownSteps) => (
          <ol className="space-y-3">
            {shownSteps.map((step, i) => {
              const before = i > 0 ? steps[i - 1].table : null;
              const outcome = outcomes[i];
              return (
                <li key={step.index} className="rounded-md border border-line">
                  <p className="bg-surface-2 px-3 py-1.5 text-xs">
                    <span className="font-semibold">
                      Step {i + 1}
                      {step.from ? `, line ${step.from.line}: ` : ': '}
                    </span>
                    {step.from ? (
                      <code className="font-semibold text-ink">{shorten(step.from.text, 70)}</code>
                    ) : null}{' '}
                    <span className="font-semibold">
                      ({step.changed} {step.changed === 1 ? 'row' : 'rows'} changed
                      {step.line && step.line !== step.from?.line
                        ? ` by db.${step.call} on line ${step.line}`
                        : ''}
                      )
                    </span>
                    <code className="mt-0.5 block break-all text-muted">{shorten(step.sql)}</code>
                    {outcome ? (
                      <span className="mt-1 block text-sm">
                        <WriteOutcome outcome={outcome} />
                      </span>
                    ) : null}
                  </p>
                  {step.table === null ? (
                    <p className="px-3 py-1.5 text-sm text-muted">No runs table yet.</p>
                  ) : (
                    <div className="overflow-x-auto">
                      <Table
                        label={`runs after step ${i + 1}`}
                        tableClassName="font-mono"
                        columns={step.table.columns.map((c, index) => (
                          <span key={index} className="font-sans font-semibold">
                            {c}
                          </span>
                        ))}
                      >
                        {step.table.rows.length === 0 ? (
                          <Row>
                            <Cell
                              colSpan={step.table.columns.length}
                              className="font-sans text-muted"
                            >
                              (no rows)
                            </Cell>
                          </Row>
                        ) : (
                          step.table.rows.map((row, r) => (
                            <Row key={r}>
                              {row.map((value, c) => {
                                const old = before?.rows[r]?.[c];
                                const changed =
                                  before !== null && before.rows[r] !== undefined && old !== value;
                                return (
                                  <Cell
                                    key={c}
                                    className={changed ? 'font-bold text-accent underline' : ''}
                                  >
                                    {show(value)}
                                    {changed ? (
                                      <span className="sr-only"> (changed from {show(old)})</span>
                                    ) : null}
                                  </Cell>
                                );
                              })}
                            </Row>
                          ))
                        )}
                      </Table>
                      {step.table.truncated ? (
                        <p className="px-3 py-1 text-xs text-muted">
                          Only the first rows are shown.
                        </p>
                      ) : null}
                      {[
                        shownLine(step.table.columnsShown, 'columns'),
                        shownLine(step.table.charsShown, 'characters (long text ends with …)'),
                      ].map((line) =>
                        line ? (
                          <p
                            key={line}
                            className="px-3 py-1 text-xs text-muted"
                            data-testid="shown-of"
                          >
                            {line}
                          </p>
                        ) : null,
                      )}
                    </div>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </ShownInBatches>
    </>
  );
});
