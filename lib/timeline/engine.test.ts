import { describe, expect, it } from 'vitest';
import { loadTimelineEngine, runScenario, type Scenario } from './index';

const acceptance: Scenario = {
  version: 1,
  id: 'x',
  title: 'x',
  leaseSeconds: 5,
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

describe('timeline engine', () => {
  it("the acceptance sequence: A claims, pauses past expiry, B claims; A's finish changes 0 rows, B's 1", async () => {
    const t = await runScenario(acceptance);
    expect(t.writes.map((w) => w.outcome)).toEqual(['applied', 'applied', 'refused', 'applied']);
    expect(t.writes.map((w) => w.rowsChanged)).toEqual([1, 1, 0, 1]);
    expect(t.windows).toEqual([
      { worker: 'A', fence: 1, from: 0, until: 5 },
      { worker: 'B', fence: 2, from: 6, until: 7 },
    ]);
    expect(t.end).toBe(7);
  });

  it('runs the named design: with a TTL-only lease the stale finish lands', async () => {
    const t = await runScenario({ ...acceptance, design: 'ttl-only' });
    expect(t.writes.find((w) => w.eventId === 'a-finish')?.outcome).toBe('applied');
    expect(t.writes.find((w) => w.eventId === 'b-finish')?.outcome).toBe('refused');
  });

  it("judging leases by the worker's clock (a broken time source) lets a late commit through", async () => {
    const late: Scenario = {
      ...acceptance,
      timeSource: 'worker',
      workers: [{ id: 'A', clockOffset: -4 }],
      events: [
        { id: 'a-claim', kind: 'claim', worker: 'A' },
        { id: 't6', kind: 'advance', seconds: 6 },
        { id: 'a-finish', kind: 'finish', worker: 'A' },
      ],
    };
    expect((await runScenario(late)).writes.map((w) => w.outcome)).toEqual(['applied', 'applied']);
    const db = (await runScenario({ ...late, timeSource: 'database' })).writes[1];
    expect(db).toMatchObject({ outcome: 'refused', failed: ['lease'] });
  });

  it('a paused worker sends nothing, and an unknown design is refused clearly', async () => {
    const engine = await loadTimelineEngine();
    const t = engine.run({
      ...acceptance,
      events: acceptance.events.slice(0, 2).concat({ id: 'x', kind: 'finish', worker: 'A' }),
    });
    expect(t.writes[1]).toMatchObject({ outcome: 'refused', failed: ['paused'] });
    expect(() => engine.run({ ...acceptance, design: 'nope' })).toThrow(
      /Unknown lease design "nope"/,
    );
  });

  it('refuses designs named after Object.prototype members (issue 17, point 8)', async () => {
    const engine = await loadTimelineEngine();
    for (const design of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(() => engine.run({ ...acceptance, design }), design).toThrow(/Unknown lease design/);
    }
  });
});

describe('lost acknowledgements and registrations', () => {
  it('a write whose reply is lost is decided by the store; the caller’s view is unknown', async () => {
    const engine = await loadTimelineEngine();
    const trace = engine.run({
      version: 1,
      id: 'lost',
      title: 'lost reply',
      leaseSeconds: 5,
      workers: [{ id: 'A' }, { id: 'B' }],
      targets: {
        objectStore: 'overwrite',
        gateway: 'at-takeover',
        gatewayCheck: { kind: 'highest-seen' },
      },
      events: [
        { id: 'a', kind: 'claim', worker: 'A' },
        { id: 'w', kind: 'gateway-write', worker: 'A', resource: 'r', ackLost: true },
        { id: 'x', kind: 'advance', seconds: 6 },
        { id: 'b', kind: 'claim', worker: 'B' },
        { id: 'reg', kind: 'register', worker: 'B', resource: 'r' },
        { id: 'late', kind: 'gateway-write', worker: 'A', resource: 'r' },
      ],
    });
    const lost = trace.writes.find((w) => w.eventId === 'w')!;
    expect([lost.database, lost.outcome]).toEqual(['applied', 'unknown']);
    const reg = trace.steps.find((st) => st.event.id === 'reg')?.effects[0];
    expect(reg?.kind === 'note' && reg.text).toMatch(/^B registered fence 2 at the gateway \(r\)/);
    expect(trace.writes.find((w) => w.eventId === 'late')).toMatchObject({
      database: 'refused',
      failed: ['highest-seen'],
    });
  });
});
