import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COMMIT_CONDITIONS } from './conditions';
import { decideCancel, decideClaim, decideCommit, decideFinish, decideRenew } from './decide';
import { decideFenceWrite, decideQuorum } from './decide-resource';
import type { RowState, Vocabulary, WriteDecision } from './decision';
import { explain, type Explained } from './explain';
import type { DecisionContext } from './judge';

const row = (over: Partial<RowState> = {}): RowState => ({
  owner: 'B',
  fence: 2,
  leaseUntil: 10,
  status: 'running',
  ...over,
});
const ctx = (over: Partial<DecisionContext> = {}): DecisionContext => ({
  writer: 'A',
  at: 9,
  authority: { holder: 'B', token: 2 },
  ...over,
});
const TTL: Vocabulary = { token: 'fence', fenced: false };
const RANGE: Vocabulary = { token: 'RangeID', fenced: true };
const all = (d: WriteDecision, v?: Vocabulary) => {
  const e = explain(d, v);
  return [e.sentence, e.verdict, ...e.rules, e.violation ?? ''].join(' | ');
};

describe('explain: every word about a write, from its decision', () => {
  it('case 1: under a TTL-only design the victim is not blamed, and no line mentions a fence', () => {
    const staleFinish = decideFinish(ctx(), {
      conditions: ['status'],
      before: row(),
      after: row({ status: 'done' }),
      token: 1,
      changed: 1,
    });
    const victimFinish = decideFinish(ctx({ writer: 'B' }), {
      conditions: ['status'],
      before: row({ status: 'done' }),
      after: row({ status: 'done' }),
      token: 2,
      changed: 0,
    });
    expect(explain(staleFinish, TTL).violation).toBe(
      'This breaks property 1 (only the current holder’s writes land): the culprit is A, the victim is B.',
    );
    const victim = explain(victimFinish, TTL).sentence;
    expect(victim).not.toMatch(/lost the right/);
    expect(victim).toMatch(/B still holds the run: the refusal is not about B's authority/);
    for (const d of [staleFinish, victimFinish]) expect(all(d, TTL)).not.toMatch(/fence/i);
  });

  it('case 3: a refused renewal is called a renewal', () => {
    const d = decideRenew(ctx(), {
      conditions: COMMIT_CONDITIONS,
      before: row(),
      after: row(),
      token: 1,
      changed: 0,
    });
    const e = explain(d);
    expect(e.sentence).toBe(
      "0 rows changed: A's renewal was refused: the owner is B, not A; the fence is 2, A holds 1. A no longer holds the run: B does (fence 2).",
    );
    expect(e.verdict).toBe('refused, 0 rows: owner, fence');
  });

  it('case 9: 0 rows can be a duplicate, already done by the writer', () => {
    const done = row({ owner: 'A', fence: 1, status: 'done' });
    const d = decideFinish(ctx({ authority: { holder: 'A', token: 1 } }), {
      conditions: COMMIT_CONDITIONS,
      before: done,
      after: done,
      token: 1,
      changed: 0,
      duplicate: { opId: 'A@1' },
    });
    expect(explain(d).verdict).toBe('duplicate, 0 rows: already done by A');
    expect(explain(d).sentence).toMatch(/^0 rows changed, and that is not a refusal/);
  });

  it('case 5: a quorum refusal gets the quorum rule; a run-row gateway its conditions, not highest-seen', () => {
    const quorum = decideQuorum(ctx({ authority: { holder: 'A', token: 1 } }), {
      target: 'gateway:journal',
      token: 1,
      needed: 2,
      votes: [1, 2, 3].map((acceptor) => ({
        acceptor,
        reached: acceptor === 1,
        accepted: acceptor === 1,
        highestBefore: 0,
      })),
    });
    expect(explain(quorum).rules.join(' ')).toMatch(/majority of its acceptors/);
    expect(explain(quorum).rules.join(' ')).not.toMatch(/Highest-seen/);
    // case 7: a minority copy is "not committed", never "refused, 0 rows"
    expect(explain(quorum).verdict).toBe(
      'not committed: stored by 1 of 3 acceptors, a majority is 2',
    );
    const equality = decideFenceWrite(ctx(), {
      target: 'gateway:ledger',
      fence: { kind: 'run-row', conditions: ['fence', 'lease', 'status'] },
      token: 1,
      row: row(),
      changed: 0,
    });
    const rules = explain(equality, RANGE).rules.join(' ');
    expect(rules).toMatch(/Each RangeID names an execution generation/);
    expect(rules).not.toMatch(/Highest-seen/);
  });

  it('case 6: an unchecked claim names no rule it did not run, and says the done run was reopened', () => {
    const d = decideClaim(ctx({ writer: 'C' }), {
      before: row({ status: 'done' }),
      after: row({ owner: 'C', fence: 3 }),
      changed: 1,
      checked: false,
    });
    const e = explain(d);
    expect(e.sentence).toMatch(
      /checks nothing \(it trusted an earlier read\), and the run was done/,
    );
    expect(e.sentence).toMatch(/A done run is open again/);
    expect(e.violation).toMatch(/property 3 .*culprit is C, the victim is B/);
    expect(all(d)).not.toMatch(/atomic statement/);
  });

  it('case 7: a gateway with no check names no highest token', () => {
    const d = decideFenceWrite(ctx(), {
      target: 'gateway:email',
      fence: { kind: 'none' },
      token: 1,
      changed: 1,
    });
    expect(all(d)).not.toMatch(/highest/i);
    expect(explain(d).sentence).toMatch(/checks nothing/);
  });

  it('a token named "attempt" beside the attempt column: the column reads "attempt column", never like the token', () => {
    const ATTEMPT: Vocabulary = { token: 'attempt', fenced: true };
    const d = decideFinish(ctx(), {
      conditions: ['fence', 'status', { kind: 'attempt' }],
      before: row({ fence: 4, attempt: 4 }),
      after: row({ fence: 4, attempt: 4 }),
      token: 1,
      changed: 0,
      memory: { claim: { attempt: 1 } },
    });
    const e = explain(d, ATTEMPT);
    expect(e.verdict).toBe('refused, 0 rows: attempt, attempt column');
    expect(e.sentence).toContain('the attempt is 4, A holds 1');
    expect(e.sentence).toContain("the attempt column is 4, A's claim left 1");
    // Without a fence no check names the token, and the column keeps its name.
    const plain = explain(
      decideFinish(ctx(), {
        ...d,
        conditions: [{ kind: 'attempt' }],
        before: row({ attempt: 4 }),
        after: row({ attempt: 4 }),
        token: 1,
        changed: 0,
        memory: { claim: { attempt: 1 } },
      }),
      { token: 'attempt', fenced: false },
    );
    expect(plain.sentence).toContain("the attempt is 4, A's claim left 1");
  });

  it('an unchecked target in a design with no token names none: "A’s write is never compared"', () => {
    const d = decideFenceWrite(ctx(), {
      target: 'gateway:email',
      fence: { kind: 'none' },
      token: 1,
      changed: 1,
    });
    expect(explain(d, TTL).sentence).toMatch(/A's (stale )?write is never compared with anything/);
    expect(all(d, TTL)).not.toMatch(/token 1|fence 1/);
    expect(explain(d, RANGE).sentence).toMatch(/with RangeID 1 is never compared/);
  });

  it('uses the scenario’s token name on run-row lines', () => {
    const d = decideCancel(ctx({ writer: 'user' }), {
      before: row({ fence: 42 }),
      after: row({ fence: 43, status: 'canceling' }),
      changed: 1,
    });
    expect(explain(d, RANGE).sentence).toMatch(/RangeID 43.*refuses RangeID 42/);
    expect(all(d, RANGE)).not.toMatch(/fence \d/);
  });

  it('a process restarted under the same name: culprit and victim are named by their claims', () => {
    // The old process of A (fence 1) finishes after the restarted A claimed with fence 2.
    const d = decideFinish(ctx({ authority: { holder: 'A', token: 2 } }), {
      conditions: ['status'],
      before: row({ owner: 'A' }),
      after: row({ owner: 'A', status: 'done' }),
      token: 1,
      changed: 1,
    });
    expect(d.violation).toMatchObject({ culprit: 'A', victim: 'A' });
    expect(explain(d).violation).toMatch(
      /the culprit is A \(fence 1\), the victim is A \(fence 2\)/,
    );
    expect(all(d)).not.toMatch(/culprit is A, the victim is A\b/);
    expect(explain(d, RANGE).violation).toMatch(/A \(RangeID 1\).*A \(RangeID 2\)/);
  });

  it('on a wall clock (the crash lab) a lease is told relative to now, never as a clock reading', () => {
    const WALL: Vocabulary = { token: 'generation', fenced: true, clock: 'wall' };
    const now = 1_764_864_000.25;
    const held = decideClaim(ctx({ writer: 'C', at: now }), {
      before: row({ leaseUntil: now + 3.2 }),
      after: row({ leaseUntil: now + 3.2 }),
      changed: 0,
      checked: true,
    });
    expect(all(held, WALL)).toMatch(/B holds the lease for another 3\.2 s/);
    const claimed = decideClaim(ctx({ writer: 'C', at: now }), {
      before: row({ leaseUntil: now - 1.5 }),
      after: row({ owner: 'C', fence: 3, leaseUntil: now + 5 }),
      changed: 1,
      checked: true,
    });
    expect(all(claimed, WALL)).toMatch(/ended 1\.5 s before.*lease for another 5\.0 s/);
    for (const d of [held, claimed]) expect(all(d, WALL)).not.toMatch(/17648/);
  });

  it('an Explained cannot be written by hand', () => {
    // @ts-expect-error a hand-written sentence is not an Explained
    const sentence: Explained = 'A lost the right to commit.';
    expect(sentence).toBeTypeOf('string');
  });
});

describe('explain: properties over random run-row decisions', () => {
  const rowArb = fc.record({
    owner: fc.constantFrom('', 'A', 'B'),
    fence: fc.integer({ min: 0, max: 3 }),
    leaseUntil: fc.integer({ min: 0, max: 12 }),
    status: fc.constantFrom('queued', 'running', 'done', 'canceling', 'canceled' as const),
  });
  it('names no check it did not run, "stale" only below the holder’s token, no fence when unfenced', () => {
    fc.assert(
      fc.property(
        rowArb,
        fc.subarray([...COMMIT_CONDITIONS]),
        fc.constantFrom('A', 'B'),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom('A', 'B'),
        fc.integer({ min: 0, max: 3 }),
        fc.boolean(),
        fc.constantFrom('renew', 'finish' as const),
        fc.boolean(),
        (before, conditions, writer, token, holder, held, applied, kind, fenced) => {
          const d = decideCommit(ctx({ writer, authority: { holder, token: held } }), {
            kind,
            conditions,
            before,
            after: before,
            token,
            changed: applied ? 1 : 0,
          });
          const v: Vocabulary = { token: 'fence', fenced };
          const text = all(d, v);
          if (!fenced) expect(text).not.toMatch(/fence/i);
          for (const c of COMMIT_CONDITIONS)
            if (!conditions.includes(c) && c !== 'fence')
              expect(explain(d, v).sentence).not.toMatch(new RegExp(`the ${c}\\b`));
          if (/\bstale\b/.test(explain(d, v).sentence)) expect(token).toBeLessThan(held);
          expect(explain(d, v).sentence).toMatch(kind === 'renew' ? /renewal/ : /finish/);
        },
      ),
      { numRuns: 300 },
    );
  });
});
