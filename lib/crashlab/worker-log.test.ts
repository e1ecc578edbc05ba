import { describe, expect, it } from 'vitest';
import { describeWorkerEvent, describeWorkerOutcome } from './worker-log';

describe('worker log lines', () => {
  it('says which steps a claim resumes after', () => {
    expect(describeWorkerEvent({ type: 'claimed', generation: 2, resumedFrom: [] })).toBe(
      'claimed the run: generation 2',
    );
    expect(
      describeWorkerEvent({ type: 'claimed', generation: 3, resumedFrom: ['collect', 'draft'] }),
    ).toBe('claimed the run: generation 3, resuming after collect, draft');
  });

  it('says where a worker was fenced out and why', () => {
    expect(
      describeWorkerOutcome({
        kind: 'fenced-out',
        generation: 1,
        step: 'publish',
        explanation: 'a newer holder',
      }),
    ).toBe('fenced out at publish: a newer holder');
  });
});
