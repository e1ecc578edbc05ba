import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { buildDesign } from './build';
import type { ClaimCondition } from './catalogue';
import {
  CLAIM_READ_COLUMNS,
  claimReadRow,
  claimWheres,
  splitClaimConditions,
  type ClaimReadColumn,
} from './claim-compare';
import { decideClaim } from './decide';
import type { RowState } from './decision';
import { LESSON_RULES, selectThenUpdateDesign } from './designs';
import { explain } from './explain';
import { statementMenu } from './explain-catalogue';
import { createLeaseModel } from './model';
import type { DesignRules, LeaseDesign } from './types';

// Issue 26: the claim's 'as-read' condition, a compare-and-set claim. Two claimers read the row
// before either writes: with the compare, exactly one claim lands; trusting the read
// (select-then-update), both do.

const META = { id: 'x', name: 'x', summary: 'x' };

const cas = (column: ClaimReadColumn = 'fence', rules: DesignRules = LESSON_RULES): LeaseDesign =>
  buildDesign(
    { id: `cas-${column}`, name: 'CAS claim', summary: 'claimable read, compared write' },
    { ...rules, claimConditions: [{ kind: 'claimable' }, { kind: 'as-read', column }] },
  );

async function model(design: LeaseDesign) {
  const m = createLeaseModel(await openSqlJs(), { design, leaseSeconds: 5 });
  m.setup();
  return m;
}

