/// <reference lib="webworker" />
import type { Database } from 'sql.js';
import { serveSealed, type SealedAnswer } from '@/lib/worker/serve-sealed';
import { runScript } from './console';
import { boundDatabase, limitSqliteHeap, type DatabaseBounds } from './db-bounds';
import { loadSqlJs } from './load';
import { openSqlJs } from './sqljs-driver';
import type { ConsoleRequest, ConsoleResponse } from './sql-console.protocol';

// The SQL console's database lives only in this worker: a runaway query can freeze the worker,
// never the page, and the page replaces the worker when it does.
let db: Database | null = null;
// The learner's scripts run within the database's bounds (db-bounds.ts); the seed is ours.
let bounds: DatabaseBounds | null = null;
const now = performance.now.bind(performance);

async function handle(
  request: ConsoleRequest,
  { reply }: SealedAnswer<ConsoleResponse, never>,
): Promise<void> {
  switch (request.type) {
    case 'reset': {
      db?.close();
      db = (await openSqlJs()).raw;
      limitSqliteHeap(db);
      bounds = boundDatabase(await loadSqlJs(), db);
      const seeded = runScript(db, request.seed);
      return reply({ type: 'reset', error: seeded.error?.message ?? null });
    }
    case 'run': {
      if (!db || !bounds) {
        db = (await openSqlJs()).raw;
        limitSqliteHeap(db);
        bounds = boundDatabase(await loadSqlJs(), db);
      }
      const started = now();
      const result = runScript(db, request.sql, bounds);
      return reply({ type: 'ran', result, ms: now() - started });
    }
  }
}

// lib/worker's sealed channel: requests strictly in order (a run never sees a half-made database
// from a reset), each acknowledged when it starts so the page's time limit counts only its own
// work; every reply in bytes, opened on the page by lib/bounded's door (sql-console.door.ts).
serveSealed<ConsoleRequest, ConsoleResponse>(handle, { ackStart: true });
