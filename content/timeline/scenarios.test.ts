import { beforeAll, describe, expect, it } from 'vitest';
import {
  isWriteEvent,
  loadTimelineEngine,
  parseScenario,
  type TimelineEngine,
  type Trace,
} from '@/lib/timeline';
import { BLANK_SCENARIO, TIMELINE_SCENARIOS } from './scenarios';

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

const byId = (id: string) => {
  const s = TIMELINE_SCENARIOS.find((x) => x.id === id);
  if (!s) throw new Error(id);
  return s;
};
const write = (trace: Trace, eventId: string) => {
  const w = trace.writes.find((x) => x.eventId === eventId);
  if (!w) throw new Error(eventId);
  return w;
};

describe('the scenario library', () => {
  it('covers the nine scenarios of the lesson, with unique ids and numbers', () => {
    const numbers = TIMELINE_SCENARIOS.map((s) => s.number);
    for (const n of ['1', '2', '3', '4', '5', '6', '7a', '7b', '8a', '8b', '9a'])
      expect(numbers).toContain(n);
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(new Set(TIMELINE_SCENARIOS.map((s) => s.id)).size).toBe(TIMELINE_SCENARIOS.length);
  });

  for (const scenario of [...TIMELINE_SCENARIOS, BLANK_SCENARIO]) {
    it(`${scenario.id}: is a valid scenario`, () => {
      expect(parseScenario(JSON.parse(JSON.stringify(scenario)))).toMatchObject({ ok: true });
    });
  }

  for (const scenario of TIMELINE_SCENARIOS) {
    it(`${scenario.id}: the engine's verdicts equal the verdicts in the data`, () => {
      const writes = scenario.events.filter(isWriteEvent);
      expect(
        writes.every((e) => e.expect !== undefined),
        'every write states its verdict',
      ).toBe(true);
      const trace = engine.run(scenario);
      expect(trace.writes.map((w) => [w.eventId, w.outcome])).toEqual(
        writes.map((e) => [e.id, e.expect]),
      );
      for (const w of trace.writes) {
        expect(w.explanation.length).toBeGreaterThan(10);
        expect(w.rules.length).toBeGreaterThan(0);
        if (w.database !== 'applied') expect(w.rowsChanged).toBe(0);
      }
    });

    it(`${scenario.id}: running twice gives an identical trace`, () => {
      expect(JSON.stringify(engine.run(scenario))).toBe(JSON.stringify(engine.run(scenario)));
    });
  }
});

describe('the verdicts follow the lesson’s rules', () => {
  it('1: A’s commit changes 0 rows because owner and fence moved on; B’s changes 1 and the run is done', () => {
    const trace = engine.run(byId('acceptance'));
    expect(write(trace, 'a-claim').token).toBe(1);
    expect(write(trace, 'b-claim').token).toBe(2);
    const a = write(trace, 'a-finish');
    expect(a).toMatchObject({ rowsChanged: 0, token: 1, failed: ['owner', 'fence'] });
    expect(a.explanation).toMatch(/^0 rows changed/);
    expect(write(trace, 'b-finish').rowsChanged).toBe(1);
    expect(trace.steps.at(-1)?.after.run).toMatchObject({ owner: 'B', fence: 2, status: 'done' });
  });

  it('4: with no takeover, only the lease condition fails, judged by database time', () => {
    const trace = engine.run(byId('clock-offset'));
    expect(write(trace, 'a-finish').failed).toEqual(['lease']);
    const step = trace.steps.find((s) => s.event.id === 'a-finish');
    const a = step?.after.workers.find((w) => w.id === 'A');
    expect(a?.clock).toBe(2);
    expect(a && a.clock < a.believedLeaseUntil).toBe(true);
  });

  it('5: the retries are duplicates, not lost authority', () => {
    const trace = engine.run(byId('retry-same-operation'));
    expect(write(trace, 'a-draft-retry')).toMatchObject({
      database: 'duplicate',
      failed: ['operation'],
    });
    expect(write(trace, 'a-ticket-retry')).toMatchObject({
      database: 'duplicate',
      failed: ['key'],
    });
    expect(trace.steps.at(-1)?.after.targets.tickets).toHaveLength(1);
  });

  it('5: a lost reply is unknown to A but applied in the database; the retries are duplicates', () => {
    const trace = engine.run(byId('retry-same-operation'));
    expect(write(trace, 'a-draft')).toMatchObject({ outcome: 'unknown', database: 'applied' });
    expect(write(trace, 'a-draft-retry')).toMatchObject({
      outcome: 'duplicate',
      database: 'duplicate',
    });
    expect(write(trace, 'a-ticket-retry')).toMatchObject({ outcome: 'duplicate' });
  });

  it('6: the cancel fences (new generation, canceling), the key-only ticket still lands, and completion lists it', () => {
    const trace = engine.run(byId('complete-after-cancel'));
    expect(write(trace, 'a-finish').failed).toEqual(['fence', 'status']);
    expect(write(trace, 'b-claim').failed).toEqual(['claimable']);
    expect(write(trace, 'b-claim').decision.checks[0].actual).toBe('canceling');
    expect(trace.steps.find((s) => s.event.id === 'cancel')?.after.run).toMatchObject({
      status: 'canceling',
      fence: 2,
    });
    expect(trace.steps.at(-1)?.after.run).toMatchObject({ status: 'canceled', fence: 2 });
    const done = trace.steps.at(-1)!.effects[0];
    expect(done.kind === 'note' && done.text).toMatch(/draft by A.*tickets by A/);
    expect(trace.steps.at(-1)?.after.targets.tickets.map((t) => t.worker)).toEqual(['A']);
  });

  it('7a: the stale upload is the official report; 7b: the official report stays B’s', () => {
    const overwrite = engine.run(byId('remote-file-overwrite'));
    expect(overwrite.steps.at(-1)?.after.targets.officialReport?.writer).toBe('A');
    const versioned = engine.run(byId('remote-file-versioned'));
    const end = versioned.steps.at(-1)?.after.targets;
    expect(end?.officialReport?.writer).toBe('B');
    expect(end?.reportVersions.map((v) => v.writer)).toEqual(['B', 'A']);
  });

  it('8: without heartbeat B takes over; with it, B’s claim fails and A commits', () => {
    expect(write(engine.run(byId('long-call-no-heartbeat')), 'b-claim').outcome).toBe('applied');
    const beat = engine.run(byId('long-call-heartbeat'));
    expect(write(beat, 'b-claim').decision.checks[0].actual).toBe('held');
    expect(beat.windows).toEqual([{ worker: 'A', fence: 1, from: 0, until: 12 }]);
  });

  it('9: a different action from the stale worker lands at a token-less API; the gateway switch decides the first stale write', () => {
    const api = engine.run(byId('api-without-tokens'));
    expect(api.steps.at(-1)?.after.targets.tickets.map((t) => `${t.worker}:${t.action}`)).toEqual([
      'B:refund',
      'A:add-note',
    ]);
    expect(write(engine.run(byId('gateway-first-write')), 'a-write-1').outcome).toBe('applied');
    expect(write(engine.run(byId('gateway-at-takeover')), 'a-write-1')).toMatchObject({
      outcome: 'refused',
      failed: ['highest-seen'],
    });
  });
});
