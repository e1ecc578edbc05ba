import { describe, expect, it } from 'vitest';
import { layoutTimeline } from './drawing-geometry';
import { loadTimelineEngine, parseScenario, type Scenario } from './index';

const restart: Scenario = {
  version: 1,
  id: 'restart',
  title: 'A restarted under the same name',
  design: 'renew-without-token',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'C', restartOf: 'A' }],
  targets: { objectStore: 'overwrite', gateway: 'at-takeover' },
  events: [
    { id: 'e1', kind: 'claim', worker: 'A' },
    { id: 'e2', kind: 'pause', worker: 'A' },
    { id: 'e3', kind: 'advance', seconds: 5 },
    { id: 'e4', kind: 'claim', worker: 'C' },
    { id: 'e5', kind: 'resume', worker: 'A' },
    { id: 'e6', kind: 'renew', worker: 'A' },
    { id: 'e7', kind: 'finish', worker: 'A' },
  ],
};

const engine = await loadTimelineEngine();

describe('a restarted worker (restartOf)', () => {
  it('claims under the original owner name with its own token; the old process keeps its own', () => {
    const trace = engine.run(restart);
    expect(trace.steps[3].after.run).toMatchObject({ owner: 'A', fence: 2 });
    expect(trace.steps[3].after.workers).toEqual([
      expect.objectContaining({ id: 'A', token: 1 }),
      expect.objectContaining({ id: 'C', restartOf: 'A', token: 2 }),
    ]);
    // Renewal matched on the name alone lets the old process through; the finish checks the fence.
    expect(trace.writes.map((w) => [w.worker, w.outcome])).toEqual([
      ['A', 'applied'],
      ['C', 'applied'],
      ['A', 'applied'],
      ['A', 'refused'],
    ]);
    expect(trace.writes[3].failed).toEqual(['fence']);
  });

  it('is validated: it must restart another original worker of the scenario', () => {
    const bad = (workers: Scenario['workers']) =>
      parseScenario({ ...restart, workers, events: [] });
    expect(bad([{ id: 'A' }, { id: 'C', restartOf: 'B' }])).toMatchObject({ ok: false });
    expect(bad([{ id: 'A', restartOf: 'A' }])).toMatchObject({ ok: false });
    expect(
      bad([{ id: 'A' }, { id: 'B', restartOf: 'A' }, { id: 'C', restartOf: 'B' }]),
    ).toMatchObject({ ok: false });
    expect(bad([{ id: 'A' }, { id: 'C', restartOf: 'A' }])).toMatchObject({ ok: true });
  });

  it('is labelled on its lane', () => {
    expect(layoutTimeline(restart).lanes[1].label).toBe('Worker C: A restarted, same owner name');
  });
});

describe('reads before a write (claim-read, report-check) and the design’s report store', () => {
  const base: Omit<Scenario, 'events' | 'design'> = {
    version: 1,
    id: 'reads',
    title: 'reads',
    leaseSeconds: 5,
    workers: [{ id: 'A' }, { id: 'B' }],
    targets: { objectStore: 'overwrite', gateway: 'at-takeover' },
  };

  it('claim-read: what A saw is written later without a re-check; a read that saw nothing sends no claim', () => {
    const trace = engine.run({
      ...base,
      design: 'select-then-update',
      events: [
        { id: 'r1', kind: 'claim-read', worker: 'A' },
        { id: 'c1', kind: 'claim', worker: 'B' },
        { id: 'c2', kind: 'claim', worker: 'A' },
        { id: 'r2', kind: 'claim-read', worker: 'B' },
        { id: 'c3', kind: 'claim', worker: 'B' },
      ],
    });
    expect(trace.writes.map((w) => [w.worker, w.outcome, w.token])).toEqual([
      ['B', 'applied', 1],
      ['A', 'applied', 1],
      ['B', 'refused', null],
    ]);
    expect(trace.writes[2].explanation).toMatch(/B's claim was refused: A holds the lease/);
    expect(
      layoutTimeline({ ...base, events: trace.steps.map((s) => s.event) }).reads.map(
        (r) => r.label,
      ),
    ).toEqual(['reads', 'reads']);
  });

  it('a claim-read under a one-statement design changes nothing and says so', () => {
    const trace = engine.run({
      ...base,
      design: 'fenced',
      events: [{ id: 'r1', kind: 'claim-read', worker: 'A' }],
    });
    expect(trace.steps[0].effects[0]).toMatchObject({
      kind: 'note',
      text: expect.stringMatching(/one statement/),
    });
  });

  it('report-check then report-write: a takeover in between goes unseen; a check after it stops the write', () => {
    const events: Scenario['events'] = [
      { id: 'a', kind: 'claim', worker: 'A' },
      { id: 'k1', kind: 'report-check', worker: 'A' },
      { id: 't', kind: 'advance', seconds: 5 },
      { id: 'b', kind: 'claim', worker: 'B' },
      { id: 'w1', kind: 'report-write', worker: 'A' },
      { id: 'k2', kind: 'report-check', worker: 'A' },
      { id: 'w2', kind: 'report-write', worker: 'A' },
      { id: 'w3', kind: 'report-write', worker: 'B' },
    ];
    const trace = engine.run({ ...base, design: 'worker-side-check', events });
    expect(
      trace.writes
        .slice(2)
        .map((w) => [w.worker, w.target, w.outcome, w.decision.violation?.kind ?? w.failed[0]]),
    ).toEqual([
      ['A', 'report', 'applied', 'stale-write'],
      ['A', 'report', 'refused', 'worker-check'],
      ['B', 'report', 'applied', undefined],
    ]);
    expect(trace.steps.at(-1)!.after.targets.reportRef).toEqual({
      ref: 'B token 2 batch 1',
      fence: 2,
    });
    // The lesson's store checks the generation where the write lands: once B has registered
    // (an event after its claim), A's first write is refused there.
    const registered = [
      ...events.slice(0, 4),
      { id: 'rb', kind: 'register', worker: 'B' } as const,
      ...events.slice(4),
    ];
    const fenced = engine.run({ ...base, design: 'fenced', events: registered });
    expect(fenced.writes[2]).toMatchObject({
      outcome: 'refused',
      failed: ['highest-seen'],
    });
    expect(layoutTimeline({ ...base, events }).lanes.map((l) => l.id)).toEqual([
      'A',
      'B',
      'run',
      'report',
    ]);
  });
});
