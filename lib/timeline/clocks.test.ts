import { describe, expect, it } from 'vitest';
import { decodeScenario, encodeScenario } from './share';
import { runScenario, settingsLine, type Scenario } from './index';

// Issue 26: a worker whose clock runs 3 s fast renews at t=3; the words name the clock that
// judged its lease (the database's, or the worker's own), and the share link keeps the setting.
const fast = (timeSource: Scenario['timeSource']): Scenario => ({
  version: 1,
  id: 'fast-clock',
  title: 'A clock 3 s fast',
  leaseSeconds: 5,
  ...(timeSource ? { timeSource } : {}),
  workers: [{ id: 'A', clockOffset: 3 }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'claim', kind: 'claim', worker: 'A' },
    { id: 'wait', kind: 'advance', seconds: 3 },
    { id: 'renew', kind: 'renew', worker: 'A' },
  ],
});

const renewOf = async (s: Scenario) =>
  (await runScenario(s)).writes.find((w) => w.eventId === 'renew')!;

describe('the clock that judged a lease', () => {
  it('the database clock: the renewal lands, and the words say which clock read 3', async () => {
    const w = await renewOf(fast('database'));
    expect(w.outcome).toBe('applied');
    expect(w.decision.clock).toEqual({ kind: 'database' });
    expect(w.explanation).toContain(
      'the lease ran until 5 (it is 3 by the database statement clock)',
    );
  });

  it('the worker’s own clock, 3 s fast: the same renewal finds its lease over', async () => {
    const w = await renewOf(fast('worker'));
    expect(w.outcome).toBe('refused');
    expect(w.decision.clock).toEqual({ kind: 'worker', holder: 'A', offset: 3 });
    expect(w.explanation).toContain(
      "the lease ended at 5, it is now 6 by A's own clock, 3 s ahead of the database",
    );
  });

  it('a scenario that sets no clock keeps its words as before', async () => {
    const plain = { ...fast(undefined), workers: [{ id: 'A' }] };
    const w = await renewOf(plain);
    expect(w.decision.clock).toBeUndefined();
    expect(w.explanation).not.toContain('clock');
  });

  it('the setting survives the share link', () => {
    for (const s of [fast('database'), fast('worker'), fast('transaction')])
      expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
  });

  it('a link made before the transaction clock opens as it did', async () => {
    // encodeScenario(fast('worker')) at a041643, before 'transaction' and 'long-transaction'.
    const old =
      'eyJ2ZXJzaW9uIjoxLCJpZCI6ImZhc3QtY2xvY2siLCJ0aXRsZSI6IkEgY2xvY2sgMyBzIGZhc3QiLCJsZWFzZVNlY29uZHMiOjUsInRpbWVTb3VyY2UiOiJ3b3JrZXIiLCJ3b3JrZXJzIjpbeyJpZCI6IkEiLCJjbG9ja09mZnNldCI6M31dLCJ0YXJnZXRzIjp7Im9iamVjdFN0b3JlIjoib3ZlcndyaXRlIiwiZ2F0ZXdheSI6ImZpcnN0LXdyaXRlIn0sImV2ZW50cyI6W3siaWQiOiJjbGFpbSIsImtpbmQiOiJjbGFpbSIsIndvcmtlciI6IkEifSx7ImlkIjoid2FpdCIsImtpbmQiOiJhZHZhbmNlIiwic2Vjb25kcyI6M30seyJpZCI6InJlbmV3Iiwia2luZCI6InJlbmV3Iiwid29ya2VyIjoiQSJ9XX0';
    const decoded = decodeScenario(old);
    expect(decoded).toEqual({ ok: true, scenario: fast('worker') });
    if (decoded.ok) expect((await renewOf(decoded.scenario)).outcome).toBe('refused');
  });
});

