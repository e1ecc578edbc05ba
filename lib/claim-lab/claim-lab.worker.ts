/// <reference lib="webworker" />
import { loadSqlJs, openSqlJs, type SqlJsDriver } from '@/lib/sqlite';
import { runScript } from '@/lib/sqlite/console';
import { serveSealed, type SealedAnswer } from '@/lib/worker/serve-sealed';
import type { LabRunProgress, LabRequest, LabResponse } from './claim-lab.protocol';
import { LAB_LIMITS } from './limits';
import { trackLeftWork, type LeftWork } from './left-work';
import { lockDownScope } from './lock-down';
import { budgetAllocations, type AllocationLedger } from './memory-budget';
import { runProgram } from './run-program';

// The learner's program runs here and only here, once: the page starts a fresh worker for every
// run (nothing a program patches or leaves running reaches the next one), and terminates this
// one when a run takes too long. The worker is started from a blob: URL, so the page's
// Content-Security-Policy holds here too (no request leaves the origin, see
// lib/worker/page-policy.ts); once sql.js has loaded its WASM, every global that is not on the
// lock-down's allow-list is removed, so the program has no storage, locks, OPFS or network API.
const scope = self as unknown as DedicatedWorkerGlobalScope;
// Taken before the lock-down removes timers: the worker's own way to wait for its next task.
const later = scope.setTimeout.bind(scope);
// The clock, taken before any program can replace performance.now.
const now = performance.now.bind(performance);
let leftWork: LeftWork | null = null;
let ledger: AllocationLedger | null = null;
// Who hears that the run passed its memory budget: the run's progress, while it runs.
let overBudget: ((bytes: number) => void) | null = null;
const ready = loadSqlJs().then(() => {
  lockDownScope(scope);
  leftWork = trackLeftWork(scope, (callback) => void later(callback, 0));
  ledger = budgetAllocations(
    scope as unknown as typeof globalThis,
    LAB_LIMITS.memoryBudgetBytes,
    (bytes) => overBudget?.(bytes),
  );
});

let db: SqlJsDriver | null = null;
let ran = false;

async function handle(
  request: LabRequest,
  answer: SealedAnswer<LabResponse, LabRunProgress>,
): Promise<void> {
  await ready;
  const { progress, reply } = answer;
  switch (request.type) {
    case 'init':
      return reply({ type: 'ready' });
    case 'run': {
      if (ran)
        throw new Error(
          'This worker has run a program already; the page starts a fresh one for each run.',
        );
      ran = true;
      db = await openSqlJs();
      const started = now();
      // The page stops a run that goes quiet, not one that is slow: each database call or print
      // says the program is working (at most every progressEveryMs).
      let reported = started;
      let calls = 0;
      const onActivity = () => {
        calls += 1;
        const at = now();
        if (at - reported < LAB_LIMITS.progressEveryMs) return;
        reported = at;
        progress({ calls });
      };
      // Past the memory budget the page is told at once, and ends this worker (issue 42).
      overBudget = (memory) => progress({ calls, memory });
      const run = runProgram(db, request.source, { onActivity });
      // "Ran" means no work is left: a callback the program left behind runs first, under the
      // same time limit (one that never ends keeps this answer back, and the page ends the
      // worker when the limit passes).
      await leftWork?.idle();
      ledger?.disarm();
      overBudget = null;
      return reply({ type: 'ran', run, ms: now() - started });
    }
    case 'console':
      return reply({ type: 'console', result: db ? runScript(db.raw, request.sql) : null });
  }
}

// lib/worker's sealed channel (issue 41): one request after another, on a port the page hands
// over before any program exists, answered in bytes the page checks with its own door. Its
// methods are taken now, before the lock-down removes globals and before a program can patch one.
serveSealed<LabRequest, LabResponse, LabRunProgress>(handle, {}, scope);
