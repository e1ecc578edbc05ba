'use client';

import type { LabSnapshot } from '@/lib/crashlab';
import { STEPS } from '@/lib/crashlab';

/** The runs as the task database holds them: status, owner, fence, lease left, checkpoints. */
export function RunPanel({ snapshot, now }: { snapshot: LabSnapshot | null; now: number }) {
  if (!snapshot) return <p className="text-muted">Opening the databases…</p>;
  return (
    <ul className="grid gap-3" aria-label="Runs">
      {snapshot.runs.map((run) => {
        const left = run.leaseUntil - now;
        const lease =
          run.status !== 'running'
            ? 'no lease'
            : left > 0
              ? `${left.toFixed(1)} s left`
              : `expired ${(-left).toFixed(1)} s ago`;
        return (
          <li key={run.runId} aria-label={run.runId}>
            <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-5">
              <div>
                <dt className="text-muted">Run</dt>
                <dd className="font-semibold">{run.runId}</dd>
              </div>
              <div>
                <dt className="text-muted">Status</dt>
                <dd className="font-semibold" data-testid="run-status">
                  {run.status}
                </dd>
              </div>
              <div>
                <dt className="text-muted">Owner</dt>
                <dd className="font-semibold">{run.owner || '(nobody)'}</dd>
              </div>
              <div>
                <dt className="text-muted">Fence</dt>
                <dd className="font-semibold">{run.fence}</dd>
              </div>
              <div>
                <dt className="text-muted">Lease</dt>
                <dd
                  className={`font-semibold ${run.status === 'running' && left <= 0 ? 'text-bad' : ''}`}
                >
                  {lease}
                </dd>
              </div>
            </dl>
            <ol className="mt-2 flex flex-wrap gap-2" aria-label={`${run.runId} checkpoints`}>
              {STEPS.map((step) => {
                const saved = snapshot.checkpoints.find(
                  (c) => c.runId === run.runId && c.step === step,
                );
                return (
                  <li
                    key={step}
                    className={`rounded-md border px-2 py-1 text-sm ${saved ? 'border-accent font-semibold' : 'border-line text-muted'}`}
                  >
                    {step}: {saved ? `saved (fence ${saved.generation})` : 'not saved'}
                  </li>
                );
              })}
            </ol>
          </li>
        );
      })}
    </ul>
  );
}