describe('the settings line names the clock that judges a lease', () => {
  it('the worker’s own clock, the database clock, or nothing when no clock is set', () => {
    expect(settingsLine(fast('worker'))).toMatch(
      /^Lease 5 s, judged by the writing worker’s own clock · fenced design/,
    );
    expect(settingsLine(fast('database'))).toMatch(
      /^Lease 5 s, judged by the database statement clock · fenced design/,
    );
    expect(settingsLine({ ...fast(undefined), workers: [{ id: 'A' }] })).toBe(
      'Lease 5 s · fenced design',
    );
  });
});

/*
 * The transaction clock: now() reads the time the statement's transaction began. A worker
 * claims at 0 (lease 5), opens a transaction at 1 and finishes at 7 inside it.
 */
const longTransaction = (timeSource: Scenario['timeSource']): Scenario => ({
  version: 1,
  id: 'long-transaction',
  title: 'A finish inside a long transaction',
  leaseSeconds: 5,
  ...(timeSource ? { timeSource } : {}),
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'claim', kind: 'claim', worker: 'A' },
    { id: 'wait', kind: 'advance', seconds: 1 },
    { id: 'begin', kind: 'long-transaction', worker: 'A' },
    { id: 'work', kind: 'advance', seconds: 6 },
    { id: 'finish', kind: 'finish', worker: 'A' },
  ],
});

const writeOf = async (s: Scenario, id: string) =>
  (await runScenario(s)).writes.find((w) => w.eventId === id)!;

describe('the transaction clock and a long transaction', () => {
  it('now() in the open transaction still reads 1: the finish lands after its lease ended at 5', async () => {
    const w = await writeOf(longTransaction('transaction'), 'finish');
    expect(w.outcome).toBe('applied');
    expect(w.decision.clock).toEqual({ kind: 'transaction', holder: 'A', began: 1, statement: 7 });
    expect(w.explanation).toContain(
      "the lease ran until 5 (it is 1 by the transaction clock of A's open transaction, which began at 1; the statement clock reads 7)",
    );
  });

  it('the statement clock reads 7 in the same transaction: the finish is refused on the lease', async () => {
    const w = await writeOf(longTransaction('database'), 'finish');
    expect(w.outcome).toBe('refused');
    expect(w.failed).toEqual(['lease']);
    expect(w.explanation).toContain(
      'the lease ended at 5, it is now 7 by the database statement clock',
    );
  });

  it('without a transaction held open, now() is the statement’s own time', async () => {
    const s = longTransaction('transaction');
    const w = await writeOf({ ...s, events: s.events.filter((e) => e.id !== 'begin') }, 'finish');
    expect(w.outcome).toBe('refused');
    expect(w.explanation).toContain(
      "the lease ended at 5, it is now 7 by the transaction clock of A's statement, its own transaction",
    );
  });

  it('the write commits the transaction: A’s next statement reads the statement time again', async () => {
    const s = longTransaction('transaction');
    const renewFirst: Scenario = {
      ...s,
      events: [
        ...s.events.slice(0, 4),
        { id: 'renew', kind: 'renew', worker: 'A' },
        { id: 'finish', kind: 'finish', worker: 'A' },
      ],
    };
    const trace = await runScenario(renewFirst);
    // The renewal, run at 1 inside the transaction, sets the lease to 1 + 5 = 6, already past.
    expect(trace.writes.map((w) => [w.eventId, w.outcome])).toEqual([
      ['claim', 'applied'],
      ['renew', 'applied'],
      ['finish', 'refused'],
    ]);
    expect(trace.steps[4].after.run.leaseUntil).toBe(6);
    expect(trace.writes[2].decision.clock).toMatchObject({ began: 7, statement: 7 });
  });

  it('a claim inside a long transaction sets its lease from the transaction’s start', async () => {
    const s: Scenario = {
      ...longTransaction('transaction'),
      events: [
        { id: 'begin', kind: 'long-transaction', worker: 'A' },
        { id: 'fire', kind: 'advance', seconds: 8 },
        { id: 'a-locks', kind: 'claim', worker: 'A' },
        { id: 'b-locks', kind: 'claim', worker: 'B' },
      ],
    };
    const trace = await runScenario(s);
    expect(trace.steps[2].after.run.leaseUntil).toBe(5);
    expect(trace.writes.map((w) => [w.eventId, w.outcome])).toEqual([
      ['a-locks', 'applied'],
      ['b-locks', 'applied'],
    ]);
    expect(trace.writes[1].explanation).toContain(
      "the lease had ended at 5 (it is now 8 by the transaction clock of B's statement, its own transaction)",
    );
  });

  it('the long transaction’s step says what now() reads, and whether the lease checks read it', async () => {
    const noteOf = async (s: Scenario) => {
      const step = (await runScenario(s)).steps.find((x) => x.event.id === 'begin')!;
      return step.effects[0].kind === 'note' ? step.effects[0].text : '';
    };
    expect(await noteOf(longTransaction('transaction'))).toBe(
      "A opens a transaction at 1 and holds it open: now() in it reads 1 until A's next write to the database runs in it and commits it.",
    );
    expect(await noteOf(longTransaction('database'))).toBe(
      'A opens a transaction at 1 and holds it open; the lease checks read the database statement clock, not now(), so the time it began decides none of them.',
    );
    const paused = longTransaction('transaction');
    paused.events.splice(2, 0, { id: 'pause', kind: 'pause', worker: 'A' });
    expect(await noteOf(paused)).toBe('A is paused: it opens nothing.');
    expect(settingsLine(longTransaction('transaction'))).toMatch(
      /^Lease 5 s, judged by the transaction clock, now\(\) · fenced design/,
    );
    expect(settingsLine(longTransaction(undefined))).toMatch(
      /^Lease 5 s, judged by the database statement clock · /,
    );
  });

  it('both round-trip through a share link', () => {
    for (const s of [longTransaction('transaction'), longTransaction('database')])
      expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
  });
});

