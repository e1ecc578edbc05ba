'use client';

import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { LabelledSelect } from '@/components/ui/labelled-select';
import { logActivity } from '@/lib/records';
import { browserRecords } from '@/lib/composition/records';
import { DatabaseTables } from './database-tables';
import { EvaluatePanel } from './evaluate-panel';
import { RunPanel } from './run-panel';
import { useCrashLab, useDatabaseNow } from './use-crash-lab';
import { WorkerPanel } from './worker-panel';

const LEASES = [3, 5, 10];

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-lg border border-line p-4">
      <h2 id={id} className="mb-3 text-lg font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The crash lab in the browser: real Web Workers over a task and a publisher database. */
export function CrashLab() {
  const [leaseSeconds, setLeaseSeconds] = useState(5);
  const { host, state } = useCrashLab(leaseSeconds);
  const now = useDatabaseNow(host, state.snapshot?.status === 'running');

  const evaluateNow = () => {
    const evaluation = host.evaluate();
    if (!evaluation) return;
    void browserRecords()
      .write((db) =>
        logActivity(db, Date.now(), 'crashlab.evaluated', 'crash-lab', {
          passed: evaluation.passed,
        }),
      )
      .catch(() => undefined);
  };

  if (state.error)
    return <p className="text-bad">The databases could not be opened: {state.error}</p>;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="grid content-start gap-6">
        <Section title="Run and lease">
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
            <Button onClick={() => void host.reset(leaseSeconds)}>New experiment</Button>
          </div>
        </Section>
        <Section title="Workers">
          <WorkerPanel
            workers={state.workers}
            disabled={!state.ready}
            onStart={(fault, stall) => host.startWorker(fault, stall)}
            onKill={(id) => host.kill(id)}
          />
        </Section>
        <Section title="Evaluate">
          <EvaluatePanel
            evaluation={state.evaluation}
            disabled={!state.ready}
            onEvaluate={evaluateNow}
          />
        </Section>
      </div>
      <div className="grid content-start gap-6">
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
