import { describe, expect, it } from 'vitest';
import { NO_CHECK } from '@/lib/lease';
import { layoutTimeline, runScenario, settingsLine, type Scenario } from '@/lib/timeline';
import { WRITE_EVENT_KINDS, type TargetsConfig } from '@/lib/timeline/types';
import { withTargetCheck } from '@/lib/timeline/target-list';
import { CHECKED_LANES, LANES, laneOfTarget, laneTargetNames, type Lane } from './index';

/*
 * The lanes as units: every write lands on one lane, each checked lane's default is the first
 * check it offers, and what the learner reads about a lane's target (its name in a sentence, its
 * title on the settings line, its picker's old settings) comes from the lane's object.
 */

const PLAIN: TargetsConfig = { objectStore: 'overwrite', gateway: 'at-takeover' };

describe('the registry of lanes', () => {
  it('draws every write event on exactly one lane', () => {
    for (const kind of WRITE_EVENT_KINDS)
      expect(
        LANES.filter((l) => (l.events as readonly string[]).includes(kind)).map((l) => l.id),
        kind,
      ).toHaveLength(1);
  });

  it('owns each target name it lists, and gives its default check first in its picker', () => {
    for (const name of laneTargetNames(['email'])) {
      const lane = laneOfTarget(name)!;
      expect(lane.targets.names(['email'])).toContain(name);
      expect(lane.targets.offers[0]).toBe(lane.targets.defaultCheck(PLAIN).kind);
    }
    expect(laneOfTarget('printer')).toBeNull();
  });

  it('keeps a check its lane’s older settings hold in those settings (an old link’s form)', () => {
    for (const lane of CHECKED_LANES)
      for (const name of lane.targets.names(['email']))
        for (const kind of lane.targets.offers) {
          const next = withTargetCheck(PLAIN, name, { kind });
          const plain = lane.targets.plainSetting?.({ kind }) ?? null;
          expect(next.checks === undefined, `${name} ${kind}`).toBe(plain !== null);
          // Whichever form holds it, the target makes the check chosen.
          expect(lane.targets.defaultCheck(next).kind === kind || next.checks?.length === 1).toBe(
            true,
          );
        }
  });
});

describe('a lane’s words are its object’s', () => {
  const scenario: Scenario = {
    version: 1,
    id: 'lanes',
    title: 'A stale upload and a stale ticket',
    leaseSeconds: 5,
    workers: [{ id: 'A' }, { id: 'B' }],
    targets: {
      ...PLAIN,
      checks: [
        { target: 'objects', check: { kind: 'highest-seen' } },
        { target: 'tickets', check: { kind: 'highest-seen' } },
      ],
    },
    events: [
      { id: 'a-claim', kind: 'claim', worker: 'A' },
      { id: 't6', kind: 'advance', seconds: 6 },
      { id: 'b-claim', kind: 'claim', worker: 'B' },
      { id: 'b-put', kind: 'object-put', worker: 'B' },
      { id: 'a-put', kind: 'object-put', worker: 'A' },
      { id: 'b-ticket', kind: 'ticket', worker: 'B', key: 'k0', action: 'refund' },
      { id: 'a-ticket', kind: 'ticket', worker: 'A', key: 'k1', action: 'refund' },
    ],
  };

  it('names each target as its lane does, in the sentences and on the settings line', async () => {
    const trace = await runScenario(scenario);
    const said = (id: string) => trace.writes.find((w) => w.eventId === id)!;
    expect(said('a-put').outcome).toBe('refused');
    expect(said('a-put').explanation).toContain('the object store');
    expect(said('a-ticket').outcome).toBe('refused');
    expect(said('a-ticket').explanation).toContain('the ticket API');
    expect(settingsLine(scenario)).toContain(
      'object store check: highest fence seen · ticket API check: highest fence seen',
    );
  });

  it('labels each lane of the drawing by its object, in the scenario’s terms and its check', () => {
    const labels = (s: Scenario) =>
      Object.fromEntries(layoutTimeline(s).lanes.map((l) => [l.id, l.label]));
    expect(labels(scenario)).toMatchObject({
      run: 'Database (run row, draft)',
      objects: 'Object store (report.md)',
      // The ticket API of this scenario compares tokens: its label says so, not "keys only".
      tickets: 'Ticket API: highest token seen',
    });
    expect(labels({ ...scenario, targets: PLAIN }).tickets).toBe(
      'Ticket API: idempotency key only',
    );
    const gateway: Lane = LANES.find((l) => l.id === 'gateway')!;
    const none = () => NO_CHECK.setting();
    expect(gateway.label({ resource: 'journal' }, none)).toBe('Fencing gateway: journal');
    expect(gateway.label({}, none)).toBe('Fencing gateway');
  });
});
