import { describe, expect, it } from 'vitest';
import { gradePrediction, isPredictedFault, runAfterTakeover } from './prediction';
import { FAULT_POINTS, type LabSnapshot, type Step } from './types';
import { newWorkerView, type LabWorkerView } from './worker-view';

/** A run that one worker started and a second (fence 2) finished, as the databases hold it. */
function snapshot(opts: { again: Step[]; receipts: number; claims?: number; done?: boolean }) {
  const { again, receipts, claims = 2, done = true } = opts;
  const steps: Step[] = ['collect', 'draft', 'verify', 'publish'];
  return {
    runs: [{ runId: 'run-0001', status: done ? 'done' : 'running' }],
    operations: { 'run-0001': 'op-1' },
    claims: Array.from({ length: claims }, (_, i) => ({ runId: 'run-0001', generation: i + 1 })),
    attempts: [
      ...again.map((step) => ({ runId: 'run-0001', step, generation: 1 })),
      ...steps.map((step) => ({ runId: 'run-0001', step, generation: 2 })),
    ],
    checkpoints: [],
    publisher: {
      register: {},
      receipts: Array.from({ length: receipts }, (_, i) => ({
        receiptId: i + 1,
        operationId: 'op-1',
        runId: 'run-0001',
      })),
      requests: [],
    },
    removedFence: null,
  } as unknown as LabSnapshot;
}

const died = (over: Partial<LabWorkerView> = {}): LabWorkerView => ({
  ...newWorkerView(1, 'worker-1', 'after_effect', null, false),
  state: 'died',
  run: 'run-0001',
  generation: 1,
  ...over,
});

describe('a crash-lab prediction, graded from the databases (issue 39)', () => {
  it('reads the steps two holders started and the run’s receipts', () => {
    expect(runAfterTakeover(snapshot({ again: ['publish'], receipts: 1 }), 'run-0001')).toEqual({
      again: ['publish'],
      receipts: 1,
    });
  });

  it('is right only when both the steps and the receipts match', () => {
    const s = snapshot({ again: ['publish'], receipts: 1 });
    expect(gradePrediction(died(), s, { again: ['publish'], receipts: 1 })).toMatchObject({
      kind: 'graded',
      right: true,
    });
    expect(gradePrediction(died(), s, { again: [], receipts: 1 })).toMatchObject({
      kind: 'graded',
      right: false,
    });
    expect(gradePrediction(died(), s, { again: ['publish'], receipts: 2 })).toMatchObject({
      kind: 'graded',
      right: false,
    });
  });

  it('waits while the worker runs or the run is not done; is void for a kill or a second takeover', () => {
    const s = snapshot({ again: ['publish'], receipts: 1 });
    const p = { again: ['publish'] as Step[], receipts: 1 };
    expect(gradePrediction(died({ state: 'working' }), s, p).kind).toBe('waiting');
    expect(gradePrediction(died(), snapshot({ again: [], receipts: 0, done: false }), p).kind).toBe(
      'waiting',
    );
    expect(gradePrediction(died({ state: 'killed' }), s, p).kind).toBe('void');
    expect(
      gradePrediction(died(), snapshot({ again: ['publish'], receipts: 1, claims: 3 }), p).kind,
    ).toBe('void');
    expect(gradePrediction(undefined, s, p).kind).toBe('void');
  });

  it('asks for a prediction only where a worker dies inside a step, before its checkpoint', () => {
    expect(FAULT_POINTS.filter(isPredictedFault)).toEqual([
      'before_checkpoint:collect',
      'before_checkpoint:draft',
      'before_checkpoint:verify',
      'after_effect',
    ]);
  });
});
