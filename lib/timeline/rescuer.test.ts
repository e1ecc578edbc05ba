import { describe, expect, it } from 'vitest';
import { JOBS_TABLE, rescueFieldsOf, type RescueField } from '@/lib/lease';
import { leaseBarLabel, leaseBarsAt } from './lease-bars';
import { decodeScenario, encodeScenario } from './share';
import { rescueChoices, runScenario, type Scenario, type TimelineEvent } from './index';

// Issue 26: a rescuer reads the run at one step and re-queues it at a later one. By the run id
// alone it undoes a job completed in between; comparing the fingerprint it read, it is refused.
const rescued = (compare: RescueField[] | undefined, middle: TimelineEvent[]): Scenario => ({
  version: 1,
  id: 'rescuer',
  title: 'A rescuer re-queues a stuck run',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }, { id: 'C' }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'claim-B', kind: 'claim', worker: 'B' },
    { id: 'wait', kind: 'advance', seconds: 6 },
    { id: 'read', kind: 'rescue-read' },
    ...middle,
    { id: 'rescue', kind: 'rescue', ...(compare ? { compare } : {}) },
    { id: 'claim-A', kind: 'claim', worker: 'A' },
  ],
});

const completedMeanwhile: TimelineEvent[] = [
  { id: 'claim-C', kind: 'claim', worker: 'C' },
  { id: 'finish-C', kind: 'finish', worker: 'C' },
];

const writeOf = async (s: Scenario, id: string) => {
  const trace = await runScenario(s);
  const w = trace.writes.find((x) => x.eventId === id);
  if (!w) throw new Error(`no write ${id}`);
  return { w, trace };
};

describe('a rescuer lane', () => {
  it('by the run id alone, it re-queues a job completed since its read: damage, and the job runs again', async () => {
    const s = rescued(undefined, completedMeanwhile);
    const { w, trace } = await writeOf(s, 'rescue');
    expect(w.outcome).toBe('applied');
    expect(w.worker).toBeNull();
    expect(w.decision.writer).toBe('the rescuer');
    expect(w.decision.read).toMatchObject({ owner: 'B', fence: 1, status: 'running' });
    expect(w.decision.violation).toMatchObject({ kind: 'final-claimed', victim: 'C' });
    expect(w.explanation).toBe(
      "1 row changed: the rescuer's re-queue checks nothing but the run id, so it lands on the run as it is now, not as it was read (running under B with fence 1 when read, done under C with fence 2 now). The run is queued again: its finished work will run a second time. This breaks property 3 (a finished run is never claimed again): the culprit is the rescuer, the victim is C.",
    );
    expect(trace.writes.find((x) => x.eventId === 'claim-A')?.outcome).toBe('applied');
    // C's lease bar names who re-queued the run: the rescuer, not the user (who cancels).
    const rescueStep = trace.steps.findIndex((step) => step.event.id === 'rescue');
    const cBar = leaseBarsAt(trace, rescueStep).find((bar) => bar.worker === 'C');
    expect(cBar?.endedBy).toBe('the rescuer');
    expect(cBar && leaseBarLabel(cBar)).toContain('(run queued by the rescuer)');
    // The re-queue clears the row's lease_until (0); the bar keeps C's lease from before it,
    // through A's takeover too (case 7 drew node 1's bar not at all and node 2's as 0).
    const before = trace.steps[rescueStep - 1].after.run.leaseUntil;
    expect(trace.steps[rescueStep].after.run.leaseUntil).toBe(0);
    expect(before).toBeGreaterThan(0);
    expect(cBar?.until).toBe(before);
    const last = leaseBarsAt(trace, trace.steps.length - 1).find((bar) => bar.worker === 'C');
    expect(last).toMatchObject({ until: before, current: false, endedBy: 'the rescuer' });
  });

  it('comparing the fingerprint it read, the same re-queue is refused and the job stays done', async () => {
    const s = rescued(['owner', 'fence', 'status'], completedMeanwhile);
    const { w, trace } = await writeOf(s, 'rescue');
    expect(w.outcome).toBe('refused');
    expect(w.decision.violation).toBeNull();
    expect(w.failed).toEqual(['as-read', 'as-read', 'as-read']);
    expect(w.verdictLine).toBe(
      'refused, 0 rows: owner changed since the read, fence changed since the read, status changed since the read',
    );
    expect(w.explanation).toContain('the owner is C, the rescuer read B');
    expect(w.explanation).toContain('the status is done, the rescuer read running');
    expect(trace.steps.at(-1)?.after.run.status).toBe('done');
    expect(trace.writes.find((x) => x.eventId === 'claim-A')?.outcome).toBe('refused');
  });

  it('a run unchanged since the read is rescued, and another worker takes it over', async () => {
    const { w, trace } = await writeOf(rescued(['owner', 'fence', 'status'], []), 'rescue');
    expect(w.outcome).toBe('applied');
    expect(w.decision.violation).toBeNull();
    expect(w.explanation).toContain('the run was as the rescuer read it');
    expect(trace.writes.find((x) => x.eventId === 'claim-A')?.outcome).toBe('applied');
  });

  it('a read that shows a held lease, or no read at all, sends nothing', async () => {
    const held = rescued(undefined, []);
    held.events = held.events.filter((e) => e.id !== 'wait');
    const { w } = await writeOf(held, 'rescue');
    expect(w.outcome).toBe('refused');
    expect(w.verdictLine).toBe('not sent: nothing to rescue');
    expect(w.explanation).toBe(
      "Nothing sent: the rescuer's read showed B holding the lease until 5: nothing to rescue.",
    );
    const unread = rescued(undefined, []);
    unread.events = unread.events.filter((e) => e.id !== 'read');
    expect((await writeOf(unread, 'rescue')).w.explanation).toContain('has read nothing yet');
  });

  it('the read is a step of its own, in words, and the scenario survives the share link', async () => {
    const s = rescued(['fence'], completedMeanwhile);
    expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
    const trace = await runScenario(s);
    const read = trace.steps.find((x) => x.event.id === 'read')?.effects[0];
    expect(read?.kind === 'note' ? read.text : '').toBe(
      'The rescuer reads the run row: running under B with fence 1, lease until 5 (it is now 6). The run looks stuck, so the rescuer will re-queue it. Nothing stops the run from changing before that write.',
    );
  });

  it('the schema refuses a column compared twice or one it does not know', () => {
    const twice = { ...rescued(undefined, []) } as Scenario;
    twice.events = [{ id: 'r', kind: 'rescue', compare: ['fence', 'fence'] }];
    expect(decodeScenario(encodeScenario(twice)).ok).toBe(false);
    const unknown = JSON.parse(JSON.stringify(twice));
    // attempted_at is a column it may compare (issue 38); lease_until is the SQL's name, not one.
    unknown.events[0].compare = ['lease_until'];
    expect(decodeScenario(encodeScenario(unknown)).ok).toBe(false);
  });
});

