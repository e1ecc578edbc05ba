import { describe, expect, it } from 'vitest';
import { BLANK_SCENARIO } from '@/content/timeline/scenarios';
import type { ClaimCondition, RunCondition } from '@/lib/lease';
import { conditionListProblem, withConditions } from './scenario-conditions';
import { decodeScenario, encodeScenario } from './share';
import { runScenario, type Scenario } from './index';

// Issue 26, conditions as data in the builder: the short example (A claims, pauses past its
// lease, B takes over, A wakes and finishes) with the learner's own finish conditions.
const withFinish = (finish: RunCondition[] | undefined): Scenario => ({
  ...BLANK_SCENARIO,
  // A's clock runs 2 s behind: claimed_at is the claimer's own clock, attempted_at the database's.
  workers: [{ id: 'A', clockOffset: -2 }, { id: 'B' }],
  ...(finish ? { conditions: { finish } } : {}),
});
const FINGERPRINT: RunCondition = { kind: 'fingerprint', columns: ['attempt', 'claimed_at'] };

const lateFinish = async (s: Scenario) => {
  const trace = await runScenario(s);
  const w = trace.writes.find((x) => x.eventId === 'e6');
  if (!w) throw new Error('no finish');
  return { w, trace };
};

describe('a scenario’s own finish conditions', () => {
  it('a finish by the run id alone lets A’s stale completion through', async () => {
    const { w } = await lateFinish(withFinish([]));
    expect(w.outcome).toBe('applied');
    expect(w.decision.violation).toMatchObject({ kind: 'stale-write', culprit: 'A', victim: 'B' });
    expect(w.explanation).toContain('checks nothing but the run id');
  });

  it('a finish that compares the fingerprint (attempt, claimed_at) refuses it, in words that agree with the row', async () => {
    const { w, trace } = await lateFinish(withFinish([FINGERPRINT]));
    expect(w.outcome).toBe('refused');
    expect(w.failed).toEqual(['fingerprint']);
    expect(w.verdictLine).toBe('refused, 0 rows: (attempt, claimed_at)');
    // A claimed at 0 by the database, -2 by its own clock; B at 6 with attempt 2. attempted_at is
    // not compared, so the design does not record it.
    expect(w.decision.before).toMatchObject({ attempt: 2, claimedAt: 6 });
    expect(w.decision.before?.attemptedAt).toBeUndefined();
    expect(w.explanation).toContain("(attempt, claimed_at) is (2, 6), A's claim left (1, -2)");
    expect(trace.steps.at(-1)?.after.run.status).toBe('running');
  });

  it('the share link keeps the conditions; a link without them runs the design’s own', async () => {
    const s = withFinish([FINGERPRINT, { kind: 'status-in', statuses: ['running'] }]);
    const decoded = decodeScenario(encodeScenario(s));
    expect(decoded.ok && decoded.scenario.conditions).toEqual(s.conditions);
    const old = decodeScenario(encodeScenario(withFinish(undefined)));
    expect(old.ok && old.scenario.conditions).toBeUndefined();
    expect((await lateFinish(withFinish(undefined))).w.failed).toEqual(['owner', 'fence']);
  });

  it('a link with conditions the catalogue does not know is refused', () => {
    const bad = encodeScenario({
      ...BLANK_SCENARIO,
      conditions: { finish: [{ kind: 'fingerprint', columns: [] }] },
    });
    expect(decodeScenario(bad).ok).toBe(false);
  });

  it('says why the builder’s picker cannot take a list, in a sentence', () => {
    expect(conditionListProblem(['owner', FINGERPRINT])).toBeNull();
    expect(conditionListProblem([{ kind: 'fingerprint', columns: [] }])).toBe(
      'A fingerprint compares at least one column.',
    );
    expect(conditionListProblem([{ kind: 'status-in', statuses: [] }])).toBe(
      'A status set holds at least one status.',
    );
    expect(conditionListProblem(['owner', 'owner'])).toBe('A condition is listed once.');
  });

  it('says why a claim’s list cannot be taken: empty, a commit’s condition, a status set of none', () => {
    expect(conditionListProblem([{ kind: 'lease-expired' }], 'claim')).toBeNull();
    expect(conditionListProblem([], 'claim')).toBe('A claim checks at least one condition.');
    expect(conditionListProblem(['owner'], 'claim')).not.toBeNull();
    expect(conditionListProblem([{ kind: 'status-in', statuses: [] }], 'claim')).toBe(
      'A status set holds at least one status.',
    );
    // A renew or finish may check nothing but the run id; a claim may not.
    expect(conditionListProblem([], 'finish')).toBeNull();
  });
});

