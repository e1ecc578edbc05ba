import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { expectedWriteWords, finishCoverage, type LabExercise } from '@/lib/claim-lab';
import type { LabStatus } from './use-claim-lab';
import { Cell, Row, Table } from '@/components/ui/table';
import { ShownInBatches } from '@/components/ui/show-more';
import { TypeErrorList } from './type-error-list';

// A run prints at most 500 lines (LAB_LIMITS): drawn all at once, beside the expected lines, they
// were a 450-620 ms task. The first screenful is drawn, then a batch per "Show more".
const FIRST_LINES = 20;
const LINES_PER_BATCH = 100;
const FIRST_PRINTED = 50;
const PRINTED_PER_BATCH = 200;

function StatusLine({ status, clickedAt }: { status: LabStatus; clickedAt: number | null }) {
  let text: ReactNode;
  let bad = false;
  switch (status.kind) {
    case 'idle':
      text = 'Ready. Press Run or Ctrl+Enter.';
      break;
    case 'checking':
      text = 'Checking types…';
      break;
    case 'running':
      text = 'Running…';
      break;
    case 'type-errors':
      bad = true;
      // One error is named here; more are listed under this line, the first 20 at a time.
      text =
        status.errors.length === 1
          ? `Not run: fix this type error first. Line ${status.errors[0].line}: ${status.errors[0].message}`
          : `Not run: fix these ${status.errors.length.toLocaleString('en-US')} type errors first.`;
      break;
    case 'stopped':
      bad = true;
      text = status.message;
      break;
    case 'ran': {
      const { error } = status.run;
      bad = error !== null;
      if (!error)
        text =
          clickedAt === null ? (
            `Ran in ${Math.round(status.ms)} ms.`
          ) : (
            <RanIn clickedAt={clickedAt} />
          );
      else if (error.kind === 'sql')
        text = `SQLite error${error.line ? ` on line ${error.line}` : ''}: ${error.message.replace(/^SQLite error: /, '')}`;
      else if (error.kind === 'runtime')
        text = error.line
          ? `Exception on line ${error.line}: ${error.message}`
          : `Exception: ${error.message}`;
      else if (error.kind === 'compile')
        text = `${error.message}${error.line ? ` (line ${error.line})` : ''}`;
      else text = error.message;
    }
  }
  return (
    <p
      role="status"
      aria-live="polite"
      className={`rounded-md border px-3 py-2 text-sm ${bad ? 'border-bad text-bad' : 'border-line text-muted'}`}
    >
      {text}
    </p>
  );
}

/**
 * "Ran in …": from the click to the result painted on screen. The result renders first; the time
 * is read in the frame after it was painted, so it counts what the learner waited for (a figure
 * taken before rendering read 200 to 300 ms low against a stopwatch, issue 39).
 */