describe('a rescuer that compares a claim column (issue 38, builder gap 1)', () => {
  // B's lease runs out; the rescuer reads the row; B claims its own run again (a new attempt at
  // t=6). Owner and status are what the rescuer read, attempted_at is not.
  const again = (compare: RescueField[]): Scenario => ({
    ...rescued(compare, [{ id: 'claim-B-again', kind: 'claim', worker: 'B' }]),
    workers: [{ id: 'A' }, { id: 'B' }],
  });

  it('by owner and status it re-queues the fresh attempt of the same worker; by attempted_at it is refused', async () => {
    const fooled = await writeOf(again(['owner', 'status']), 'rescue');
    expect(fooled.w.outcome).toBe('applied');
    const { w } = await writeOf(again(['attempted_at']), 'rescue');
    expect(w.outcome).toBe('refused');
    expect(w.decision.read).toMatchObject({ owner: 'B', attemptedAt: 0 });
    expect(w.decision.before).toMatchObject({ owner: 'B', attemptedAt: 6 });
    expect(w.decision.checks.find((c) => c.name === 'as-read')).toMatchObject({
      field: 'attempted_at',
      expected: 0,
      actual: 6,
      held: false,
    });
    expect(w.verdictLine).toContain('attempted_at changed since the read');
    expect(w.explanation).toContain('the attempted_at is 6, the rescuer read 0');
  });

  it('every fingerprint column can be compared, and a share link keeps the choice', async () => {
    const all: RescueField[] = ['owner', 'attempt', 'claimed_at', 'attempted_at'];
    const { w } = await writeOf(again(all), 'rescue');
    expect(w.decision.checks.filter((c) => c.name === 'as-read').map((c) => c.field)).toEqual(all);
    expect(w.outcome).toBe('refused');
    const link = decodeScenario(encodeScenario(again(all)));
    expect(link.ok && link.scenario.events.find((e) => e.id === 'rescue')).toEqual({
      id: 'rescue',
      kind: 'rescue',
      compare: all,
    });
  });

  it('the builder offers the claim columns where the design’s table has them', () => {
    expect(rescueChoices({ design: 'fenced' })).toEqual([
      'owner',
      'fence',
      'lease',
      'status',
      'attempt',
      'claimed_at',
      'attempted_at',
    ]);
    expect(rescueFieldsOf(JOBS_TABLE)).toEqual(['owner', 'fence', 'lease', 'status']);
  });
});
