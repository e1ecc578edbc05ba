import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { CATALOG_BOUND, checkDesign, toTimelineScenario } from '@/lib/checker';
import { CANCEL_BOUND } from '@/lib/checker/bound';
import { cancelWithoutFencingDesign, comparedDesigns } from '@/lib/lease';
import { loadSqlJs } from '@/lib/sqlite';
import { builderScenarioArbitrary } from './arbitrary.test-support';
import {
  longTransactionScenarioArbitrary,
  rescuerScenarioArbitrary,
} from './arbitrary-around.test-support';
import { loadTimelineEngine, TIMELINE_DESIGNS, type TimelineEngine } from './engine';
import { designWithConditions } from './scenario-conditions';
import { truthProblems } from './truth.test-support';
import type { Scenario } from './types';

/*
 * The truth test (issue 22): every word the learner reads about a write, held against the
 * trace's state at that step. The holder and the token values a sentence names are the row's
 * and the resources'; a check said to fail is false there and one said to hold is true; no check
 * the target did not run is named; "stale" only for a token below the holder's; culprit and
 * victim right; the kind of write named right; the scenario's token name, and no fence where
 * nothing compares one. Over every library scenario, every case file, every checker
 * counterexample and 1,000 random builder scenarios. A failure prints the seed and the scenario fast-check shrank it to.
 */

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

/** Every kind of claim the judge reads, so a run that never reaches one of them fails. */
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

const claimsSeen = new Set<string>();
/** The clocks the words named as judging a lease (issue 26). */
const CLOCKS: Readonly<Record<string, RegExp>> = {
  statement: /by the database statement clock/,
  'own clock': /by \S+'s own clock/,
  'open transaction': /by the transaction clock of \S+'s open transaction, which began at/,
  'own transaction': /by the transaction clock of \S+'s statement, its own transaction/,
};
const clocksSeen = new Set<string>();
/** The kinds of re-queue the rescuer scenarios reached. */
const rescueKinds = new Set<string>();

const problemsOf = (scenario: Scenario) => {
  const trace = engine.run(scenario);
  for (const w of trace.writes)
    for (const [name, re] of Object.entries(CLAIMS))
      if (re.test(w.explanation)) claimsSeen.add(name);
  for (const w of trace.writes)
    for (const [name, re] of Object.entries(CLOCKS))
      if (re.test(w.explanation)) clocksSeen.add(name);
  for (const w of trace.writes.filter((x) => x.decision.kind === 'rescue'))
    if (w.database === 'refused' && w.failed.includes('as-read'))
      rescueKinds.add('refused as read');
    else if (w.database === 'applied') rescueKinds.add(w.decision.violation ? 'damage' : 'applied');
  // The design the engine ran: the scenario's own conditions over its design's (a case file's).
  const design = designWithConditions(
    TIMELINE_DESIGNS[scenario.design ?? 'fenced'],
    scenario.conditions,
  );
  return truthProblems(scenario, design, trace);
};

/**
 * The words hold over `runs` scenarios drawn from `arbitrary`, from a seed printed so a failure
 * on CI can be replayed: TRUTH_SEED=<seed> npx vitest run lib/timeline/truth.test.ts
 */
function holdsOver(arbitrary: fc.Arbitrary<Scenario>, runs: number, what: string): void {
  // A fixed seed by default, as the checker's agreement test has: the coverage checks after
  // each run (every claim kind, every kind of re-queue reached) hold for given scenarios, not for
  // any, and a seed from the clock could fail them by chance. TRUTH_SEED=<n> explores others.
  const seed = Number(process.env.TRUTH_SEED ?? 1165032250);
  console.log(`truth test: seed ${seed}, ${runs} random ${what} scenarios`);
  fc.assert(
    fc.property(arbitrary, (scenario) => {
      const problems = problemsOf(scenario);
      if (problems.length > 0)
        throw new Error(`${problems.join('\n')}\nscenario: ${JSON.stringify(scenario)}`);
    }),
    { numRuns: runs, seed, endOnFailure: false },
  );
}

/** Random builder scenarios per run of npm test (issue 22: at least 1,000). */
const RANDOM_RUNS = 1000;

describe('the truth test: what the learner reads agrees with the trace', () => {
  it.each(TIMELINE_SCENARIOS.map((s) => [s.id, s] as const))('library scenario %s', (_, s) => {
    expect(problemsOf(s)).toEqual([]);
  });

  it.each(
    CASE_FILES.flatMap((c) =>
      c.runs.map((run) => [`${c.id} / ${run.id}`, caseScenario(c, run)] as const),
    ),
  )('case file %s', (_, s) => {
    expect(problemsOf(s)).toEqual([]);
  });

  it('every checker counterexample, replayed in the timeline', async () => {
    const SQL = await loadSqlJs();
    const started = process.cpuUsage();
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
    const cpu = process.cpuUsage(started);
    console.log(
      `truth test: ${replayed} counterexamples, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`,
    );
  });

  it(`${RANDOM_RUNS} random builder scenarios`, () => {
    const started = process.cpuUsage();
    holdsOver(builderScenarioArbitrary(Object.keys(TIMELINE_DESIGNS)), RANDOM_RUNS, 'builder');
    const cpu = process.cpuUsage(started);
    console.log(`truth test: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s of CPU`);
    // The random scenarios reach every kind of claim the judge reads (no check is vacuous).
    expect(Object.keys(CLAIMS).filter((name) => !claimsSeen.has(name))).toEqual([]);
    // A ceiling, not a pace: about 4 s of CPU (seed 1), but it timed out at the default 30 s of
    // wall time beside five other test files at load 15.
  }, 300_000);

  it('300 random scenarios around a rescuer: its read, the row changed or not, its re-queue', () => {
    holdsOver(rescuerScenarioArbitrary(Object.keys(TIMELINE_DESIGNS)), 300, 'rescuer');
    // Every kind of re-queue is reached: refused as read, applied with damage, applied cleanly.
    expect([...rescueKinds].sort()).toEqual(['applied', 'damage', 'refused as read']);
  }, 300_000);

  it('300 random scenarios around a long transaction, under every time source', () => {
    holdsOver(
      longTransactionScenarioArbitrary(Object.keys(TIMELINE_DESIGNS)),
      300,
      'long-transaction',
    );
    // Every clock is named judging a lease, an open transaction's lagging now() included.
    expect([...clocksSeen].sort()).toEqual(Object.keys(CLOCKS).sort());
  }, 300_000);
});
