import { beforeAll, describe, expect, it } from 'vitest';
import { loadTimelineEngine } from './engine';
import { markTone, runRowLine } from './describe';
import { leaseBarLabel, leaseBarsAt } from './lease-bars';
import type { TimelineEngine } from './state';
import type { Scenario, TimelineEvent, Trace, WriteEffect } from './types';

/*
 * Issue 22's measured cases on the built app, pinned at the engine: each wrote the wrong words
 * (or drew the wrong mark) before the timeline took its words from the rulebook's decisions.
 */

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

const scenario = (over: Partial<Scenario> & { events: TimelineEvent[] }): Scenario => ({
  version: 1,
  id: 'measured',
  title: 'measured',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: { objectStore: 'versioned', gateway: 'first-write' },
  ...over,
});
const takeover: TimelineEvent[] = [
  { id: 'a-claim', kind: 'claim', worker: 'A' },
  { id: 'pause', kind: 'pause', worker: 'A' },
  { id: 'wait', kind: 'advance', seconds: 6 },
  { id: 'b-claim', kind: 'claim', worker: 'B' },
  { id: 'resume', kind: 'resume', worker: 'A' },
];
const at = (trace: Trace, id: string): WriteEffect => trace.writes.find((w) => w.eventId === id)!;
const words = (w: WriteEffect) => [w.explanation, w.verdictLine, ...w.rules].join(' | ');

describe('issue 22: the measured cases', () => {
  it('1 and 2: TTL only: the culprit is named and drawn red, the victim is not blamed, no fence anywhere', () => {
    const trace = engine.run(
      scenario({
        design: 'ttl-only',
        events: [
          ...takeover,
          { id: 'a-finish', kind: 'finish', worker: 'A' },
          { id: 'b-finish', kind: 'finish', worker: 'B' },
        ],
      }),
    );
    const stale = at(trace, 'a-finish');
    const victim = at(trace, 'b-finish');
    expect(stale.decision.violation).toMatchObject({ culprit: 'A', victim: 'B' });
    expect(markTone(stale)).toBe('broke');
    expect(markTone(victim)).toBe('held-back');
    expect(victim.explanation).not.toMatch(/lost the right/);
    expect(victim.explanation).toMatch(/B still holds the run/);
    expect(trace.vocabulary.fenced).toBe(false);
    for (const w of trace.writes) expect(words(w)).not.toMatch(/fence/i);
    const bars = leaseBarsAt(trace, trace.steps.length - 1);
    for (const bar of bars) expect(leaseBarLabel(bar, trace.vocabulary)).not.toMatch(/fence/i);
    // The trace table's run-row lines name no fence either (they said "fence=2").
    for (const step of trace.steps)
      expect(runRowLine(step.after.run, trace.vocabulary)).not.toMatch(/fence/i);
    // B's bar says who finished the run: A's stale finish, not B.
    expect(leaseBarLabel(bars.at(-1)!, trace.vocabulary)).toMatch(/\(run done by A\)$/);
  });

  it('3: a refused renewal is called a renewal', () => {
    const trace = engine.run(
      scenario({ events: [...takeover, { id: 'a-renew', kind: 'renew', worker: 'A' }] }),
    );
    expect(at(trace, 'a-renew').explanation).toMatch(/^0 rows changed: A's renewal was refused/);
  });

  it('5: a quorum refusal shows the quorum rule; an equality gateway its conditions; neither highest-seen', () => {
    const quorum = engine.run(
      scenario({
        targets: {
          objectStore: 'versioned',
          gateway: 'first-write',
          gatewayCheck: { kind: 'majority', acceptors: 3 },
        },
        events: [
          { id: 'a-claim', kind: 'claim', worker: 'A' },
          { id: 'w', kind: 'gateway-write', worker: 'A', resource: 'journal', reach: [1] },
        ],
      }),
    );
    const minority = at(quorum, 'w');
    expect(minority.rules.join(' ')).toMatch(/majority of its acceptors/);
    expect(minority.rules.join(' ')).not.toMatch(/Highest-seen/);
    // 7: stored by one acceptor of three is not "refused, 0 rows".
    expect(minority.verdictLine).toBe('not committed: stored by 1 of 3 acceptors, a majority is 2');
    const equality = engine.run(
      scenario({
        targets: {
          objectStore: 'versioned',
          gateway: 'first-write',
          gatewayCheck: { kind: 'run-row' },
        },
        events: [...takeover, { id: 'w', kind: 'gateway-write', worker: 'A', resource: 'ledger' }],
      }),
    );
    expect(at(equality, 'w').rules.join(' ')).not.toMatch(/Highest-seen/);
    expect(at(equality, 'w').failed).toEqual(['fence']);
  });

  it('6: a claim that trusted an earlier read reopens a done run: said, and no atomic-claim rule', () => {
    const trace = engine.run(
      scenario({
        design: 'select-then-update',
        events: [
          { id: 'b-read', kind: 'claim-read', worker: 'B' },
          { id: 'a-claim', kind: 'claim', worker: 'A' },
          { id: 'a-finish', kind: 'finish', worker: 'A' },
          { id: 'b-claim', kind: 'claim', worker: 'B' },
        ],
      }),
    );
    const reopen = at(trace, 'b-claim');
    expect(reopen.database).toBe('applied');
    expect(reopen.decision.violation).toMatchObject({ kind: 'final-claimed', culprit: 'B' });
    expect(reopen.explanation).toMatch(/checks nothing .*the run was done/);
    expect(reopen.explanation).toMatch(/A done run is open again/);
    expect(words(reopen)).not.toMatch(/atomic statement/);
  });

  it('7: a gateway with no check names no highest token', () => {
    const trace = engine.run(
      scenario({
        targets: {
          objectStore: 'versioned',
          gateway: 'first-write',
          gatewayCheck: { kind: 'none' },
        },
        events: [...takeover, { id: 'w', kind: 'gateway-write', worker: 'A', resource: 'email' }],
      }),
    );
    expect(words(at(trace, 'w'))).not.toMatch(/highest/i);
    expect(at(trace, 'w').explanation).toMatch(/checks nothing/);
  });

  it('9: 0 rows after the holder’s own finish landed is "already done by" it, not a refusal', () => {
    const trace = engine.run(
      scenario({
        events: [
          { id: 'a-claim', kind: 'claim', worker: 'A' },
          { id: 'a-finish', kind: 'finish', worker: 'A', ackLost: true },
          { id: 'a-retry', kind: 'finish', worker: 'A' },
        ],
      }),
    );
    expect(at(trace, 'a-retry').verdictLine).toBe('duplicate, 0 rows: already done by A');
    expect(at(trace, 'a-retry').explanation).not.toMatch(/lost the right/);
  });
});
