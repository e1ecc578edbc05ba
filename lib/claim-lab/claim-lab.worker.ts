/// <reference lib="webworker" />
import { loadSqlJs, openSqlJs, type SqlJsDriver } from '@/lib/sqlite';
import { runScript } from '@/lib/sqlite/console';
import type { WorkerEnvelope } from '@/lib/worker/guarded-worker';
import type { LabRequest, LabResponse } from './claim-lab.protocol';
import { lockDownScope } from './lock-down';
import { runProgram } from './run-program';

// The learner's program runs here and only here: an endless loop freezes this worker, never the
// page (which terminates and replaces it), and the program cannot reach the page's DOM. Storage
// and network globals are removed once sql.js has loaded its WASM.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = scope.postMessage.bind(scope);
const ready = loadSqlJs().then(() => {
  lockDownScope(scope);
});

let db: SqlJsDriver | null = null;

async function handle(request: LabRequest): Promise<LabResponse> {
  await ready;
  switch (request.type) {
    case 'init':
      return { type: 'ready' };
    case 'run': {
      db?.close();
      db = await openSqlJs();
      const started = performance.now();
      const run = runProgram(db, request.source);
      return { type: 'ran', run, ms: performance.now() - started };
    }
    case 'console':
      return { type: 'console', result: db ? runScript(db.raw, request.sql) : null };
  }
}

let queue: Promise<void> = Promise.resolve();

scope.addEventListener('message', (event: MessageEvent<WorkerEnvelope<LabRequest>>) => {
  const { id, body } = event.data;
  queue = queue.then(async () => {
    const answer = await handle(body);
    post({ id, body: answer } satisfies WorkerEnvelope<LabResponse>);
  });
});
