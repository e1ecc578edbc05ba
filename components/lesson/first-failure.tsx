'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { OPENING_RUNS, OPENING_STALE_WRITE } from '@/content/lesson/opening';
import type { WriteEffect } from '@/lib/timeline';
import { TimelineLanes } from '@/components/timeline/timeline-lanes';
import { useTimeline } from '@/components/timeline/use-timeline';

type RunId = (typeof OPENING_RUNS)[number]['id'];

/** A demonstration, not an exercise: nothing is scored or stored. */
const NOT_RECORDED = () => {};

/**
 * The failure on the first screen of /learn: the opening schedule under a lease alone or with
 * the fence, run on the timeline engine (real SQLite) and drawn on the timeline's lanes. Every
 * sentence about a write is the explainer's (lib/lease), read from the trace.
 */
export function FirstFailure() {
  const [runId, setRunId] = useState<RunId>('lease-only');
  const run = OPENING_RUNS.find((r) => r.id === runId) ?? OPENING_RUNS[0];
  const t = useTimeline(run.scenario, { record: NOT_RECORDED });
  const steps = t.trace?.steps ?? [];
  const current = t.position >= 0 ? steps[t.position] : null;
  const stale = steps
    .slice(0, t.position + 1)
    .flatMap((s) => s.effects)
    .find((e): e is WriteEffect => e.kind === 'write' && e.eventId === OPENING_STALE_WRITE);
  const draft = current?.after.targets.draft ?? null;

  const choose = (next: RunId) => {
    setRunId(next);
    const scenario = OPENING_RUNS.find((r) => r.id === next)?.scenario;
    if (scenario) t.setScenario(scenario);
  };

  return (
    <div className="space-y-4" data-first-failure={t.trace ? 'ready' : 'loading'}>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" onClick={t.toEnd} disabled={!t.trace || t.finished}>
          Run
        </Button>
        <Button onClick={t.forward} disabled={!t.trace || t.finished}>
          Step
        </Button>
        <Button onClick={t.restart} disabled={t.position < 0}>
          Start over
        </Button>
      </div>
      <div role="group" aria-label="Which design runs" className="flex flex-wrap gap-2">
        <span className="self-center text-sm text-muted">Design:</span>
        {OPENING_RUNS.map((r) => (
          <button
            key={r.id}
            type="button"
            aria-pressed={r.id === runId}
            onClick={() => choose(r.id)}
            className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${
              r.id === runId
                ? 'border-accent bg-accent text-accent-ink'
                : 'border-line bg-surface hover:bg-surface-2'
            }`}
          >
            {r.label}
          </button>
        ))}
      </div>
      <div role="status" aria-live="polite" className="space-y-2 rounded-md border border-line p-3">
        {t.error ? (
          <p className="text-bad">The simulator could not run this schedule: {t.error}</p>
        ) : !t.trace ? (
          <p className="text-muted">Loading the simulator…</p>
        ) : !current ? (
          <p className="text-muted">Ready: {steps.length} steps. Nothing has run yet.</p>
        ) : (
          <>
            <p>
              Step {t.position + 1} of {steps.length}:{' '}
              {current.effects.map((e) => (e.kind === 'write' ? e.explanation : e.text)).join(' ')}
            </p>
            {stale ? (
              <p className="font-semibold">
                A’s late draft:{' '}
                <span className={stale.outcome === 'applied' ? 'text-bad' : 'text-good'}>
                  {stale.outcome}
                </span>
                . The draft now reads “{draft?.body ?? 'nothing'}”.
              </p>
            ) : null}
            {t.finished ? <p>{run.after}</p> : null}
            {t.finished && runId === 'lease-only' ? (
              <Button onClick={() => choose('fenced')}>Now try it with the fence</Button>
            ) : null}
          </>
        )}
      </div>
      <TimelineLanes scenario={t.scenario} trace={t.trace} position={t.position} />
    </div>
  );
}
