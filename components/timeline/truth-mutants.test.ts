import { beforeAll, describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import type { Explained } from '@/lib/lease';
import { loadTimelineEngine, stepView, type StepView } from '@/lib/timeline';
import type { TimelineEngine } from '@/lib/timeline/engine';
import { pageProblems, renderTrace } from './truth-page.test-support';
import { WRONG_WORDS } from './wrong-words.test-support';

/*
 * The page's truth test can fail (issue 38): each mutant below changes the step view the way a
 * wrong word would reach the page, and the test must find it over issue 38's scenarios and the
 * library's. A mutant it cannot see is a hole in the oracle.
 */

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

const as = (s: string) => s as Explained;

/** Each mutant of the view: what it breaks, and how. */
const MUTANTS: readonly [string, (v: StepView) => StepView][] = [
  [
    'the run-row panel names another owner',
    (v) => ({
      ...v,
      runRow: v.runRow.map((c) =>
        c.column === 'owner' && c.value !== '(nobody)' ? { ...c, value: 'Z' } : c,
      ),
    }),
  ],
  [
    'the run-row panel drops the claim columns',
    (v) => ({
      ...v,
      runRow: v.runRow.filter((c) => !/attempt|claimed_at|attempted_at/.test(c.column)),
    }),
  ],
  [
    'a quorum write shows the highest-seen rule',
    (v) =>
      v.rules.some((r) => /majority of its acceptors/.test(r))
        ? {
            ...v,
            rules: [
              as(
                'Highest-seen fencing: the resource remembers the highest fence of this run it has seen, and refuses anything lower.',
              ),
              ...v.rules,
            ],
          }
        : v,
  ],
  [
    'the lease rule names database time whatever clock judged',
    (v) => ({
      ...v,
      rules: v.rules.map((r) =>
        /lease was judged/.test(r)
          ? as(
              'The lease is judged by database time in the same statement that writes, not by the worker’s own clock.',
            )
          : r,
      ),
    }),
  ],
  ['the cause is left out', (v) => ({ ...v, line: v.line.replace(/ The cause:.*$/, '') })],
  [
    'every finish is called stale',
    (v) => ({ ...v, line: v.line.replace(/\b([A-Z])'s finish\b/g, "$1's stale finish") }),
  ],
  [
    'culprit and victim are left out',
    (v) => ({ ...v, line: v.line.replace(/ This breaks property.*$/, '') }),
  ],
  [
    'a check id reaches the state panel',
    (v) => ({
      ...v,
      state: {
        ...v.state,
        remote: v.state.remote.map((l) =>
          as(l.replace(/\(its check: [^)]*\)/, '(its check: none)')),
        ),
      },
    }),
  ],
  [
    'a token value is off',
    (v) => ({
      ...v,
      line: v.line.replace(/\b(fence|attempt|epoch) (\d+)/, (_, t, n) => `${t} ${Number(n) + 70}`),
    }),
  ],
  [
    'a plural in brackets',
    (v) => ({ ...v, line: v.line.replace('rows changed', 'row(s) changed') }),
  ],
  [
    'an unfenced cancel claims a new generation',
    (v) => ({
      ...v,
      rules: v.rules.map((r) =>
        /does not raise the/.test(r)
          ? as('Cancel moves the run to canceling under a new generation.')
          : r,
      ),
    }),
  ],
  [
    'the promises are listed without their acceptors',
    (v) => ({
      ...v,
      state: {
        ...v.state,
        remote: v.state.remote.map((l) =>
          as(l.replace(/acceptors? ([\d, ]+) promised (\S+) (\d+)/, 'acceptors 1 promised $2 9')),
        ),
      },
    }),
  ],
];

const CORPUS = [...WRONG_WORDS.map((w) => w.scenario), ...TIMELINE_SCENARIOS];

describe('the page truth test finds every mutant of the view', () => {
  it('finds nothing on the view itself', () => {
    for (const s of CORPUS) {
      const trace = engine.run(s);
      const pages = renderTrace(trace, s);
      expect(
        pages.flatMap((p, i) => pageProblems(trace, s, i, p)),
        s.id,
      ).toEqual([]);
    }
  });

  it.each(MUTANTS.map(([name, mutant]) => [name, mutant] as const))('mutant: %s', (_, mutant) => {
    let found = 0;
    for (const s of CORPUS) {
      const trace = engine.run(s);
      const pages = renderTrace(trace, s, (t, sc, i) => mutant(stepView(t, sc, i)));
      found += pages.flatMap((p, i) => pageProblems(trace, s, i, p)).length;
    }
    expect(found).toBeGreaterThan(0);
  });
});
