import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { CATALOG_BOUND, checkDesign, toTimelineScenario } from '@/lib/checker';
import { CANCEL_BOUND } from '@/lib/checker/bound';
import { cancelWithoutFencingDesign, comparedDesigns } from '@/lib/lease';
import { loadSqlJs } from '@/lib/sqlite';
import { loadTimelineEngine, TIMELINE_DESIGNS, type Scenario } from '@/lib/timeline';
import type { TimelineEngine } from '@/lib/timeline/engine';
import { designWithConditions } from '@/lib/timeline/scenario-conditions';
import { truthProblems } from '@/lib/timeline/truth.test-support';
import { builderScenarioArbitrary } from '@/lib/timeline/arbitrary.test-support';
import {
  longTransactionScenarioArbitrary,
  rescuerScenarioArbitrary,
} from '@/lib/timeline/arbitrary-around.test-support';
import { tokensUpTo } from './truth-facts.test-support';
import { pageProblems, renderTrace } from './truth-page.test-support';
import { WRONG_WORDS } from './wrong-words.test-support';

/*
 * The truth test reads the page (issue 38): every step's trace row, rule panel and state panel
 * rendered with React's server renderer, their TEXT held against an oracle written from the run
 * row, the targets and the decision's data (truth-page.test-support.ts). Over issue 38's classes
 * of wrong words, every library scenario, every case file, every checker counterexample, and
 * 2,000 random builder scenarios (plus rescuers and long transactions). A failure prints the
 * seed and the scenario fast-check shrank it to: TRUTH_SEED=<n> replays another.
 *
 * The first truth test (issue 22, lib/timeline/truth.test.ts until issue 39) ran the same
 * scenarios through a second judge, which reads the trace's sentences and holds each claim in
 * them against the trace's state, not the decision (lib/timeline/truth.test-support.ts). It runs
 * here on every scenario too, with its checks that no kind of claim, clock or re-queue it reads
 * goes unreached.
 */

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

/** Every kind of claim the second judge reads, so a run that never reaches one of them fails. */
const CLAIMS: Readonly<Record<string, RegExp>> = {
  holder: / holds the run/,
  'still holds': / still holds the run/,
  'no longer holds': / no longer holds the run/,
  'nobody claimed': /Nobody has claimed the run yet/,
  'owner failed': /the owner is \S+, not /,
  'owner held': /the owner was /,
  'token failed': /, \S+ holds -?\d+/,
  'lease failed': /the lease ended at /,
  'lease held': /the lease ran until /,
  'status failed': /the status is \w+, not running/,
  'claim refused, lease held': /holds the lease until /,
  'claim on an expired lease': /the lease had ended at /,
  'highest seen refused': /has seen .*, higher than /,
  stale: /\bstale\b/,
  'culprit and victim': /the culprit is .*, the victim is /,
  renewal: /'s renewal/,
  'quorum not committed': /Not committed at /,
};
/** The clocks the words named as judging a lease (issue 26). */
const CLOCKS: Readonly<Record<string, RegExp>> = {
  statement: /by the database statement clock/,
  'own clock': /by \S+'s own clock/,
  'open transaction': /by the transaction clock of \S+'s open transaction, which began at/,
  'own transaction': /by the transaction clock of \S+'s statement, its own transaction/,
};
const claimsSeen = new Set<string>();
const clocksSeen = new Set<string>();
const rescueKinds = new Set<string>();

/** Every problem the page shows over a scenario's steps, and the second judge's over its words. */
function problemsOf(scenario: Scenario): string[] {
  const trace = engine.run(scenario);
  for (const w of trace.writes) {
    for (const [name, re] of Object.entries(CLAIMS))
      if (re.test(w.explanation)) claimsSeen.add(name);
    for (const [name, re] of Object.entries(CLOCKS))
      if (re.test(w.explanation)) clocksSeen.add(name);
    if (w.decision.kind === 'rescue')
      if (w.database === 'refused' && w.failed.includes('as-read'))
        rescueKinds.add('refused as read');
      else if (w.database === 'applied')
        rescueKinds.add(w.decision.violation ? 'damage' : 'applied');
  }
  // The design the engine ran: the scenario's own conditions over its design's (a case file's).
  const design = designWithConditions(
    TIMELINE_DESIGNS[scenario.design ?? 'fenced'],
    scenario.conditions,
  );
  return [
    ...renderTrace(trace, scenario).flatMap((page, i) =>
      pageProblems(trace, scenario, i, page).map(
        (p) => `step ${i + 1} (${trace.steps[i].event.kind}): ${p}\n    row: ${page.row}`,
      ),
    ),
    ...truthProblems(scenario, design, trace).map((p) => `words: ${p}`),
  ];
}

const SEED = Number(process.env.TRUTH_SEED ?? 38_2026);

