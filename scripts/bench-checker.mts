/**
 * npm run bench:checker — the schedule checker's speed on this machine's Node.
 *
 * For 3 workers x 4 and x 5 operations (the lesson's design, every property checked after
 * every step) it prints schedules per second for the SAVEPOINT depth-first search and for the
 * naive search that replays every schedule on a fresh database, and their ratio; then the
 * same bounds, 3 x 6 and 4 x 6 with the state cache, and a 5 x 4 custom design beside the
 * lesson design; each cached search with its reduction (the default) and without, in this same
 * process. The naive search runs for a fixed time budget (it would take minutes to finish); its
 * rate is measured over the schedules it ran. Wall time moves with the machine's load, so the
 * load average is printed at the start and at the end, and cpu time beside every wall time.
 */
import os from 'node:os';
import initSqlJs from 'sql.js';
import { fencedDesign, type LeaseDesign } from '../lib/lease/index.ts';
import {
  checkDesign,
  conditionsDesign,
  naiveCheck,
  uniformBound,
  validateDraft,
} from '../lib/checker/index.ts';

const NAIVE_BUDGET_MS = Number(process.env.NAIVE_BUDGET_MS ?? 4_000);

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const secs = (ms: number) => `${(ms / 1000).toFixed(3)} s`;

function timed<T>(fn: () => T): { value: T; wallMs: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const t = performance.now();
  const value = fn();
  const wallMs = performance.now() - t;
  const used = process.cpuUsage(cpu);
  return { value, wallMs, cpuMs: (used.user + used.system) / 1000 };
}

const SQL = await initSqlJs();
// Warm the JIT so the first measured search is not charged for compiling the engine.
for (let i = 0; i < 3; i++) checkDesign(SQL, fencedDesign, uniformBound(3, 4));

console.log(`Schedule checker benchmark (Node ${process.version}, design: ${fencedDesign.id})`);
const loadavg = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
console.log(`load average at the start: ${loadavg()} (1, 5 and 15 minutes)\n`);

const goals: string[] = [];
for (const k of [4, 5]) {
  const bound = uniformBound(3, k);
  // 3 x 4 takes a few tenths of a second, so one pair of runs moves with the machine: run five
  // rounds, each the savepoint search then the naive one straight after (both see the same
  // machine), and report the round with the median ratio.
  const rounds = k === 4 ? 5 : 1;
  const budget = NAIVE_BUDGET_MS / rounds;
  const results = Array.from({ length: rounds }, () => {
    const fast = timed(() => checkDesign(SQL, fencedDesign, bound));
    const naive = timed(() => naiveCheck(SQL, fencedDesign, bound, budget));
    const fastRate = fast.value.explored / (fast.wallMs / 1000);
    const naiveRate = naive.value.explored / (naive.wallMs / 1000);
    const cpuRatio = fast.value.explored / fast.cpuMs / (naive.value.explored / naive.cpuMs);
    return { fast, naive, fastRate, naiveRate, ratio: fastRate / naiveRate, cpuRatio };
  }).sort((a, b) => a.ratio - b.ratio);
  const { fast, naive, fastRate, naiveRate, ratio, cpuRatio } = results[Math.floor(rounds / 2)];
  console.log(`3 workers x ${k} operations: ${fmt(fast.value.total)} schedules`);
  console.log(
    `  savepoint search: ${fmt(fast.value.explored)} schedules, ${fmt(fast.value.steps)} steps in ${secs(fast.wallMs)} (cpu ${secs(fast.cpuMs)}) = ${fmt(fastRate)} schedules/s, verdict ${fast.value.verdict}`,
  );
  console.log(
    `  naive search:     ${fmt(naive.value.explored)} schedules on fresh databases in ${secs(naive.wallMs)} (cpu ${secs(naive.cpuMs)}) = ${fmt(naiveRate)} schedules/s${naive.value.verdict === 'stopped' ? ` (time budget ${Math.round(budget)} ms)` : ''}`,
  );
  console.log(
    `  ratio: ${ratio.toFixed(1)}x by wall time, ${cpuRatio.toFixed(1)}x by cpu time${rounds > 1 ? ` (median of ${rounds} rounds: ${results.map((r) => `${r.ratio.toFixed(0)}x`).join(', ')})` : ''}\n`,
  );
  const limit = k === 4 ? 500 : 5_000;
  const verdict = (ms: number) => (ms < limit ? 'met' : 'MISSED');
  goals.push(
    `3x${k} under ${limit / 1000} s: ${verdict(fast.wallMs)} by wall time (${secs(fast.wallMs)}), ${verdict(fast.cpuMs)} by cpu time (${secs(fast.cpuMs)})`,
  );
  goals.push(
    `3x${k} at least 200x the naive search: ${ratio >= 200 ? 'met' : 'MISSED'} (${ratio.toFixed(1)}x wall, ${cpuRatio.toFixed(1)}x cpu)`,
  );
}

