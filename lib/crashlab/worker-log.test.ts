import { describe, expect, it } from 'vitest';
import { describeWorkerEvent } from './worker-log';

describe('worker log lines', () => {
  it('says which run a claim took and which steps it resumes after', () => {
    expect(
      describeWorkerEvent({ type: 'claimed', run: 'run-0001', generation: 2, resumedFrom: [] }),
    ).toBe('claimed run-0001: generation 2');
    expect(
      describeWorkerEvent({
        type: 'claimed',
        run: 'run-0001',
        generation: 3,
        resumedFrom: ['collect', 'draft'],
      }),
    ).toBe('claimed run-0001: generation 3, resuming after collect, draft');
  });

  it('says where a worker was fenced out and why', () => {
    expect(
      describeWorkerEvent({
        type: 'fenced-out',
        run: 'run-0001',
        generation: 1,
        step: 'publish',
        explanation: 'a newer holder',
      }),
    ).toBe('run-0001 fenced out at publish (generation 1): a newer holder');
  });
});
