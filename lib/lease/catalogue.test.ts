import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { openSqlJs, type SqlDriver } from '@/lib/sqlite';
import { entryArbitrary } from './arbitrary-kinds.test-support';
import { buildDesign } from './build';
import {
  columnComparison,
  conditionParams,
  conditionsWhere,
  FINGERPRINT_COLUMNS,
  runConditionSql,
  type RunCondition,
  type WriterFacts,
} from './catalogue';
import { conditionCheck, conditionChecks } from './catalogue-checks';
import { COMMIT_CONDITIONS, commitWhere, JOBS_TABLE, RUNS_TABLE } from './conditions';
import { decideFinish } from './decide';
import { LESSON_VOCABULARY, type RowState } from './decision';
import { DESIGN_CATALOG, fencedDesign, LESSON_RULES } from './designs';
import { explain } from './explain';
import { createLeaseModel } from './model';
import type { RunStatus } from './types';

const STATUSES: RunStatus[] = ['queued', 'running', 'done', 'canceling', 'canceled', 'failed'];

// A row's claim columns are absent (NULL in SQL) in a design that does not track them.
const rowArb: fc.Arbitrary<RowState> = fc.record(
  {
    owner: fc.constantFrom('', 'A', 'B'),
    fence: fc.integer({ min: 0, max: 3 }),
    leaseUntil: fc.integer({ min: 0, max: 8 }),
    status: fc.constantFrom(...STATUSES),
    attempt: fc.integer({ min: 0, max: 3 }),
    claimedAt: fc.integer({ min: 0, max: 3 }),
    attemptedAt: fc.integer({ min: 0, max: 3 }),
  },
  { requiredKeys: ['owner', 'fence', 'leaseUntil', 'status'] },
);

// Every kind's entries (lib/lease/kinds/conditions), a claim's and a holder's.
const entryArb: fc.Arbitrary<RunCondition> = fc.oneof(
  fc.constantFrom(...COMMIT_CONDITIONS),
  entryArbitrary('commit'),
  entryArbitrary('claim'),
);

const writerArb: fc.Arbitrary<WriterFacts> = fc.record(
  {
    owner: fc.constantFrom('A', 'B'),
    token: fc.integer({ min: 0, max: 3 }),
    now: fc.integer({ min: 0, max: 8 }),
    claim: fc.record(
      {
        attempt: fc.integer({ min: 0, max: 3 }),
        claimedAt: fc.integer({ min: 0, max: 3 }),
        attemptedAt: fc.integer({ min: 0, max: 3 }),
      },
      { requiredKeys: [] },
    ),
    read: rowArb,
  },
  { requiredKeys: ['owner', 'token', 'now'] },
);

let db: SqlDriver;
beforeAll(async () => {
  db = await openSqlJs();
  db.exec(`CREATE TABLE runs (run_id TEXT PRIMARY KEY, owner TEXT, lease_until INTEGER,
    fence INTEGER, status TEXT, attempt INTEGER, claimed_at INTEGER, attempted_at INTEGER)`);
});

/** Whether `where` matches `row` on real SQLite, with the writer's parameters bound. */
function sqlHolds(where: string, row: RowState, w: WriterFacts, conditions: RunCondition[]) {
  db.exec('DELETE FROM runs');
  db.run(`INSERT INTO runs VALUES ('r', $o, $l, $f, $s, $a, $c, $t)`, {
    o: row.owner,
    l: row.leaseUntil,
    f: row.fence,
    s: row.status,
    a: row.attempt ?? null,
    c: row.claimedAt ?? null,
    t: row.attemptedAt ?? null,
  });
  const params = { run: 'r', owner: w.owner, token: w.token, now: w.now };
  return (
    db.get(`SELECT 1 AS ok FROM runs WHERE ${where}`, {
      ...params,
      ...conditionParams(conditions, w),
    }) !== undefined
  );
}

describe('the condition catalogue', () => {
  it('each entry decides exactly as its SQL fragment does on SQLite, and a list as its WHERE', () => {
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 4 }), rowArb, writerArb, (list, row, w) => {
        for (const c of list)
          expect(conditionCheck(c, row, w).held, JSON.stringify(c)).toBe(
            sqlHolds(`run_id = $run AND ${runConditionSql(c)}`, row, w, [c]),
          );
        const all = conditionChecks(list, row, w).every((c) => c.held);
        expect(all).toBe(sqlHolds(conditionsWhere(list), row, w, list));
      }),
      { numRuns: 400 },
    );
  });

  it('the lesson’s four named fragments build the WHERE they always did', () => {
    fc.assert(
      fc.property(fc.subarray([...COMMIT_CONDITIONS]), (named) => {
        expect(conditionsWhere(named)).toBe(commitWhere(named));
        expect(conditionsWhere(named, JOBS_TABLE)).toBe(commitWhere(named, JOBS_TABLE));
      }),
    );
    expect(runConditionSql({ kind: 'status-in', statuses: ['running'] })).toBe(
      runConditionSql('status'),
    );
  });

  it('a one-column entry’s comparison (what the claim lab recognises) is how its SQL begins', () => {
    fc.assert(
      fc.property(entryArb, fc.constantFrom(RUNS_TABLE, JOBS_TABLE), (c, t) => {
        let sql: string;
        try {
          sql = runConditionSql(c, t);
        } catch {
          return; // the jobs table has no claim columns
        }
        const cmp = columnComparison(c, t);
        if (cmp) expect(sql.startsWith(`${cmp.column} ${cmp.operator} `), sql).toBe(true);
        else expect(sql).toMatch(/^\(/);
      }),
      { numRuns: 300 },
    );
  });

  it('a design whose conditions compare no claim column has no claim column', () => {
    for (const d of DESIGN_CATALOG) {
      expect(`${d.schema}${d.claim}${d.read}`).not.toMatch(/attempt|claimed_at/);
    }
  });

  it('refuses what it cannot build: an empty status set, a repeated column, a column the table lacks', () => {
    const meta = { id: 'x', name: 'x', summary: 'x' };
    const finish = (c: RunCondition) => () => buildDesign(meta, { ...LESSON_RULES, finish: [c] });
    expect(finish({ kind: 'status-in', statuses: [] })).toThrow(/status set is empty/);
    expect(finish({ kind: 'fingerprint', columns: ['attempt', 'attempt'] })).toThrow(/twice/);
    expect(() =>
      buildDesign(meta, { ...LESSON_RULES, table: JOBS_TABLE, finish: [{ kind: 'attempt' }] }),
    ).toThrow(/jobs table has no attempt column/);
  });
});