console.log(
  'With the state cache (a state explored before is skipped, its schedules counted), reduced (default: stopped and interchangeable holders) and not reduced:',
);
for (const [n, k] of [
  [3, 4],
  [3, 5],
  [3, 6],
  [4, 6],
] as const) {
  for (const reduce of [true, false]) {
    const r = timed(() =>
      checkDesign(SQL, fencedDesign, uniformBound(n, k), { stateCache: true, reduce }),
    );
    console.log(
      `  ${n} x ${k}${reduce ? ', reduced:    ' : ', not reduced:'} ${fmt(r.value.covered)} of ${fmt(r.value.total)} schedules in ${secs(r.wallMs)} (cpu ${secs(r.cpuMs)}; ${fmt(r.value.steps)} steps, ${fmt(r.value.cacheHits)} cache hits), verdict ${r.value.verdict}`,
    );
    if (!reduce) continue;
    if (n === 3 && k === 6)
      goals.push(
        `3x6 with the cache under 1 s: ${r.wallMs < 1_000 ? 'met' : 'MISSED'} (${secs(r.wallMs)} wall, ${secs(r.cpuMs)} cpu)`,
      );
    if (n === 4 && k === 6)
      goals.push(
        `4x6 with the cache under 2 s: ${r.wallMs < 2_000 ? 'met' : 'MISSED'} (${secs(r.wallMs)} wall, ${secs(r.cpuMs)} cpu)`,
      );
  }
}

// The checker's custom design ("Check my design": a draft validated into a design) with five
// holders, beside the lesson's own design on the same bound in this process, each with the
// reduced state cache (the default) and without the reduction, for comparison. A draft whose
// statements are the rulebook's lets the search swap holders with different names; a learner's
// own wording of the same conditions does not (the search cannot know it ignores names), so
// only the stopped-holder reduction applies to it.
const drafted = (finish: string) => {
  const v = validateDraft(SQL, { claim: fencedDesign.claim, renew: fencedDesign.renew, finish });
  if (!v.ok) throw new Error('A bench draft does not validate as a custom design.');
  return v.design;
};
const draft = drafted(fencedDesign.finish);
// The lesson's statements with a comment added: the same conditions, but not the rulebook's
// text, so the search cannot tell them from a learner's own SQL.
const ownWords = drafted(`${fencedDesign.finish}\n-- my finish`);
// The custom design as "Check my design" builds it from catalogue picks (conditionsDesign):
// the claim's claimable test, the lesson's renew, a finish on the status and the fingerprint
// (attempt, claimed_at).
const picked = conditionsDesign({
  claim: [{ kind: 'claimable' }],
  renew: fencedDesign.rules!.renew,
  finish: ['status', { kind: 'fingerprint', columns: ['attempt', 'claimed_at'] }],
});
console.log(
  '\nFive holders, 5 x 4, with the state cache, reduced (default) and not reduced, side by side:',
);
const rows: [string, LeaseDesign, boolean, boolean?][] = [
  ['custom design from catalogue conditions, reduced', picked, true],
  ['custom design from catalogue conditions, without the state cache', picked, true, false],
  ['custom design (a validated draft), reduced', draft, true],
  ['custom design (a validated draft), not reduced', draft, false],
  ['custom design as a learner’s own SQL, reduced', ownWords, true],
  ['custom design as a learner’s own SQL, not reduced', ownWords, false],
  ['custom design as a learner’s own SQL, without the state cache', ownWords, true, false],
  ['the lesson design, reduced', fencedDesign, true],
];
// Without the state cache a 5 x 4 search replays every interleaving (about 3 x 10^11): it gets a
// time budget and reports how far it got.
const NO_CACHE_BUDGET_MS = 15_000;
for (const [label, design, reduce, stateCache = true] of rows) {
  const t0 = performance.now();
  const shouldStop = stateCache ? undefined : () => performance.now() - t0 > NO_CACHE_BUDGET_MS;
  const r = timed(() =>
    checkDesign(SQL, design, uniformBound(5, 4), { stateCache, reduce, shouldStop }),
  );
  console.log(
    `  ${label}: ${fmt(r.value.covered)} of ${fmt(r.value.total)} schedules in ${secs(r.wallMs)} (cpu ${secs(r.cpuMs)}; ${fmt(r.value.steps)} steps, ${fmt(r.value.cacheHits)} cache hits), verdict ${r.value.verdict}`,
  );
  if (design === picked && stateCache)
    goals.push(
      `5x4 custom design from catalogue conditions with the cache under 2 s: ${r.wallMs < 2_000 ? 'met' : 'MISSED'} (${secs(r.wallMs)} wall, ${secs(r.cpuMs)} cpu)`,
    );
  if (design === draft && reduce)
    goals.push(
      `5x4 custom design with the cache under 2 s: ${r.wallMs < 2_000 ? 'met' : 'MISSED'} (${secs(r.wallMs)} wall, ${secs(r.cpuMs)} cpu)`,
    );
  if (design === ownWords && reduce && stateCache)
    goals.push(
      `5x4 custom design as a learner’s own SQL with the cache under 2 s: ${r.wallMs < 2_000 ? 'met' : 'MISSED'} (${secs(r.wallMs)} wall, ${secs(r.cpuMs)} cpu)`,
    );
}

console.log(
  "\nGoals (wall time grows with the machine's load average; cpu time is this process alone):",
);
for (const g of goals) console.log(`  ${g}`);
console.log(`load average at the end: ${loadavg()}`);
