import { describe, expect, it } from 'vitest';
import { decodeScenario, encodeScenario } from './share';
import { parseScenario } from './schema';
import { runScenario, settingsLine, stateLines, type Scenario } from './index';

/** A holds fence 1, is paused past its lease, B takes over with fence 2, then A comes back. */
const takeover = [
  { id: 'a-claim', kind: 'claim', worker: 'A' },
  { id: 'a-pause', kind: 'pause', worker: 'A' },
  { id: 't6', kind: 'advance', seconds: 6 },
  { id: 'b-claim', kind: 'claim', worker: 'B' },
  { id: 'a-resume', kind: 'resume', worker: 'A' },
] as const satisfies Scenario['events'];

const mixed: Scenario = {
  version: 1,
  id: 'mixed',
  title: 'A fenced completion beside an unfenced email',
  leaseSeconds: 5,
  workers: [{ id: 'A' }, { id: 'B' }],
  targets: {
    objectStore: 'overwrite',
    gateway: 'at-takeover',
    checks: [
      { target: 'gateway:completion', check: { kind: 'run-row' } },
      { target: 'gateway:email', check: { kind: 'none' } },
    ],
  },
  events: [
    ...takeover,
    { id: 'b-done', kind: 'gateway-write', worker: 'B', resource: 'completion' },
    { id: 'a-done', kind: 'gateway-write', worker: 'A', resource: 'completion' },
    { id: 'a-email', kind: 'gateway-write', worker: 'A', resource: 'email' },
  ],
};

const outcomes = async (scenario: Scenario) =>
  Object.fromEntries((await runScenario(scenario)).writes.map((w) => [w.eventId, w.outcome]));

describe('each target its own check', () => {
  it('one scenario fences its completion and leaves its email unfenced', async () => {
    expect(await outcomes(mixed)).toMatchObject({
      'b-done': 'applied',
      'a-done': 'refused',
      'a-email': 'applied',
    });
    const t = await runScenario(mixed);
    const aDone = t.writes.find((w) => w.eventId === 'a-done')!;
    expect(aDone.decision.target).toEqual({ id: 'gateway:completion', guard: 'run-row' });
    expect(t.writes.find((w) => w.eventId === 'a-email')!.decision.checks).toEqual([]);
    // The state panel names each resource's own check.
    expect(stateLines(t.steps.at(-1)!.after, mixed, t.vocabulary, false).remote).toEqual(
      expect.arrayContaining([
        // Each check by its label, never its id ("(its check: run-row)", issue 38).
        'gateway (completion): keeps no fence (its check: equal to the run row, a trusted check)',
        'gateway (email): keeps no fence (its check: no check)',
      ]),
    );
    expect(settingsLine(mixed)).toContain(
      'completion check: equal to the run row (a trusted check) · email check: no check',
    );
  });

  it('the object store and the ticket API take their own checks too', async () => {
    const scenario: Scenario = {
      ...mixed,
      targets: {
        objectStore: 'overwrite',
        gateway: 'first-write',
        checks: [
          { target: 'objects', check: { kind: 'run-row' } },
          { target: 'tickets', check: { kind: 'none' } },
        ],
      },
      events: [
        ...takeover,
        { id: 'a-put', kind: 'object-put', worker: 'A' },
        { id: 'b-put', kind: 'object-put', worker: 'B' },
        { id: 'b-t', kind: 'ticket', worker: 'B', key: 'k1', action: 'refund' },
        { id: 'a-t', kind: 'ticket', worker: 'A', key: 'k1', action: 'refund' },
      ],
    };
    expect(await outcomes(scenario)).toMatchObject({
      'a-put': 'refused',
      'b-put': 'applied',
      // No check at the ticket API: the same key twice makes two tickets.
      'b-t': 'applied',
      'a-t': 'applied',
    });
    const end = (await runScenario(scenario)).steps.at(-1)!.after.targets;
    expect(end.officialReport?.writer).toBe('B');
    expect(end.tickets.map((k) => `${k.worker}:${k.key}`)).toEqual(['B:k1', 'A:k1']);
  });

  it("a cancel's new generation reaches every gateway resource that learns generations", async () => {
    const scenario: Scenario = {
      ...mixed,
      targets: {
        objectStore: 'overwrite',
        gateway: 'at-takeover',
        checks: [
          { target: 'gateway:ledger', check: { kind: 'highest-seen' } },
          { target: 'gateway:journal', check: { kind: 'majority', acceptors: 3 } },
        ],
      },
      events: [
        { id: 'a-claim', kind: 'claim', worker: 'A' },
        { id: 'cancel', kind: 'cancel' },
        { id: 'a-ledger', kind: 'gateway-write', worker: 'A', resource: 'ledger' },
        { id: 'a-journal', kind: 'gateway-write', worker: 'A', resource: 'journal' },
      ],
    };
    expect(await outcomes(scenario)).toMatchObject({
      'a-ledger': 'refused',
      'a-journal': 'refused',
    });
    const end = (await runScenario(scenario)).steps.at(-1)!.after.targets;
    expect(end.gatewayHighest).toEqual({ ledger: 2, journal: 2 });
  });

  it('the share link keeps every check, and refuses one a target cannot make', () => {
    const decoded = decodeScenario(encodeScenario(mixed));
    expect(decoded).toEqual({ ok: true, scenario: mixed });
    const bad = (checks: unknown) =>
      parseScenario({ ...mixed, targets: { ...mixed.targets, checks } });
    expect(bad([{ target: 'objects', check: { kind: 'majority', acceptors: 3 } }])).toEqual({
      ok: false,
      message:
        'This is not a valid scenario at targets.checks.0: objects cannot make the check majority of 3.',
    });
    expect(bad([{ target: 'printer', check: { kind: 'none' } }])).toMatchObject({
      ok: false,
      message: expect.stringContaining('printer is not a target'),
    });
    expect(
      bad([
        { target: 'gateway:email', check: { kind: 'none' } },
        { target: 'gateway:email', check: { kind: 'run-row' } },
      ]),
    ).toMatchObject({ ok: false, message: expect.stringContaining('chosen twice') });
    expect(
      bad(
        Array.from({ length: 13 }, (_, i) => ({
          target: `gateway:r${i}`,
          check: { kind: 'none' },
        })),
      ),
    ).toMatchObject({ ok: false, message: expect.stringContaining('at most 12') });
  });
});
