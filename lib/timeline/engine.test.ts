import { describe, expect, it } from 'vitest';
import { runScenario, type Scenario } from './index';

const s: Scenario = {
  version: 1, id: 'x', title: 'x', leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'a-claim', kind: 'claim', worker: 'A' },
    { id: 'a-pause', kind: 'pause', worker: 'A' },
    { id: 't6', kind: 'advance', seconds: 6 },
    { id: 'b-claim', kind: 'claim', worker: 'B' },
    { id: 'a-resume', kind: 'resume', worker: 'A' },
    { id: 't7', kind: 'advance', seconds: 1 },
    { id: 'a-finish', kind: 'finish', worker: 'A' },
    { id: 'b-finish', kind: 'finish', worker: 'B' },
  ],
};
describe('engine', () => {
  it('the acceptance sequence: A claims, pauses past expiry, B claims; A\'s finish changes 0 rows, B\'s 1', async () => {
    const t = await runScenario(s);
    expect(t.writes.map((w) => w.verdict)).toEqual(['accept', 'accept', 'reject', 'accept']);
  });
});
