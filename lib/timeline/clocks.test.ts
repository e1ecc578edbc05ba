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
    expect(w.explanation).toContain('the lease ran until 5 (it is 3 by the database clock)');
  });

  it('the worker’s own clock, 3 s fast: the same renewal finds its lease over', async () => {
    const w = await renewOf(fast('worker'));
    expect(w.outcome).toBe('refused');
    expect(w.decision.clock).toEqual({ kind: 'worker', holder: 'A', offset: 3 });
    expect(w.explanation).toContain(
      "the lease ended at 5, it is now 6 by A's own clock (3 s ahead of the database)",
    );
  });

  it('a scenario that sets no clock keeps its words as before', async () => {
    const plain = { ...fast(undefined), workers: [{ id: 'A' }] };
    const w = await renewOf(plain);
    expect(w.decision.clock).toBeUndefined();
    expect(w.explanation).not.toContain('clock');
  });

  it('the setting survives the share link', () => {
    for (const s of [fast('database'), fast('worker')])
      expect(decodeScenario(encodeScenario(s))).toEqual({ ok: true, scenario: s });
  });
});

describe('the settings line names the clock that judges a lease', () => {
  it('the worker’s own clock, the database clock, or nothing when no clock is set', () => {
    expect(settingsLine(fast('worker'))).toMatch(
      /^Lease 5 s, judged by the writing worker’s own clock · fenced design/,
    );
    expect(settingsLine(fast('database'))).toMatch(
      /^Lease 5 s, judged by the database clock · fenced design/,
    );
    expect(settingsLine({ ...fast(undefined), workers: [{ id: 'A' }] })).toBe(
      'Lease 5 s · fenced design',
    );
  });
});
