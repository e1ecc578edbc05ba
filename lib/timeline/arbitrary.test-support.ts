import fc from 'fast-check';
import { TARGET_KIND_LIST } from '@/lib/lease';
import { FINGERPRINT_KINDS } from '@/lib/lease/replicated-fence';
import { RESCUE_FIELDS } from '@/lib/lease/rescue';
import { GATEWAY_CHECK_KINDS, type TargetCheck } from '@/lib/lease/target-checks';
import { laneOfTarget, laneTargetNames } from './lanes';
import { conditionsArbitrary } from './arbitrary-conditions.test-support';
import type { GatewayCheck } from '@/lib/lease';
import type { Scenario, TargetCheckSetting, TimelineEvent } from './types';

const WORKERS = ['A', 'B', 'C'] as const;

/** Random events over workers A–C, for property tests (not shipped to the page). */
export function eventArbitrary(): fc.Arbitrary<Omit<TimelineEvent, 'id'>> {
  const worker = fc.constantFrom(...WORKERS);
  const op = fc.constantFrom('op-1', 'op-2');
  return fc.oneof(
    { weight: 3, arbitrary: fc.record({ kind: fc.constant('claim' as const), worker }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('renew' as const), worker }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('finish' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const) }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('draft' as const), worker, opId: op }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('object-put' as const), worker }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('object-commit' as const), worker, opId: op }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        kind: fc.constant('ticket' as const),
        worker,
        key: fc.constantFrom('k1', 'k2'),
        action: fc.constantFrom('refund', 'note'),
      }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('gateway-write' as const),
        worker,
        resource: fc.constantFrom('order-1', 'order-2'),
      }),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), worker }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        seconds: fc.integer({ min: 1, max: 8 }),
      }),
    },
  ) as fc.Arbitrary<Omit<TimelineEvent, 'id'>>;
}

/** Random valid scenarios: three workers, random offsets, targets and events. */
export function scenarioArbitrary(maxEvents = 30): fc.Arbitrary<Scenario> {
  return fc
    .record({
      leaseSeconds: fc.integer({ min: 1, max: 10 }),
      offsets: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 3, maxLength: 3 }),
      objectStore: fc.constantFrom('overwrite' as const, 'versioned' as const),
      gateway: fc.constantFrom('at-takeover' as const, 'first-write' as const),
      events: fc.array(eventArbitrary(), { maxLength: maxEvents }),
    })
    .map(({ leaseSeconds, offsets, objectStore, gateway, events }) => ({
      version: 1 as const,
      id: 'random',
      title: 'Random schedule',
      leaseSeconds,
      workers: WORKERS.map((id, i) => ({ id, clockOffset: offsets[i] })),
      targets: { objectStore, gateway },
      events: events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as TimelineEvent),
    }));
}

/** Every worker id the builder's random scenarios use (the engine takes any number of them). */
const BUILDER_WORKERS = ['A', 'B', 'C', 'D', 'E'] as const;

/** Token names of the case files and the builder's token-name field. */
const TOKEN_NAMES = ['fence', 'producer epoch', 'RangeID', 'zxid', 'epoch', 'attempt'] as const;

/** Every event kind the engine knows, over `workers`, for the builder's random scenarios. */
export function builderEventArbitrary(
  workers: readonly string[],
  acceptors: number,
): fc.Arbitrary<Omit<TimelineEvent, 'id'>> {
  const worker = fc.constantFrom(...workers);
  const ackLost = fc.option(fc.constant(true), { nil: undefined, freq: 6 });
  const reach = fc.option(
    fc.uniqueArray(fc.integer({ min: 1, max: acceptors }), { minLength: 0, maxLength: acceptors }),
    { nil: undefined, freq: 2 },
  );
  const resource = fc.constantFrom('email', 'ledger');
  const write = <K extends string, R extends object>(kind: K, rest: fc.Arbitrary<R>) =>
    fc
      .tuple(rest, ackLost)
      .map(([r, lost]) => ({ kind, ...r, ...(lost ? { ackLost: true } : {}) }));
  const w = fc.record({ worker });
  const arbitraries = [
    { weight: 4, arbitrary: write('claim', w) },
    { weight: 2, arbitrary: write('renew', w) },
    { weight: 3, arbitrary: write('finish', w) },
    { weight: 1, arbitrary: write('cancel', fc.record({})) },
    {
      weight: 1,
      arbitrary: write('draft', fc.record({ worker, opId: fc.constantFrom('op-1', 'op-2') })),
    },
    { weight: 1, arbitrary: write('object-put', w) },
    {
      weight: 1,
      arbitrary: write(
        'object-commit',
        fc.record({ worker, opId: fc.constantFrom('op-1', 'op-2') }),
      ),
    },
    {
      weight: 1,
      arbitrary: write(
        'ticket',
        fc.record({
          worker,
          key: fc.constantFrom('k1', 'k2'),
          action: fc.constantFrom('refund', 'note'),
        }),
      ),
    },
    {
      weight: 3,
      arbitrary: write(
        'gateway-write',
        fc.record(
          { worker, resource, key: fc.constantFrom('k1', 'k2'), reach },
          { requiredKeys: ['worker', 'resource'] },
        ),
      ),
    },
    { weight: 1, arbitrary: write('report-write', w) },
    { weight: 1, arbitrary: write('gateway-send', w) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('claim-read' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('report-check' as const), worker }) },
    {
      weight: 2,
      arbitrary: fc.record(
        { kind: fc.constant('register' as const), worker, resource, reach },
        { requiredKeys: ['kind', 'worker'] },
      ),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel-complete' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('rescue-read' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('long-transaction' as const), worker }) },
    {
      weight: 1,
      arbitrary: write(
        'rescue',
        fc.record({ compare: fc.subarray([...RESCUE_FIELDS]) }, { requiredKeys: [] }),
      ),
    },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('pause' as const), worker }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('resume' as const), worker }) },
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        seconds: fc.integer({ min: 1, max: 8 }),
      }),
    },
  ];
  return fc.oneof(...arbitraries) as fc.Arbitrary<Omit<TimelineEvent, 'id'>>;
}

