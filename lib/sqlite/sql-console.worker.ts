/// <reference lib="webworker" />
import type { Database } from 'sql.js';
import { serveRequests } from '@/lib/worker/serve';
import { runScript } from './console';
import { openSqlJs } from './sqljs-driver';
import type { ConsoleRequest, ConsoleResponse } from './sql-console.protocol';

// The SQL console's database lives only in this worker: a runaway query can freeze the worker,
// never the page, and the page replaces the worker when it does.
let db: Database | null = null;

async function handle(request: ConsoleRequest): Promise<ConsoleResponse> {
  switch (request.type) {
    case 'reset': {
      db?.close();
      db = (await openSqlJs()).raw;
      const seeded = runScript(db, request.seed);
      return { type: 'reset', error: seeded.error?.message ?? null };
    }
    case 'run': {
      if (!db) db = (await openSqlJs()).raw;
      const started = performance.now();
      const result = runScript(db, request.sql);
      return { type: 'ran', result, ms: performance.now() - started };
    }
    case 'export': {
      if (!db) db = (await openSqlJs()).raw;
      return { type: 'exported', bytes: db.export() };
    }
  }
}

// lib/worker's protocol: requests strictly in order (a run never sees a half-made database from a
// reset), each acknowledged when it starts so the page's time limit counts only its own work.
serveRequests<ConsoleRequest, ConsoleResponse>(handle, {
  ackStart: true,
  transfer: (answer) => (answer.type === 'exported' ? [answer.bytes.buffer as ArrayBuffer] : []),
});
