import { describe, expect, it } from 'vitest';
import { publishDecided } from './publisher';
import { describeWorkerEvent } from './worker-log';

describe('worker log lines', () => {
  it('says which run a claim took and which steps it resumes after', () => {
    expect(
      describeWorkerEvent({ type: 'claimed', run: 'run-0001', generation: 2, resumedFrom: [] }),
    ).toBe('claimed run-0001: fence 2');
    expect(
      describeWorkerEvent({
        type: 'claimed',
        run: 'run-0001',
        generation: 3,
        resumedFrom: ['collect', 'draft'],
      }),
    ).toBe('claimed run-0001: fence 3, resuming after collect, draft');
  });

  it('says where a worker was fenced out and why, in the rulebook’s words', () => {
    const decision = publishDecided({
      owner: 'worker-1',
      op: 'publish-x-run-0001',
      generation: 1,
      seen: 2,
      now: 100,
      fenced: true,
      outcome: 'refused',
      holder: {
        runId: 'run-0001',
        owner: 'worker-2',
        fence: 2,
        leaseUntil: 130,
        status: 'running',
      },
    });
    expect(
      describeWorkerEvent({
        type: 'fenced-out',
        run: 'run-0001',
        generation: 1,
        step: 'publish',
        decision,
      }),
    ).toBe(
      "run-0001 fenced out at publish (fence 1): Refused: the publisher has seen fence 2, higher than worker-1's fence 1. worker-2 holds the run (fence 2).",
    );
  });
});
