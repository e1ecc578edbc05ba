import { build } from 'esbuild';
import { mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker as NodeWorker } from 'node:worker_threads';

/*
 * The claim lab's Web Worker, run in Node for tests: the worker's own module, bundled once, in a
 * worker_threads thread (a realm of its own, as a Web Worker is: a program that patches
 * String.prototype patches that thread only), behind the interface of a browser's Worker, so the
 * page's side (createClaimLabWorker, GuardedWorker, the door) runs unchanged in the test.
 */

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, '..', '..');

// The thread's global scope as the worker module expects `self`: the global itself (the
// lock-down and the memory budget work on it, as on a Web Worker's), with postMessage and
// message listeners (each event with its data) over the thread's port to its parent.
const ENTRY = `
import { parentPort } from 'node:worker_threads';
const listeners = [];
parentPort.on('message', (data) => { for (const listener of listeners) listener({ data, ports: [] }); });
globalThis.self = globalThis;
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
globalThis.addEventListener = (type, listener) => { if (type === 'message') listeners.push(listener); };
`;

let bundled: Promise<string> | null = null;

/** Bundles the claim lab's worker module (once per test process) and returns the file. */
export function labThreadScript(): Promise<string> {
  bundled ??= (async () => {
    // Inside node_modules, so the bundle's require('sql.js') finds the package and its WASM.
    const outdir = join(root, 'node_modules', '.cache', 'lab-thread');
    mkdirSync(outdir, { recursive: true });
    const outfile = join(outdir, `lab-thread-${process.pid}.cjs`);
    await build({
      stdin: {
        contents: `${ENTRY}\nrequire('./claim-lab.worker.ts');\n`,
        resolveDir: here,
        loader: 'ts',
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      outfile,
      external: ['sql.js', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync'],
      tsconfig: join(root, 'tsconfig.json'),
      logLevel: 'error',
    });
    return outfile;
  })();
  return bundled;
}

/** Threads started and not yet ended, so a test can end what a case left behind. */
const running = new Set<NodeWorker>();

/** Ends every thread still running (a program that never returned, say). */
export async function endLabThreads(): Promise<void> {
  await Promise.all([...running].map((thread) => thread.terminate()));
  running.clear();
}

/** Removes the bundle this process made (after its threads have ended). */
export async function removeLabThreadScript(): Promise<void> {
  if (!bundled) return;
  const file = await bundled;
  bundled = null;
  rmSync(file, { force: true });
}

/**
 * A worker_threads thread running `script`, with the browser Worker's interface. `stackSizeMb`
 * gives the thread a stack as small as a browser worker's (Node's own is 984 KB).
 */
export function labThread(script: string, stackSizeMb?: number): Worker {
  const thread = new NodeWorker(
    script,
    stackSizeMb === undefined ? undefined : { resourceLimits: { stackSizeMb } },
  );
  running.add(thread);
  thread.once('exit', () => running.delete(thread));
  const worker = {
    onmessage: null as ((event: MessageEvent) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    postMessage(message: unknown, transfer?: Transferable[]) {
      thread.postMessage(message, transfer as never);
    },
    terminate() {
      running.delete(thread);
      void thread.terminate();
    },
    addEventListener() {},
    removeEventListener() {},
  };
  thread.on('message', (data) => worker.onmessage?.({ data } as MessageEvent));
  thread.on('error', (error) =>
    worker.onerror?.({
      message: error instanceof Error ? error.message : String(error),
      preventDefault() {},
    } as unknown as ErrorEvent),
  );
  return worker as unknown as Worker;
}
