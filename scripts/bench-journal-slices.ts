/**
 * The journal read in Node, two ways, side by side in one run: at once (`load()`, what the page
 * did before issue 41, one task) and in slices (`loadInSlices`, what the page does now), with the
 * longest slice: the part of the read that one task of the page would hold.
 */
import { performance } from 'node:perf_hooks';
import { createJournal } from '@/lib/journal';
import { memoryKeyValueStore } from '@/lib/storage';
import { storedJournal } from '../e2e/journal-fixture';

const SIZES = [1_000, 10_000, 30_000];
const SLICE_MS = 20;
const fmt = (n: number) => n.toLocaleString('en-US');

function storeOf(items: Record<string, string>) {
  const store = memoryKeyValueStore(50_000_000);
  for (const [key, value] of Object.entries(items)) store.setItem(key, value);
  return store;
}

export async function benchSlices(): Promise<boolean> {
  console.log('');
  console.log(
    `The journal read in Node (best of 3): at once, as one task, against slices of ${SLICE_MS} ms:`,
  );
  console.log('  versions  at once (one task)  in slices: longest slice  slices  total');
  let pass = true;
  for (const versions of SIZES) {
    const items = storedJournal(versions);
    let once = Infinity;
    let longest = Infinity;
    let slices = 0;
    let total = Infinity;
    for (let run = 0; run < 3; run += 1) {
      const a = createJournal({ store: storeOf(items), writerId: 'reader' });
      let started = performance.now();
      a.load();
      once = Math.min(once, performance.now() - started);
      const b = createJournal({ store: storeOf(items), writerId: 'reader' });
      let slice = 0;
      let count = 1;
      started = performance.now();
      let sliceStart = started;
      await b.loadInSlices({
        clock: () => performance.now(),
        sliceMs: SLICE_MS,
        pause: async () => {
          slice = Math.max(slice, performance.now() - sliceStart);
          count += 1;
          await new Promise((resolve) => setImmediate(resolve));
          sliceStart = performance.now();
        },
      });
      slice = Math.max(slice, performance.now() - sliceStart);
      if (b.prompts().reduce((n, p) => n + b.history(p).length, 0) !== versions)
        throw new Error(`the sliced read of ${versions} versions lost some`);
      if (slice < longest) {
        longest = slice;
        slices = count;
      }
      total = Math.min(total, performance.now() - started);
    }
    if (longest > 50) pass = false;
    console.log(
      `  ${fmt(versions).padStart(8)}  ${`${once.toFixed(0)} ms`.padStart(18)}  ${`${longest.toFixed(1)} ms`.padStart(24)}  ${String(slices).padStart(6)}  ${total.toFixed(0)} ms`,
    );
  }
  console.log(`  goal: every slice under 50 ms ${pass ? 'PASS' : 'FAIL'}`);
  return pass;
}