function RanIn({ clickedAt }: { clickedAt: number }) {
  const [ms, setMs] = useState<number | null>(null);
  useEffect(() => {
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setMs(performance.now() - clickedAt), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [clickedAt]);
  if (ms === null) return <>Ran.</>;
  return (
    <>
      Ran in {ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`} (from your click
      to this result on screen).
    </>
  );
}

/**
 * The run's status, then its output beside the expected output, with a pass or a diff.
 * Memoised: typing in the editor beside it re-renders the lab on every change.
 */
export const OutputPanel = memo(function OutputPanel({
  exercise,
  status,
  solved,
  recorded = false,
  clickedAt = null,
  tryResult = null,
}: {
  exercise: LabExercise;
  status: LabStatus;
  solved: boolean;
  /** When the learner clicked Run (or pressed Ctrl+Enter), on the performance.now() clock. */
  clickedAt?: number | null;
  /** The solve is written in the records database. */
  recorded?: boolean;
  /** The challenge's graded result after this try, as the records read it. */
  tryResult?: string | null;
}) {
  const verdict = status.kind === 'ran' ? status.verdict : null;
  const exact = exercise.check.kind === 'exact';
  const rows =
    verdict?.lines ??
    exercise.check.lines.map((expected) => ({
      expected,
      actual: null as string | null,
      ok: false,
    }));
  const failures = verdict ? verdict.lines.filter((l) => !l.ok).length : 0;
  const hint = status.kind === 'ran' ? status.hint : null;
  // What the learner's FINISH checks, from the rulebook's decision on the statement it sent.
  const coverage = status.kind === 'ran' ? finishCoverage(status.run.steps) : null;
  // On a phone the output sits below the editor: bring a fresh result into view.
  const box = useRef<HTMLDivElement>(null);
  const result =
    status.kind === 'ran' || status.kind === 'stopped' || status.kind === 'type-errors'
      ? status
      : null;
  useEffect(() => {
    const element = box.current;
    if (!result || !element) return;
    const { top, bottom } = element.getBoundingClientRect();
    if (top < 0 || bottom > window.innerHeight)
      element.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [result]);
  return (
    <div className="scroll-mt-4 space-y-3" ref={box} data-testid="lab-output">
      <StatusLine status={status} clickedAt={clickedAt} />
      {status.kind === 'type-errors' && status.errors.length > 1 ? (
        <TypeErrorList errors={status.errors} />
      ) : null}
      {verdict ? (
        <div
          className={`rounded-md px-3 py-2 ${verdict.passed ? 'bg-good text-accent-ink' : 'bg-bad text-accent-ink'}`}
        >
          <p className="text-base font-bold" data-testid="verdict">
            {verdict.passed
              ? 'pass'
              : failures > 0
                ? `diff: ${failures} ${failures === 1 ? 'line differs' : 'lines differ'}`
                : verdict.unmetWrite && status.kind === 'ran' && status.run.error === null
                  ? `fail: the printed lines match, but the database never decided ${expectedWriteWords(verdict.unmetWrite)}`
                  : 'fail: the run stopped with an error'}
          </p>
          {coverage ? (
            <p className="mt-1 text-sm" data-testid="verdict-checks">
              {renderTicks(coverage.text)}
            </p>
          ) : null}
        </div>
      ) : null}
      {hint ? (
        <p className="rounded-md border border-accent px-3 py-2 text-sm" data-testid="lab-hint">
          <strong>Hint{hint.line ? ` (line ${hint.line})` : ''}:</strong> {renderTicks(hint.text)}
        </p>
      ) : null}
      {verdict?.passed && exercise.kind === 'challenge' ? (
        <p className="font-semibold text-good">
          Challenge solved.{recorded ? ' Saved in your records.' : null}
        </p>
      ) : null}
      {tryResult && exercise.kind === 'challenge' ? (
        <p className="text-sm font-semibold" data-testid="try-result">
          In your records: {tryResult}.
        </p>
      ) : null}
      <ShownInBatches items={rows} first={FIRST_LINES} batch={LINES_PER_BATCH} noun="lines">
        {(shownRows) => (
          <Table
            label={
              exact ? 'Your output beside the expected output' : 'Lines the program must print'
            }
            columns={[
              exact ? 'Expected' : 'Must print',
              exact ? 'Your output' : 'Printed?',
              'Match',
            ]}
          >
            {shownRows.map((line, i) => (
              <Row key={i}>
                <Cell className="font-mono">
                  {line.expected ?? <span className="text-muted">(nothing)</span>}
                </Cell>
                <Cell className="font-mono">
                  {verdict ? (
                    (line.actual ?? (
                      <span className="text-muted">{exact ? '(nothing)' : 'no'}</span>
                    ))
                  ) : (
                    <span className="text-muted">not run yet</span>
                  )}
                </Cell>
                <Cell className={`font-semibold ${line.ok ? 'text-good' : 'text-bad'}`}>
                  {verdict ? (line.ok ? '✓ same' : '✗ differs') : ''}
                </Cell>
              </Row>
            ))}
          </Table>
        )}
      </ShownInBatches>
      {status.kind === 'ran' && (!exact || !verdict?.passed) && status.run.output.length > 0 ? (
        <div>
          <h3 className="mb-1 text-sm font-semibold">Everything printed</h3>
          <ShownInBatches
            items={status.run.output}
            first={FIRST_PRINTED}
            batch={PRINTED_PER_BATCH}
            noun="printed lines"
          >
            {(lines) => (
              <pre
                className="max-h-60 overflow-auto rounded-md border border-line bg-surface-2 p-2 text-sm"
                tabIndex={0}
              >
                {lines.join('\n')}
              </pre>
            )}
          </ShownInBatches>
        </div>
      ) : null}
      {/* A note that tells the lesson's whole finish shows only beside a FINISH that has it
          (the drop-one note is about the deletion itself). */}
      {solved && (exercise.analysis?.kind === 'drop-one' || !coverage?.missing.length) ? (
        <p className="text-sm">{exercise.solvedNote}</p>
      ) : null}
    </div>
  );
});

/** Backticks in a hint mark code, as in the lesson's prose. */
function renderTicks(text: string) {
  return text.split('`').map((part, i) =>
    i % 2 === 1 ? (
      <code key={i} className="font-mono">
        {part}
      </code>
    ) : (
      part
    ),
  );
}
