/**
 * npm run bench:journal — how much the answer journal stores and how fast it saves and opens.
 * Runs the real journal store against an in-memory storage with Chromium's localStorage quota.
 */
import { performance } from 'node:perf_hooks';
import { createJournal } from '@/lib/journal';
import { LOCAL_STORAGE_QUOTA_CHARS, memoryKeyValueStore } from '@/lib/storage';
import { benchJournalLoad } from './bench-journal-load';
import { benchSlices } from './bench-journal-slices';

const SIZE = 20_000;
const EDITS = 1_000;
const WORDS = (
  'lease fence token worker claim renew finish cancel owner generation stale write safety liveness ' +
  'expired paused resumed conditional update rows affected idempotency key gateway target resource ' +
  'heartbeat scheduler takeover transaction commit reject accept database clock monotonic'
).split(' ');

/** A small seeded generator (mulberry32), so every run measures the same edits. */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A larger, made-up vocabulary for whole rewrites, so they compress about as badly as prose. */
function vocabulary(random: () => number, size: number): string[] {
  const letters = 'etaoinshrdlcumwfgypbvkjxqz';
  return Array.from({ length: size }, () =>
    Array.from(
      { length: 3 + Math.floor(random() * 8) },
      () => letters[Math.floor(random() ** 2 * letters.length)],
    ).join(''),
  );
}

function words(random: () => number, count: number, from: readonly string[] = WORDS): string {
  return Array.from({ length: count }, () => from[Math.floor(random() * from.length)]).join(' ');
}

function text(random: () => number, size: number, from: readonly string[] = WORDS): string {
  let out = '';
  while (out.length < size) out += `${words(random, 12, from)}. `;
  return out.slice(0, size);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];