describe('the compare-and-set claim', () => {
  it('is two statements: the read checks the other conditions and returns the column, the write compares it', () => {
    const d = cas();
    expect(d.claimRead).toBe(
      "SELECT fence AS read_fence FROM runs\n WHERE run_id = $run AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))",
    );
    expect(d.claim).toContain('WHERE run_id = $run AND fence = $read_fence');
    expect(d.claim).toContain('fence = fence + 1');
    expect(claimWheres(d.rules!.claimConditions!)).toEqual({
      read: "run_id = $run AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))",
      write: 'run_id = $run AND fence = $read_fence',
    });
    // A select-then-update claim that compares keeps its seen fence and gains the compare.
    const stu = buildDesign(META, {
      ...selectThenUpdateDesign.rules!,
      claimConditions: [{ kind: 'claimable' }, { kind: 'as-read', column: 'attempt' }],
    });
    expect(stu.claimRead).toMatch(/^SELECT fence AS seen_fence, attempt AS read_attempt FROM runs/);
    expect(stu.claim).toContain('WHERE run_id = $run AND attempt = $read_attempt');
    // The attempt is a column the claim now records.
    expect(stu.schema).toContain('attempt');
  });

  it('two claimers that both read before either writes: one lands, the other is refused on its as-read check', async () => {
    for (const column of CLAIM_READ_COLUMNS) {
      const m = await model(cas(column));
      const seenByA = m.claimRead('A', 1);
      const seenByB = m.claimRead('B', 1);
      expect(seenByA).toHaveProperty(`read_${column}`);
      expect(m.claim('A', 2, seenByA)).toMatchObject({ ok: true, fenceToken: 1 });
      const afterA = m.read()!;
      const b = m.claim('B', 3, seenByB);
      expect(b.ok, column).toBe(false);
      expect(m.read()).toMatchObject({ owner: 'A', fence: 1 });
      const d = decideClaim(
        { writer: 'B', at: 3, authority: { holder: 'A', token: 1 } },
        {
          before: afterA,
          after: m.read()!,
          changed: b.changed,
          checked: false,
          conditions: cas(column).rules!.claimConditions,
          read: claimReadRow(seenByB!),
        },
      );
      expect(d.checks.map((c) => [c.name, c.held])).toEqual([['as-read', false]]);
      expect(d.violation).toBeNull();
    }
  });

  it('says what changed: "the fence is 1, B read 0"', async () => {
    const m = await model(cas());
    const seenByB = m.claimRead('B', 1)!;
    m.claim('A', 1);
    const before = m.read()!;
    const b = m.claim('B', 2, seenByB);
    const d = decideClaim(
      { writer: 'B', at: 2, authority: { holder: 'A', token: 1 } },
      {
        before,
        after: m.read()!,
        changed: b.changed,
        checked: false,
        conditions: cas().rules!.claimConditions,
        read: claimReadRow(seenByB),
      },
    );
    const words = explain(d);
    expect(words.sentence).toBe("0 rows changed: B's claim was refused: the fence is 1, B read 0.");
    expect(words.verdict).toBe('refused, 0 rows: fence changed since the read');
  });

  it('trusting the read instead (select-then-update), both claims land', async () => {
    const m = await model(selectThenUpdateDesign);
    const seenByA = m.claimRead('A', 1);
    const seenByB = m.claimRead('B', 1);
    expect(m.claim('A', 2, seenByA)).toMatchObject({ ok: true });
    expect(m.claim('B', 3, seenByB)).toMatchObject({ ok: true });
  });

  it('a claim read and written in one step checks every condition on one row, the compare holding', async () => {
    const m = await model(cas());
    const before = m.read()!;
    const a = m.claim('A', 1);
    expect(a.ok).toBe(true);
    const d = decideClaim(
      { writer: 'A', at: 1, authority: { holder: null, token: 0 } },
      {
        before: before as RowState,
        after: m.read()!,
        changed: a.changed,
        checked: true,
        conditions: cas().rules!.claimConditions,
      },
    );
    expect(d.checks.map((c) => [c.name, c.held])).toEqual([
      ['claimable', true],
      ['as-read', true],
    ]);
    expect(explain(d).sentence).toContain('the fence was still 0, as read');
    expect(m.claim('B', 2)).toMatchObject({ ok: false });
  });

  it('is in the claim’s menu, starting as the fence', () => {
    expect(statementMenu('claim').label('as-read')).toMatch(/^as read: /);
    expect(statementMenu('claim').add('as-read')).toEqual({ kind: 'as-read', column: 'fence' });
  });

  it('refuses to build a claim that compares a column its read cannot keep as a number', () => {
    expect(() =>
      buildDesign(META, {
        ...LESSON_RULES,
        claimConditions: [{ kind: 'as-read', column: 'owner' }],
      }),
    ).toThrow('A claim cannot compare the owner as read.');
  });

  it('property: over random claim lists, the read tests every other condition and the write only the compares', () => {
    const condition: fc.Arbitrary<ClaimCondition> = fc.oneof(
      fc.constant({ kind: 'claimable' as const }),
      fc.constant({ kind: 'lease-expired' as const }),
      fc
        .constantFrom(...CLAIM_READ_COLUMNS)
        .map((column) => ({ kind: 'as-read' as const, column })),
    );
    fc.assert(
      fc.property(
        fc.uniqueArray(condition, {
          minLength: 1,
          maxLength: 4,
          selector: (c) => JSON.stringify(c),
        }),
        (list) => {
          const { read, compare } = splitClaimConditions(list);
          const d = buildDesign(META, { ...LESSON_RULES, claimConditions: list });
          if (compare.length === 0) {
            expect(d.claimRead).toBeUndefined();
            return;
          }
          expect(read.length + compare.length).toBe(list.length);
          for (const c of compare) {
            expect(d.claimRead).toContain(`AS read_${c.column}`);
            expect(d.claim).toMatch(new RegExp(`= \\$read_${c.column}\\b`));
          }
          // The write tests the run id and the compares only.
          expect(d.claim).not.toContain("status = 'queued'");
        },
      ),
    );
  });

  it('property: over random interleavings of reads and writes by three claimers, a claim comparing the fence never lands on a read gone stale; trusting the read does', async () => {
    const SQL_DB = await openSqlJs();
    type Op = { worker: 0 | 1 | 2; write: boolean; advance: number };
    const ops = fc.array(
      fc.record({
        worker: fc.constantFrom(0 as const, 1 as const, 2 as const),
        write: fc.boolean(),
        advance: fc.integer({ min: 0, max: 4 }),
      }),
      { minLength: 2, maxLength: 16 },
    );
    /** Runs the ops; returns each landed claim's read fence and the fence it replaced. */
    const landed = (design: LeaseDesign, list: Op[]) => {
      // A fresh run row each time: setup() enqueues the run again.
      SQL_DB.exec('DROP TABLE IF EXISTS runs');
      const m = createLeaseModel(SQL_DB, { design, leaseSeconds: 5 });
      m.setup();
      const seen: ReturnType<typeof m.claimRead>[] = [undefined, undefined, undefined];
      let now = 0;
      const out: { read: number; replaced: number }[] = [];
      for (const op of list) {
        now += op.advance;
        const owner = 'ABC'[op.worker];
        if (!op.write) {
          seen[op.worker] = m.claimRead(owner, now);
          continue;
        }
        const read = seen[op.worker];
        if (!read) continue;
        seen[op.worker] = undefined;
        const before = m.read()!;
        if (m.claim(owner, now, read).ok)
          out.push({ read: Number(read.read_fence ?? read.seen_fence), replaced: before.fence });
      }
      return out;
    };
    let stale = 0;
    fc.assert(
      fc.property(ops, (list) => {
        for (const c of landed(cas('fence'), list)) expect(c.read).toBe(c.replaced);
        stale += landed(selectThenUpdateDesign, list).filter((c) => c.read !== c.replaced).length;
      }),
      { numRuns: 300, seed: 26 },
    );
    // Not vacuous: the same interleavings let select-then-update write over reads gone stale.
    expect(stale).toBeGreaterThan(0);
  });
});