/*
 * Each worker's own clock for every statement, claims included (a lock library that sends the
 * application's time). A's clock is right and B's runs 90 s ahead; A takes a 60 s lock at 0 and
 * B asks for it at 10.
 */
const skewedNodes = (timeSource: Scenario['timeSource']): Scenario => ({
  version: 1,
  id: 'skewed-nodes',
  title: 'Two nodes, clocks 90 s apart',
  leaseSeconds: 60,
  ...(timeSource ? { timeSource } : {}),
  workers: [{ id: 'A' }, { id: 'B', clockOffset: 90 }],
  targets: { objectStore: 'overwrite', gateway: 'first-write' },
  events: [
    { id: 'claim-A', kind: 'claim', worker: 'A' },
    { id: 'wait', kind: 'advance', seconds: 10 },
    { id: 'claim-B', kind: 'claim', worker: 'B' },
  ],
});

describe('each worker’s own clock, claims included', () => {
  it('B’s clock, 90 s ahead, finds A’s 60 s lock over at 10: B takes it while A still runs', async () => {
    const w = await writeOf(skewedNodes('application'), 'claim-B');
    expect(w.outcome).toBe('applied');
    expect(w.decision.clock).toEqual({ kind: 'worker', holder: 'B', offset: 90 });
  });

  it('by the database statement clock the same claim is refused until 60', async () => {
    const w = await writeOf(skewedNodes('database'), 'claim-B');
    expect(w.outcome).toBe('refused');
    expect(w.decision.clock).toEqual({ kind: 'database' });
  });

  it('judged by the worker’s clock for commits only, the claim still reads the database’s', async () => {
    expect((await writeOf(skewedNodes('worker'), 'claim-B')).outcome).toBe('refused');
  });

  it('the settings line names it, and the share link keeps it', () => {
    expect(settingsLine(skewedNodes('application'))).toMatch(
      /^Lease 60 s, judged by each worker’s own clock, claims included · fenced design/,
    );
    const s = skewedNodes('application');
    expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
  });
});