function holdsOver(arbitrary: fc.Arbitrary<Scenario>, runs: number, what: string): void {
  console.log(`page truth test: seed ${SEED}, ${runs} random ${what} scenarios`);
  const started = process.cpuUsage();
  fc.assert(
    fc.property(arbitrary, (scenario) => {
      const problems = problemsOf(scenario);
      if (problems.length > 0)
        throw new Error(`${problems.join('\n')}\nscenario: ${JSON.stringify(scenario)}`);
    }),
    { numRuns: runs, seed: SEED },
  );
  const cpu = process.cpuUsage(started);
  console.log(`page truth test: ${what}: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`);
}

const DESIGNS = Object.keys(TIMELINE_DESIGNS);

describe('the truth test reads the page: what the panels show agrees with the row', () => {
  it.each(WRONG_WORDS.map((w) => [w.name, w.scenario] as const))('issue 38: %s', (_, s) => {
    expect(problemsOf(s)).toEqual([]);
  });

  it.each(TIMELINE_SCENARIOS.map((s) => [s.id, s] as const))('library scenario %s', (_, s) => {
    expect(problemsOf(s)).toEqual([]);
  });

  // The library's own explanation of each scenario narrates its writes: held against the trace.
  it.each(TIMELINE_SCENARIOS.map((s) => [s.id, s] as const))(
    'library scenario %s: its explanation agrees with the trace',
    (_, s) => {
      const trace = engine.run(s);
      const text = s.explanation ?? '';
      const last = trace.steps.length - 1;
      const tokens = tokensUpTo(trace, last, s.firstToken ?? 1);
      for (const m of text.matchAll(/\b(?:fence|token|generation) (\d+)/g))
        expect(tokens.has(Number(m[1])), `${m[0]}: a value the trace never held`).toBe(true);
      const times = new Set([
        ...trace.steps.map((st) => st.at),
        ...trace.steps.flatMap((st) => [
          st.after.run.leaseUntil,
          ...st.after.workers.map((w) => w.clock),
        ]),
      ]);
      for (const m of text.matchAll(/\b[Aa]t (\d+)\b/g))
        expect(times.has(Number(m[1])), `${m[0]}: no step, lease end or clock reading`).toBe(true);
      if (/checks owner, fence, lease and state/.test(text))
        for (const w of trace.writes.filter((x) => x.decision.kind === 'finish'))
          expect(w.decision.checks.map((c) => c.name)).toEqual(
            expect.arrayContaining(['owner', 'fence', 'lease', 'status']),
          );
      for (const m of text.matchAll(
        /\b([AB])’s (?:submit|heartbeat|claim)[^.]*?changes (\d+) rows?/g,
      )) {
        const kinds = m[0].includes('submit')
          ? ['finish']
          : m[0].includes('heartbeat')
            ? ['renew']
            : ['claim'];
        const found = trace.writes.some(
          (w) =>
            w.worker === m[1] && kinds.includes(w.decision.kind) && w.rowsChanged === Number(m[2]),
        );
        expect(found, `${m[0]}: no such write in the trace`).toBe(true);
      }
    },
  );

  it.each(
    CASE_FILES.flatMap((c) =>
      c.runs.map((run) => [`${c.id} / ${run.id}`, caseScenario(c, run)] as const),
    ),
  )('case file %s', (_, s) => {
    expect(problemsOf(s)).toEqual([]);
  });

  it('every checker counterexample, replayed in the timeline', async () => {
    const SQL = await loadSqlJs();
    let replayed = 0;
    for (const design of comparedDesigns()) {
      const bound = design.id === cancelWithoutFencingDesign.id ? CANCEL_BOUND : CATALOG_BOUND;
      const cx = checkDesign(SQL, design, bound, { stateCache: true }).counterexample;
      if (!cx) continue;
      const converted = toTimelineScenario(cx, design.name);
      if (!converted.ok) throw new Error(`${design.id}: ${converted.reason}`);
      expect(problemsOf(converted.scenario), design.id).toEqual([]);
      replayed += 1;
    }
    // The lesson's design and its finish without owner or without lease hold: every other breaks.
    expect(replayed).toBe(comparedDesigns().length - 3);
  });

  it('2,000 random builder scenarios', () => {
    holdsOver(builderScenarioArbitrary(DESIGNS), 2000, 'builder');
    // The scenarios reach every kind of claim the second judge reads (no check is vacuous).
    expect(Object.keys(CLAIMS).filter((name) => !claimsSeen.has(name))).toEqual([]);
  }, 300_000);

  it('200 random scenarios around a rescuer, 200 around a long transaction', () => {
    holdsOver(rescuerScenarioArbitrary(DESIGNS), 200, 'rescuer');
    // Every kind of re-queue is reached: refused as read, applied with damage, applied cleanly.
    expect([...rescueKinds].sort()).toEqual(['applied', 'damage', 'refused as read']);
    holdsOver(longTransactionScenarioArbitrary(DESIGNS), 200, 'long-transaction');
    // Every clock is named judging a lease, an open transaction's lagging now() included.
    expect([...clocksSeen].sort()).toEqual(Object.keys(CLOCKS).sort());
  }, 300_000);
});