/** The lesson's design with another finish (and a random-free claim). */
function withFinish(finish: RunCondition[]) {
  return buildDesign({ id: 'f', name: 'f', summary: 'f' }, { ...LESSON_RULES, finish });
}

/**
 * A's claim, its lease running out, B's claim, then A's late finish with what its own claim
 * left: the stale completion of issue 26.
 */
async function staleCompletion(finish: RunCondition[]) {
  const m = createLeaseModel(await openSqlJs(), { design: withFinish(finish), leaseSeconds: 5 });
  m.setup();
  const a = m.claim('A', 0, undefined, 0);
  const b = m.claim('B', 6, undefined, 7);
  if (!a.ok || !b.ok) throw new Error('both claims should land');
  const late = m.finish('A', a.fenceToken, 8, { claim: a.row });
  if (late.ok) return { a, b, late, failed: [] };
  return { a, b, late, failed: late.failed };
}

describe('a fingerprint finish', () => {
  const fingerprint: RunCondition = { kind: 'fingerprint', columns: ['attempt', 'claimed_at'] };

  it('records the claim columns it compares, from the claimer’s clock and the database', async () => {
    const { a, b } = await staleCompletion([fingerprint]);
    expect(withFinish([fingerprint]).finish).toContain(
      '(attempt, claimed_at) = ($attempt, $claimed_at)',
    );
    expect(a.row).toMatchObject({ attempt: 1, claimedAt: 0 });
    expect(b.row).toMatchObject({ attempt: 2, claimedAt: 7 });
  });

  it('refuses the stale completion that a finish by the run id alone lets through', async () => {
    const { late: refused, failed } = await staleCompletion([fingerprint]);
    expect(refused.ok).toBe(false);
    expect(failed).toEqual(['fingerprint']);
    expect(explain(refused.decision, LESSON_VOCABULARY).sentence).toContain(
      "(attempt, claimed_at) is (2, 7), A's claim left (1, 0)",
    );
    const applied = (await staleCompletion([])).late;
    expect(applied.ok).toBe(true);
    expect(applied.row?.status).toBe('done');
  });

  it('lets the current holder finish, and its words say so', async () => {
    const m = createLeaseModel(await openSqlJs(), { design: withFinish([fingerprint]) });
    m.setup();
    const a = m.claim('A', 0, undefined, 2);
    if (!a.ok) throw new Error('claim');
    const done = m.finish('A', a.fenceToken, 1, { claim: a.row });
    expect(done.ok).toBe(true);
    expect(explain(done.decision, LESSON_VOCABULARY).sentence).toContain(
      "(attempt, claimed_at) was (1, 2), as A's claim left it",
    );
  });

  it('a refusal’s words name exactly the values the row and the writer’s claim hold', () => {
    fc.assert(
      fc.property(
        rowArb,
        writerArb,
        fc.shuffledSubarray([...FINGERPRINT_COLUMNS], { minLength: 1 }),
        (row, w, columns) => {
          const c: RunCondition = { kind: 'fingerprint', columns };
          const check = conditionCheck(c, row, w);
          const d = decideFinish(
            { writer: w.owner, at: w.now, authority: { holder: row.owner, token: row.fence } },
            {
              conditions: [c],
              before: row,
              after: row,
              token: w.token,
              changed: check.held ? 1 : 0,
              memory: { claim: w.claim },
            },
          );
          const text = explain(d).sentence;
          const shown = (v: unknown) => (v === '' ? 'nobody' : String(v));
          const actual = (check.actual as (string | number)[]).map(shown);
          const tuple = actual.length === 1 ? actual[0] : `(${actual.join(', ')})`;
          expect(text).toContain(check.held ? `was ${tuple}` : `is ${tuple}`);
          expect(d.failed).toEqual(check.held ? [] : ['fingerprint']);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the lesson’s design is unchanged: the same statements as the rules always built', () => {
    expect(fencedDesign.finish).toBe(
      `UPDATE runs\n   SET status = 'done'\n WHERE ${commitWhere(COMMIT_CONDITIONS)}`,
    );
    expect(fencedDesign.claim).toMatch(/RETURNING fence AS token$/);
  });
});
