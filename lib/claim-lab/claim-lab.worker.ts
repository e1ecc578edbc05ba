/// <reference lib="webworker" />
import {
  boundDatabase,
  limitSqliteHeap,
  loadSqlJs,
  openSqlJs,
  type DatabaseBounds,
  type SqlJsDriver,
} from '@/lib/sqlite';
import { runScript } from '@/lib/sqlite/console';
import { serveSealed, type SealedAnswer } from '@/lib/worker/serve-sealed';
import type { LabRunProgress, LabRequest, LabResponse } from './claim-lab.protocol';
import { LAB_LIMITS } from './limits';
import { createProgramEngine, type ProgramEngine } from './engine';
import { lockDownScope } from './lock-down';
import { runProgram } from './run-program';

// The learner's program runs here and only here, once, inside a QuickJS engine of its own: the
// page starts a fresh worker for every run, and terminates this one when a database call keeps it
// from answering past a run's limits. The program reaches nothing of this worker but `db` and
// `print`. As defences beside the engine: the worker is started from a blob: URL, so the page's
// Content-Security-Policy holds here too (no request leaves the origin, see
// lib/worker/page-policy.ts); once sql.js and the engine have loaded, every global that is not on
// the lock-down's allow-list is removed (no storage, locks, OPFS or network API).
const scope = self as unknown as DedicatedWorkerGlobalScope;
const now = performance.now.bind(performance);
// The program's engine (QuickJS in WebAssembly, with its own capped memory: engine.ts) is made
// while the worker warms up, before the lock-down removes what loading it needs.
let engine: ProgramEngine | null = null;
const ready = (async () => {
  await loadSqlJs();
  engine = await createProgramEngine();
  lockDownScope(scope);
})();

let db: SqlJsDriver | null = null;
// The program's SQL, and the lab console's after it, run within the database's bounds.
let bounds: DatabaseBounds | null = null;
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
      // This worker runs one program: SQLite's heap bound holds for its realm (db-bounds.ts).
      limitSqliteHeap(db.raw);
      bounds = boundDatabase(await loadSqlJs(), db.raw);
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
      // The engine stops the program itself at the run's limits (and runs what it left behind,
      // promise callbacks, under the same limits); the page ends this worker only when a
      // database call keeps it from answering.
      const run = await runProgram(db, request.source, {
        onActivity,
        limits: request.limits,
        engine: engine ?? undefined,
        bounds,
      });
      return reply({ type: 'ran', run, ms: now() - started });
    }
    case 'console':
      return reply({
        type: 'console',
        result: db ? runScript(db.raw, request.sql, bounds ?? undefined) : null,
      });
  }
}

// lib/worker's sealed channel (issue 41): one request after another, on a port the page hands
// over before any program exists, answered in bytes the page checks with its own door. Its
// methods are taken now, before the lock-down removes globals and before a program can patch one.
serveSealed<LabRequest, LabResponse, LabRunProgress>(handle, {}, scope);