/** A check of one target: a kind its lane offers, then one of that kind's own samples (1–5 acceptors for a majority). */
function checkArbitrary(name: string): fc.Arbitrary<TargetCheck> {
  return checkOfferedArbitrary(laneOfTarget(name)!.targets.offers);
}

/** A kind of `offers`, then one of that kind's own samples. */
function checkOfferedArbitrary(offers: readonly string[]): fc.Arbitrary<TargetCheck> {
  const kinds = TARGET_KIND_LIST.filter((k) => offers.includes(k.id));
  return fc
    .constantFrom(...kinds)
    .chain((k) => fc.constantFrom(...(k.samples as readonly TargetCheck[])));
}

/** Checks chosen target by target: every lane's targets, with two gateway resources. */
function targetChecksArbitrary(): fc.Arbitrary<TargetCheckSetting[]> {
  const one = (target: string) =>
    fc.option(
      checkArbitrary(target).map((check) => ({ target, check })),
      { nil: undefined, freq: 2 },
    );
  return fc
    .tuple(...laneTargetNames(['email', 'ledger']).map(one))
    .map((picked) => picked.filter((c): c is TargetCheckSetting => c !== undefined));
}

/**
 * Random scenarios over the builder's whole space: every design the timeline knows, every time
 * source (the statement clock, the worker's, the transaction clock), 1–5 workers (some restarted processes of another) with clock offsets, a first token, a
 * token name, every object store, gateway registration, gateway check (1–5 acceptors for a
 * majority) and presented token, each target's own check (the object store, the ticket API,
 * either gateway resource), the claim, renew and finish conditions picked from the rulebook's
 * catalogue (each the design's own two times in three), and every event kind, with lost
 * acknowledgements.
 */
export function builderScenarioArbitrary(
  designs: readonly string[],
  maxEvents = 14,
): fc.Arbitrary<Scenario> {
  const setup = fc.record({
    design: fc.constantFrom(...designs),
    leaseSeconds: fc.integer({ min: 1, max: 10 }),
    timeSource: fc.constantFrom(
      'database' as const,
      'database' as const,
      'worker' as const,
      'transaction' as const,
      'application' as const,
    ),
    count: fc.integer({ min: 1, max: BUILDER_WORKERS.length }),
    offsets: fc.array(fc.integer({ min: -5, max: 5 }), { minLength: 5, maxLength: 5 }),
    restarts: fc.array(fc.boolean(), { minLength: 5, maxLength: 5 }),
    firstToken: fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
    token: fc.option(fc.constantFrom(...TOKEN_NAMES), { nil: undefined }),
    objectStore: fc.constantFrom('overwrite' as const, 'versioned' as const),
    gateway: fc.constantFrom('at-takeover' as const, 'first-write' as const),
    gatewayCheck: checkOfferedArbitrary(GATEWAY_CHECK_KINDS),
    fingerprint: fc.option(fc.constantFrom(...FINGERPRINT_KINDS), { nil: undefined }),
    checks: targetChecksArbitrary(),
    conditions: conditionsArbitrary(),
  });
  return setup.chain((s) => {
    const ids = BUILDER_WORKERS.slice(0, s.count);
    // Acceptor numbers a message may reach: up to the largest replicated resource's count.
    const acceptors = Math.max(
      s.gatewayCheck.acceptors ?? 1,
      ...s.checks.map((c) => c.check.acceptors ?? 1),
    );
    return fc
      .array(builderEventArbitrary(ids, acceptors), { maxLength: maxEvents })
      .map((events): Scenario => ({
        version: 1,
        id: 'random-builder',
        title: 'Random builder scenario',
        design: s.design,
        leaseSeconds: s.leaseSeconds,
        ...(s.timeSource !== 'database' ? { timeSource: s.timeSource } : {}),
        ...(s.firstToken !== undefined ? { firstToken: s.firstToken } : {}),
        ...(s.token !== undefined ? { terms: { token: s.token } } : {}),
        ...(s.conditions ? { conditions: s.conditions } : {}),
        // A lane after the first may be a restarted process of the first (same owner name).
        workers: ids.map((id, i) => ({
          id,
          clockOffset: s.offsets[i],
          ...(i > 0 && s.restarts[i] && s.restarts[i - 1] === false ? { restartOf: ids[0] } : {}),
        })),
        targets: {
          objectStore: s.objectStore,
          gateway: s.gateway,
          gatewayCheck: s.gatewayCheck as GatewayCheck,
          ...(s.fingerprint ? { fingerprint: s.fingerprint } : {}),
          ...(s.checks.length ? { checks: s.checks } : {}),
        },
        events: events.map((e, i) => ({ ...e, id: `e${i + 1}` }) as TimelineEvent),
      }));
  });
}
