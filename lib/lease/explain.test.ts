import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { conditionChecks } from './catalogue-checks';
import { COMMIT_CONDITIONS, type CommitCondition } from './conditions';
import { comparedDesigns } from './designs';
import { createLeaseModel } from './model';
import { explain } from './explain';
import { LESSON_VOCABULARY } from './decision';
import type { CommitResult, LeaseDesign } from './types';

/** The words an explanation uses for a condition it checked. */
const WORDS: Record<CommitCondition, RegExp> = {
  owner: /\bthe owner\b/,
  fence: /\bthe fence\b/,
  lease: /\bthe lease\b/,
  status: /\bthe status\b/,
};

/** A takeover story with stale and retried writes: every commit's result, with what was judged. */
async function story(design: LeaseDesign) {
  const m = createLeaseModel(await openSqlJs(), { design, leaseSeconds: 5 });
  m.setup();
  const a = m.claim('A', 0);
  const tokenA = a.ok ? a.fenceToken : 0;
  const results: {
    what: 'renew' | 'finish';
    owner: string;
    token: number;
    now: number;
    result: CommitResult;
  }[] = [];
  const commit = (what: 'renew' | 'finish', owner: string, token: number, now: number) =>
    results.push({
      what,
      owner,
      token,
      now,
      result: what === 'renew' ? m.renew(owner, token, now) : m.finish(owner, token, now),
    });
  commit('renew', 'A', tokenA, 2);
  const b = m.claim('B', 8);
  const tokenB = b.ok ? b.fenceToken : 0;
  commit('renew', 'A', tokenA, 9);
  commit('finish', 'A', tokenA, 9);
  commit('finish', 'B', tokenB, 9);
  commit('finish', 'B', tokenB, 10);
  return results;
}

describe('explanations are built from the conditions the design checked', () => {
  for (const design of comparedDesigns()) {
    it(`${design.id}: each write names only its checked conditions, and agrees with the row`, async () => {
      for (const { what, owner, token, now, result } of await story(design)) {
        const checked = design.rules![what];
        const text = explain(result.decision, LESSON_VOCABULARY).sentence;
        for (const c of COMMIT_CONDITIONS) {
          if (!checked.includes(c))
            expect(text, `${what} by ${owner}: ${text}`).not.toMatch(WORDS[c]);
        }
        const d = result.decision;
        if (d.outcome.database === 'applied') {
          // Everything it checked held on the row it judged.
          expect(d.checks.map((c) => c.name)).toEqual(
            COMMIT_CONDITIONS.filter((c) => checked.includes(c)),
          );
          expect(d.checks.every((c) => c.held)).toBe(true);
          if (result.row!.owner !== owner || result.row!.fence !== token) {
            expect(text).toMatch(
              new RegExp(
                `landed, though ${owner} no longer holds the run: .*; ${result.row!.owner} holds the run \\(fence ${result.row!.fence}\\)`,
              ),
            );
          }
        } else if (d.outcome.database === 'refused') {
          // The failed conditions are exactly those that fail on the row shown beside it.
          const onRow = conditionChecks(checked, result.row!, { owner, token, now }).filter(
            (c) => !c.held,
          );
          expect(d.failed).toEqual(onRow.map((c) => c.name));
          expect(d.failed.length).toBeGreaterThan(0);
          for (const c of d.failed) expect(text).toMatch(WORDS[c as CommitCondition]);
        }
      }
    });
  }

  it('the issue’s own example: a stale finish under a status-only design', async () => {
    const design = comparedDesigns().find((d) => d.id === 'finish-on-state')!;
    const staleFinish = (await story(design)).find((r) => r.what === 'finish' && r.owner === 'A')!;
    expect(explain(staleFinish.result.decision, LESSON_VOCABULARY).sentence).toBe(
      "1 row changed: A's stale finish landed, though A no longer holds the run: this design checks only the status, and the status was running; nothing compared A's fence 1 with the run's fence 2; B holds the run (fence 2). This breaks property 1 (only the current holder’s writes land): the culprit is A, the victim is B.",
    );
  });
});
