import { beforeAll, describe, expect, it } from 'vitest';
import { loadTimelineEngine, type TimelineEngine } from '@/lib/timeline';
import { DEMO } from './lesson';
import { MISTAKES } from './mistakes';

/*
 * The lesson's teaching prose states rules; where it narrates a write the learner plays (a
 * played mistake's reasons, the demo's comment on A's claim), the words are checked here against
 * the engine's decision on that write (issue 38: such a text is replaced by the view or checked
 * against it). Every value a reason names is the one its check compared.
 */

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

describe('a played mistake’s reasons agree with the decision on each write', () => {
  for (const { id, prediction } of MISTAKES.filter((m) => m.prediction.run))
    it(`${id}: a refusal names each failed check with the row's value; a lease end is the row's`, () => {
      const trace = engine.run({ version: 1, id, title: id, ...prediction.run! });
      for (const write of prediction.writes) {
        const effect = trace.writes.find((w) => w.eventId === write.id);
        if (!effect) throw new Error(`${id}: ${write.id} was not played`);
        const d = effect.decision;
        const actual = (name: string) => d.checks.find((c) => c.name === name)?.actual;
        if (/\brefuses\b/.test(write.why)) {
          expect(effect.outcome, write.id).toBe('refused');
          for (const name of d.failed.filter((n) => n === 'owner' || n === 'fence'))
            expect(write.why, write.id).toContain(`${name} ${actual(name)}`);
        }
        if (/^Every condition holds/.test(write.why)) expect(d.failed, write.id).toEqual([]);
        const leaseEnd = /lease until (\d+)/.exec(write.why);
        if (leaseEnd) expect(Number(leaseEnd[1]), write.id).toBe(actual('lease'));
      }
    });
});

describe('the demo’s comments agree with the decision on its claims', () => {
  it('“A holds the lease until 5”: the lease end A’s claim wrote', () => {
    const text = DEMO.steps.join('\n');
    const lease = Number(/lease = (\d+)/.exec(text)?.[1]);
    const at = Number(/a = claim\('A', now = (\d+)\)/.exec(text)?.[1]);
    const said = Number(/# A holds the lease until (\d+)/.exec(text)?.[1]);
    const trace = engine.run({
      version: 1,
      id: 'demo',
      title: 'demo',
      leaseSeconds: lease,
      workers: [{ id: 'A' }],
      targets: { objectStore: 'overwrite', gateway: 'first-write' },
      events: [
        { id: 'to-claim', kind: 'advance', seconds: at },
        { id: 'a-claim', kind: 'claim', worker: 'A' },
      ],
    });
    expect(trace.writes[0].outcome).toBe('applied');
    expect(trace.steps.at(-1)?.after.run).toMatchObject({ owner: 'A' });
    expect(said).toBe(trace.steps.at(-1)?.after.run.leaseUntil);
  });
});
