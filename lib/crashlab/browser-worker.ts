/** Starts one crash-lab Web Worker (a module worker bundled from lab.worker.ts). */
export function createLabWorker(): Worker {
  return new Worker(new URL('./lab.worker.ts', import.meta.url), {
    type: 'module',
    name: 'crash-lab-worker',
  });
}
