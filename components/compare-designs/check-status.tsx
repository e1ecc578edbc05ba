'use client';

import type { CheckerVerdict } from '@/lib/checker';
import { Button } from '@/components/ui/button';
import { CounterexampleView } from './counterexample-view';
import type { CheckState } from './use-checker';

const fmt = (n: number) => n.toLocaleString('en-US');

function Verdict({ result, label }: { result: CheckerVerdict; label: string }) {
  const time = `${(result.ms / 1000).toFixed(2)} s`;
  if (result.verdict === 'safe') {
    return (
      <p className="rounded-md border border-good px-3 py-2 text-sm">
        <strong className="text-good">Safe within the bound.</strong> All {fmt(result.total)}{' '}
        schedules checked in {time} ({fmt(result.steps)} steps run on SQLite
        {result.cacheHits ? `; ${fmt(result.cacheHits)} states seen before were not run twice` : ''}
        ).
      </p>
    );
  }
  const cx = result.counterexample!;
  return (
    <div className="grid gap-3 *:min-w-0">
      <p className="rounded-md border border-bad px-3 py-2 text-sm">
        <strong className="text-bad">Unsafe: property {cx.violation.property} breaks.</strong> The
        shortest schedule that breaks it has {cx.schedule.length} steps (found among{' '}
        {fmt(result.total)} schedules in {time}).
      </p>
      <CounterexampleView counterexample={cx} designName={label} />
    </div>
  );
}

/** What a check is doing or found: progress with a Stop button, the verdict, or the problems. */
export function CheckStatus({
  state,
  onStop,
  label,
}: {
  state: CheckState;
  onStop: () => void;
  label: string;
}) {
  switch (state.status) {
    case 'idle':
      return null;
    case 'running': {
      const p = state.progress;
      return (
        <div className="grid gap-2" role="status" aria-live="polite">
          <div className="flex flex-wrap items-center gap-3">
            <progress
              className="h-3 w-full max-w-xs accent-[var(--accent)]"
              aria-label={`Checking ${label}`}
              max={p?.total ?? 1}
              value={p?.covered ?? 0}
            />
            <Button onClick={onStop}>Stop</Button>
          </div>
          <p className="text-sm text-muted">
            {p
              ? `${fmt(p.covered)} of ${fmt(p.total)} schedules decided, ${fmt(p.steps)} steps run…`
              : 'Starting SQLite in a worker…'}
          </p>
        </div>
      );
    }
    case 'stopped':
      return (
        <p role="status" className="text-sm text-muted">
          Stopped
          {state.progress
            ? ` after ${fmt(state.progress.covered)} of ${fmt(state.progress.total)} schedules`
            : ''}
          . No verdict: the search did not finish.
        </p>
      );
    case 'error':
      return (
        <p role="alert" className="text-sm text-bad">
          The check failed: {state.message}
        </p>
      );
    case 'invalid':
      return (
        <div role="alert" className="rounded-md border border-bad px-3 py-2 text-sm">
          <p className="font-semibold text-bad">Fix these before the search can run:</p>
          <ul className="mt-1 list-disc pl-5">
            {state.problems.map((p, i) => (
              <li key={i}>
                <strong>{p.statement}</strong>
                {p.line ? ` (line ${p.line})` : ''}: {p.message}
              </li>
            ))}
          </ul>
        </div>
      );
    case 'done':
      return <Verdict result={state.result} label={label} />;
  }
}