const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(2)} ms`;

function smallEdits() {
  const random = rng(7);
  const storage = memoryKeyValueStore();
  let clock = 0;
  const journal = createJournal({ store: storage, writerId: 'bench', now: () => (clock += 1_000) });
  journal.load();
  let answer = text(random, SIZE);
  let baseId: string | null = null;
  let naive = 0;
  const saveTimes: number[] = [];
  for (let i = 0; i < EDITS; i += 1) {
    // A few words replaced somewhere, keeping the answer at 20,000 characters.
    const pos = Math.floor(random() * (answer.length - 40));
    const insert = ` ${words(random, 1 + Math.floor(random() * 4))} `;
    answer = (answer.slice(0, pos) + insert + answer.slice(pos + insert.length)).slice(0, SIZE);
    const started = performance.now();
    const result = journal.save('main', answer, { baseId, kind: 'autosave' });
    saveTimes.push(performance.now() - started);
    if (!result.ok || !result.saved) throw new Error(`save ${i} failed: ${JSON.stringify(result)}`);
    baseId = result.entry.id;
    naive += answer.length;
  }
  const stored = storage.used();

  // Three fresh readers (three page loads); each version's time is the best of the three, which
  // removes pauses caused by other processes on this shared machine but not slow versions.
  let loadTime = Infinity;
  const best: number[] = [];
  let entries = 0;
  for (let run = 0; run < 3; run += 1) {
    const loadStarted = performance.now();
    const reader = createJournal({ store: storage, writerId: `reader${run}` });
    reader.load();
    loadTime = Math.min(loadTime, performance.now() - loadStarted);
    const history = reader.history('main');
    entries = history.length;
    history.forEach((meta, i) => {
      const started = performance.now();
      const opened = reader.textOf('main', meta.id);
      const took = performance.now() - started;
      best[i] = Math.min(best[i] ?? Infinity, took);
      if (opened === null || opened.length !== meta.size)
        throw new Error(`version ${i} did not open`);
    });
    if (reader.textOf('main', history[history.length - 1].id) !== answer)
      throw new Error('last version differs');
  }
  const openTimes = best;
  return { stored, naive, saveTimes, openTimes, loadTime, entries };
}

function wholeRewrites() {
  const random = rng(11);
  const vocab = [...WORDS, ...vocabulary(random, 5_000)];
  const storage = memoryKeyValueStore();
  let clock = 0;
  const journal = createJournal({ store: storage, writerId: 'bench', now: () => (clock += 1_000) });
  journal.load();
  let baseId: string | null = null;
  let naive = 0;
  const saveTimes: number[] = [];
  let stoppedBy: string | null = null;
  let saved = 0;
  for (let i = 0; i < EDITS; i += 1) {
    const answer = text(random, SIZE, vocab);
    const started = performance.now();
    const result = journal.save('main', answer, { baseId });
    saveTimes.push(performance.now() - started);
    if (!result.ok) {
      stoppedBy = result.message;
      break;
    }
    if (result.saved) {
      baseId = result.entry.id;
      saved += 1;
      naive += answer.length;
    }
  }
  return { saved, naive, stored: storage.used(), saveTimes, stoppedBy };
}

/** One small edit per page load: each load is a new journal instance on the same storage. */
function pageLoads(loads: number, adopt: boolean) {
  const random = rng(13);
  const storage = memoryKeyValueStore();
  let clock = 0;
  let answer = text(random, SIZE);
  let baseId: string | null = null;
  let previousWriter: string | null = null;
  for (let i = 0; i < loads; i += 1) {
    const journal = createJournal({ store: storage, now: () => (clock += 1_000) });
    journal.load();
    // In the browser the previous page's Web Lock is gone after a reload, so its writer is free.
    if (adopt && previousWriter) journal.adoptWriter(previousWriter);
    const pos = Math.floor(random() * (answer.length - 40));
    const insert = ` ${words(random, 3)} `;
    answer = (answer.slice(0, pos) + insert + answer.slice(pos + insert.length)).slice(0, SIZE);
    const result = journal.save('main', answer, { baseId });
    if (!result.ok || !result.saved) throw new Error(`load ${i}: save failed`);
    baseId = result.entry.id;
    previousWriter = journal.writer;
  }
  return { stored: storage.used(), keys: storage.length };
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? 4352);
  if (process.argv.includes('--load-only')) {
    if (!(await benchJournalLoad(port))) process.exitCode = 1;
    return;
  }
  const small = smallEdits();
  const ratio = small.naive / small.stored;
  console.log(
    `Answer journal benchmark (${EDITS} saves of a ${fmt(SIZE)}-character answer, quota ${fmt(LOCAL_STORAGE_QUOTA_CHARS)} characters)`,
  );
  console.log('');
  console.log('Small edits (a few words each):');
  console.log(
    `  stored:            ${fmt(small.stored)} characters for ${small.entries} entries (keys and values)`,
  );
  console.log(`  naive full copies: ${fmt(small.naive)} characters`);
  console.log(
    `  ratio:             1/${ratio.toFixed(0)} of naive (goal: at most 1/50) ${ratio >= 50 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  share of quota:    ${((small.stored / LOCAL_STORAGE_QUOTA_CHARS) * 100).toFixed(1)}%`,
  );
  console.log(
    `  save one entry:    median ${ms(median(small.saveTimes))}, p95 ${ms(p95(small.saveTimes))}, max ${ms(max(small.saveTimes))} (goal: median < 5 ms) ${median(small.saveTimes) < 5 ? 'PASS' : 'FAIL'}`,
  );
  console.log(
    `  open any version:  (all 1,000, best of 3 loads) median ${ms(median(small.openTimes))}, p95 ${ms(p95(small.openTimes))}, max ${ms(max(small.openTimes))} (goal: < 20 ms) ${max(small.openTimes) < 20 ? 'PASS' : 'FAIL'}`,
  );
  console.log(`  load and validate the whole history (once per page load): ${ms(small.loadTime)}`);

  const LOADS = 200;
  const adopted = pageLoads(LOADS, true);
  const fresh = pageLoads(LOADS, false);
  console.log('');
  console.log(`One small edit per page load (${LOADS} loads):`);
  console.log(
    `  adopting the idle writer:  ${fmt(adopted.stored)} characters in ${adopted.keys} keys`,
  );
  console.log(
    `  a new writer every load:   ${fmt(fresh.stored)} characters in ${fresh.keys} keys (each load starts with a full compressed copy)`,
  );

  const whole = wholeRewrites();
  console.log('');
  console.log(
    'Whole rewrites (every save replaces all 20,000 characters with new text from a 5,000-word vocabulary):',
  );
  console.log(`  entries saved:     ${whole.saved} of ${EDITS}`);
  console.log(
    `  stored:            ${fmt(whole.stored)} characters (naive ${fmt(whole.naive)}; compression 1/${(whole.naive / whole.stored).toFixed(1)})`,
  );
  console.log(
    `  save one entry:    median ${ms(median(whole.saveTimes))}, max ${ms(max(whole.saveTimes))}`,
  );
  console.log(
    `  at the quota:      ${whole.stoppedBy ? `refused and reported: "${whole.stoppedBy}"` : 'not reached'}`,
  );

  if (ratio < 50 || median(small.saveTimes) >= 5 || max(small.openTimes) >= 20)
    process.exitCode = 1;
  if (!(await benchSlices())) process.exitCode = 1;
  if (!(await benchJournalLoad(port))) process.exitCode = 1;
}

void main();
