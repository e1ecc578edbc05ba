'use client';

import { useId, useMemo, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LabelledSelect } from '@/components/ui/labelled-select';
import { drawHistory } from '@/lib/crashlab';
import { DatabaseTables } from './database-tables';
import { HistoryLanes } from './history-lanes';
import { EvaluatePanel } from './evaluate-panel';
import { PredictionResults } from './prediction-results';
import { useCrashPredictions } from './use-crash-predictions';
import { RunPanel } from './run-panel';
import { useCrashLab, useDatabaseNow } from './use-crash-lab';
import { WorkerPanel } from './worker-panel';
import { Panel } from '@/components/ui/panel';

const LEASES = [3, 5, 10];
const RUN_COUNTS = [1, 3, 6];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Panel as="section" aria-labelledby={id} tone="plain">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </Panel>
  );
}

/**
 * The crash lab in the browser: the CLI's lab over a task and a publisher database, a queue of
 * one or more runs, and real Web Workers, several at once, whose lanes are drawn from the
 * page's own history.
 */
export function CrashLab() {
  const [leaseSeconds, setLeaseSeconds] = useState(5);
  const [runs, setRuns] = useState(1);
  const { host, state } = useCrashLab(leaseSeconds);
  const now = useDatabaseNow(
    host,
    state.snapshot?.runs.some((r) => r.status === 'running') ?? false,
  );
  const drawing = useMemo(
    () => (state.history.length > 0 ? drawHistory(state.history) : null),
    [state.history],
  );

  const predictions = useCrashPredictions(host);

  const evaluateNow = async () => {
    const evaluation = await host.evaluate();
    if (!evaluation) return;
    await predictions.evaluated(evaluation).catch(() => undefined);
  };

  if (state.error)
    return <p className="text-bad">The databases could not be opened: {state.error}</p>;

  return (
    <div className="grid gap-6 *:min-w-0 lg:grid-cols-2">
      <div className="grid content-start gap-6 *:min-w-0">
        <Section title="Runs and leases">
          <RunPanel snapshot={state.snapshot} now={now} />
          <div className="mt-4 flex flex-wrap items-end gap-3">
            <LabelledSelect
              label="Lease length"
              value={leaseSeconds}
              onChange={(v) => setLeaseSeconds(Number(v))}
            >
              {LEASES.map((s) => (
                <option key={s} value={s}>
                  {s} seconds
                </option>
              ))}
            </LabelledSelect>
            <LabelledSelect
              label="Runs in the queue"
              value={runs}
              onChange={(v) => setRuns(Number(v))}
            >
              {RUN_COUNTS.map((n) => (
                <option key={n} value={n}>
                  {n} {n === 1 ? 'run' : 'runs'}
                </option>
              ))}
            </LabelledSelect>
            <Button
              onClick={() => {
                predictions.cleared();
                void host.reset(leaseSeconds, runs);
              }}
            >
              New experiment
            </Button>
          </div>
        </Section>
        <Section title="Workers">
          <WorkerPanel
            workers={state.workers}
            disabled={!state.ready}
            onStart={(fault, stall, gated, prediction) =>
              predictions.started(host.startWorker(fault, stall, gated), fault, prediction)
            }
            onKill={(id) => host.kill(id)}
            onStep={(id) => host.step(id)}
            onPause={(id, held) => (held ? host.pause(id) : host.resume(id))}
          />
        </Section>
        <Section title="Lanes">
          {drawing ? (
            <HistoryLanes drawing={drawing} />
          ) : (
            <p className="text-sm text-muted">Start a worker: each gets a lane.</p>
          )}
        </Section>
        <Section title="Evaluate">
          <EvaluatePanel
            evaluation={state.evaluation}
            disabled={!state.ready}
            onEvaluate={() => void evaluateNow()}
          />
          <PredictionResults
            notes={predictions.notes}
            waiting={predictions.pending.length}
            record={predictions.record}
            unkept={predictions.unkept}
          />
        </Section>
      </div>
      <div className="grid content-start gap-6 *:min-w-0">
        <Section title="Task database">
          <DatabaseTables title="task" tables={state.tables.task} />
        </Section>
        <Section title="Publisher database">
          <DatabaseTables title="publisher" tables={state.tables.publisher} />
        </Section>
      </div>
    </div>
  );
}