describe('a scenario’s own claim conditions', () => {
  const withClaim = (claim: ClaimCondition[]): Scenario => ({
    ...BLANK_SCENARIO,
    conditions: { claim },
  });
  const claimOf = async (s: Scenario, id: string) => {
    const w = (await runScenario(s)).writes.find((x) => x.eventId === id);
    if (!w) throw new Error(`no write ${id}`);
    return w;
  };

  it('a claim that takes only queued runs refuses B’s takeover of A’s expired lease, in words that agree with the row', async () => {
    const w = await claimOf(withClaim([{ kind: 'status-in', statuses: ['queued'] }]), 'e4');
    expect(w.outcome).toBe('refused');
    expect(w.failed).toEqual(['status']);
    expect(w.explanation).toContain('the run is already running');
    // The lesson's claim takes it (A's lease ran out at 5, it is 6).
    expect((await claimOf(BLANK_SCENARIO, 'e4')).outcome).toBe('applied');
  });

  it('an open run whose lease ran out: the takeover lands, and its words say when the lease ended', async () => {
    const claim: ClaimCondition[] = [
      { kind: 'status-in', statuses: ['queued', 'running'] },
      { kind: 'lease-expired' },
    ];
    const w = await claimOf(withClaim(claim), 'e4');
    expect(w.outcome).toBe('applied');
    expect(w.decision.checks.map((c) => [c.name, c.held])).toEqual([
      ['status', true],
      ['lease', true],
    ]);
    expect(w.explanation).toContain('the lease ended at 5, it is now 6');
  });

  it('the share link keeps the claim’s conditions; an old link runs the lesson’s claim', () => {
    const s = withClaim([{ kind: 'lease-expired' }, { kind: 'claimable' }]);
    const decoded = decodeScenario(encodeScenario(s));
    expect(decoded.ok && decoded.scenario.conditions).toEqual(s.conditions);
    const old = decodeScenario(encodeScenario(BLANK_SCENARIO));
    expect(old.ok && old.scenario.conditions).toBeUndefined();
    // A claim that checks nothing, or picks a condition a claim cannot compare, is refused.
    expect(decodeScenario(encodeScenario(withClaim([]))).ok).toBe(false);
    const owner = { ...BLANK_SCENARIO, conditions: { claim: ['owner'] } } as unknown as Scenario;
    expect(decodeScenario(encodeScenario(owner)).ok).toBe(false);
  });

  it('a compare-and-set claim: two reads before either write, one claim lands and the other is refused on its compare; the link keeps it', async () => {
    const cas: ClaimCondition[] = [{ kind: 'claimable' }, { kind: 'as-read', column: 'fence' }];
    const race = (design: string, claim?: ClaimCondition[]): Scenario => ({
      ...BLANK_SCENARIO,
      design,
      ...(claim ? { conditions: { claim } } : {}),
      events: [
        { id: 'e1', kind: 'claim-read', worker: 'A' },
        { id: 'e2', kind: 'claim-read', worker: 'B' },
        { id: 'e3', kind: 'claim', worker: 'A' },
        { id: 'e4', kind: 'claim', worker: 'B' },
      ],
    });
    const trusting = await runScenario(race('select-then-update'));
    expect(trusting.writes.map((w) => w.outcome)).toEqual(['applied', 'applied']);
    const trace = await runScenario(race('fenced', cas));
    expect(trace.writes.map((w) => w.outcome)).toEqual(['applied', 'refused']);
    const b = trace.writes[1];
    expect(b.failed).toEqual(['as-read']);
    expect(b.explanation).toBe("0 rows changed: B's claim was refused: the fence is 1, B read 0.");
    const read = trace.steps[1].effects[0];
    expect(read?.kind === 'note' ? read.text : '').toContain(
      'Its claim writes only if the fence is still 0',
    );
    const s = race('fenced', cas);
    const decoded = decodeScenario(encodeScenario(s));
    expect(decoded.ok && decoded.scenario.conditions).toEqual(s.conditions);
    // A claim compares as read only a number its read can keep: not the owner.
    const owner = race('fenced', [{ kind: 'as-read', column: 'owner' }] as ClaimCondition[]);
    expect(decodeScenario(encodeScenario(owner)).ok).toBe(false);
    expect(conditionListProblem([{ kind: 'as-read', column: 'owner' }], 'claim')).not.toBeNull();
  });
});

describe('withConditions: the builder’s picks on a scenario', () => {
  const FINISH: RunCondition[] = ['status', { kind: 'attempt' }];
  const CLAIM: ClaimCondition[] = [{ kind: 'lease-expired' }];

  it('sets one statement’s list and keeps the others, without touching the scenario it was given', () => {
    const before = structuredClone(BLANK_SCENARIO);
    const finished = withConditions(BLANK_SCENARIO, 'finish', FINISH);
    expect(finished.conditions).toEqual({ finish: FINISH });
    expect(BLANK_SCENARIO).toEqual(before);
    const both = withConditions(finished, 'claim', CLAIM);
    expect(both.conditions).toEqual({ finish: FINISH, claim: CLAIM });
    expect(withConditions(both, 'finish', []).conditions).toEqual({ finish: [], claim: CLAIM });
    // Everything but the conditions is the scenario's own.
    const { conditions: _picked, ...rest } = both;
    expect(rest).toEqual(BLANK_SCENARIO);
  });

  it('undefined gives a statement the design’s own again; with none left, no conditions at all', () => {
    const both = withConditions(withConditions(BLANK_SCENARIO, 'finish', FINISH), 'claim', CLAIM);
    expect(withConditions(both, 'claim', undefined).conditions).toEqual({ finish: FINISH });
    const none = withConditions(withConditions(both, 'claim', undefined), 'finish', undefined);
    expect(none).toEqual(BLANK_SCENARIO);
    expect('conditions' in none).toBe(false);
    // So a scenario back at the design's own shares the link of one never changed.
    expect(encodeScenario(none)).toBe(encodeScenario(BLANK_SCENARIO));
  });

  it('the picked claim is the one the scenario runs and its link keeps', async () => {
    const s = withConditions(BLANK_SCENARIO, 'claim', [
      { kind: 'status-in', statuses: ['queued'] },
    ]);
    const decoded = decodeScenario(encodeScenario(s));
    expect(decoded.ok && decoded.scenario).toEqual(s);
    const takeover = (await runScenario(s)).writes.find((w) => w.eventId === 'e4');
    expect(takeover?.outcome).toBe('refused');
  });

  it('a claim takes claim conditions only, a renew or finish any entry (tsc checks the first)', () => {
    // @ts-expect-error the owner is a commit's condition, not a claim's
    withConditions(BLANK_SCENARIO, 'claim', ['owner']);
    expect(withConditions(BLANK_SCENARIO, 'renew', ['owner']).conditions).toEqual({
      renew: ['owner'],
    });
  });
});
