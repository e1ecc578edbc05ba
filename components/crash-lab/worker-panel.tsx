'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LabelledSelect } from '@/components/ui/labelled-select';
import {
  FAULT_POINTS,
  isPredictedFault,
  STEPS,
  type CrashPrediction,
  type FaultPoint,
  type LabWorkerView,
  type Step,
  type WorkerStall,
} from '@/lib/crashlab';
import { FAULT_NAMES } from './words';
import {
  draftPrediction,
  EMPTY_DRAFT,
  PredictionForm,
  type PredictionDraft,
} from './prediction-form';
import { panelClass } from '@/components/ui/panel';

/** How long a stalled worker pauses: longer than any lease the page offers. */
const STALL_MS = 12_000;

const LIVE = new Set(['starting', 'waiting', 'working']);

function stateText(view: LabWorkerView): string {
  if (view.held && LIVE.has(view.state)) return 'paused from the page';
  switch (view.state) {
    case 'starting':
      return 'starting';
    case 'waiting':
      return 'waiting for the lease';
    case 'working':
      if (view.paused) return `paused in ${view.paused}`;
      // A stalled worker does nothing inside its step until the stall ends: it is paused.
      if (view.step && view.stall?.step === view.step) return `paused inside ${view.step}`;
      return view.step ? `working on ${view.step}` : 'working';
    default:
      return view.state;
  }
}

/**
 * Start workers, several at once (with an optional fault, stall, or step by step), kill or
 * pause any live one at any moment, and let a step-by-step worker through its next step.
 */
export function WorkerPanel({
  workers,
  disabled,
  onStart,
  onKill,
  onStep,
  onPause,
}: {
  workers: LabWorkerView[];
  disabled: boolean;
  /** `prediction`: the learner's graded prediction for a worker with a fault, if made. */
  onStart: (
    fault: FaultPoint | null,
    stall: WorkerStall | null,
    gated: boolean,
    prediction: CrashPrediction | null,
  ) => void;
  onKill: (id: number) => void;
  onStep: (id: number) => void;
  /** Pauses a running worker, or resumes a paused one. */
  onPause: (id: number, held: boolean) => void;
}) {
  const [fault, setFault] = useState<FaultPoint | ''>('');
  const [stall, setStall] = useState<Step | ''>('');
  const [gated, setGated] = useState(false);
  const [draft, setDraft] = useState<PredictionDraft>(EMPTY_DRAFT);
  const predicted = fault !== '' && isPredictedFault(fault);
  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <LabelledSelect
          label="Fault point"
          value={fault}
          onChange={(v) => setFault(v as FaultPoint | '')}
        >
          <option value="">none: run to the end</option>
          {FAULT_POINTS.map((f) => (
            <option key={f} value={f}>
              {FAULT_NAMES[f]}
            </option>
          ))}
        </LabelledSelect>
        {fault ? (
          <span className="pb-2 text-xs text-muted" data-testid="fault-code">
            code name <code>{fault}</code>
          </span>
        ) : null}
        <LabelledSelect
          label="Stall inside"
          value={stall}
          onChange={(v) => setStall(v as Step | '')}
        >
          <option value="">no stall</option>
          {STEPS.map((s) => (
            <option key={s} value={s}>
              {s} ({STALL_MS / 1000} s)
            </option>
          ))}
        </LabelledSelect>
        <label className="flex items-center gap-2 pb-1.5 text-sm">
          <input type="checkbox" checked={gated} onChange={(e) => setGated(e.target.checked)} />
          Step by step
        </label>
        <Button
          variant="primary"
          disabled={disabled}
          onClick={() => {
            onStart(
              fault || null,
              stall ? { step: stall, ms: STALL_MS } : null,
              gated,
              predicted ? draftPrediction(draft) : null,
            );
            setDraft(EMPTY_DRAFT);
          }}
        >
          Start a worker
        </Button>
      </div>
      {predicted ? <PredictionForm draft={draft} onChange={setDraft} /> : null}
      <ul className="mt-4 grid gap-3">
        {workers.map((w) => (
          <li
            key={w.id}
            className={panelClass({ padding: 'sm' })}
            aria-label={w.owner}
            data-paused={w.paused ?? undefined}
            data-state={w.state}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p className="font-semibold">
                {w.owner}
                {w.run ? ` · ${w.run}` : ''}
                {w.generation !== null ? ` · fence ${w.generation}` : ''} · {stateText(w)}
                {w.fault ? <span className="text-muted"> (fault {w.fault})</span> : null}
                {w.stall ? <span className="text-muted"> (stalls in {w.stall.step})</span> : null}
                {w.gated ? <span className="text-muted"> (step by step)</span> : null}
              </p>
              {LIVE.has(w.state) ? (
                <div className="flex gap-2">
                  {w.gated ? (
                    <Button
                      onClick={() => onStep(w.id)}
                      disabled={!w.paused}
                      aria-label={`Step ${w.owner}`}
                    >
                      Step
                    </Button>
                  ) : null}
                  <Button
                    onClick={() => onPause(w.id, !w.held)}
                    aria-label={`${w.held ? 'Resume' : 'Pause'} ${w.owner}`}
                  >
                    {w.held ? 'Resume' : 'Pause'}
                  </Button>
                  <Button onClick={() => onKill(w.id)} aria-label={`Kill ${w.owner}`}>
                    Kill
                  </Button>
                </div>
              ) : null}
            </div>
            <ol
              className="mt-2 list-inside list-decimal text-sm text-muted"
              aria-label={`${w.owner} log`}
            >
              {w.log.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ol>
          </li>
        ))}
      </ul>
    </div>
  );
}
