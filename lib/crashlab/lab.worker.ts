/// <reference lib="webworker" />
import type { HostMessage, LabOpName, WorkerMessage, WorkerStall } from './protocol';
import type { FaultPoint } from './types';
import { runWorker, type LabOps } from './worker';

// One crash-lab worker: it holds no database, only the step loop. Every read and write goes to
// the page that owns the task and publisher databases, one message per operation, so the page
// (like a database server) keeps whatever this worker committed when it is killed mid-step.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: WorkerMessage) => scope.postMessage(message);

let nextId = 1;
const pending = new Map<number, (result: unknown) => void>();

function call<T>(op: LabOpName, ...args: unknown[]): Promise<T> {
  const id = nextId++;
  return new Promise<T>((resolve) => {
    pending.set(id, resolve as (result: unknown) => void);
    post({ type: 'call', id, op, args });
  });
}

const ops: LabOps = {
  claim: (owner) => call('claim', owner),
  beginStep: (owner, generation, step) => call('beginStep', owner, generation, step),
  publish: (owner, generation, body) => call('publish', owner, generation, body),
  checkpoint: (owner, generation, step, attemptId, output) =>
    call('checkpoint', owner, generation, step, attemptId, output),
  finish: (owner, generation) => call('finish', owner, generation),
};

class Died extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function start(
  owner: string,
  fault: FaultPoint | null,
  stall: WorkerStall | null,
  stepMs: number,
  pollMs: number,
) {
  let waited = false;
  for (;;) {
    const outcome = await runWorker(ops, {
      owner,
      fault,
      die(point) {
        // The crash: this worker ends here, before anything after the fault point can run.
        post({ type: 'died', point });
        scope.close();
        throw new Died(point);
      },
      work: (step) => sleep(stall?.step === step ? stall.ms : stepMs),
      onEvent: (event) => post({ type: 'event', event }),
    });
    // A worker started while another holds the lease keeps asking, as a real one would.
    if (outcome.kind === 'not-claimed' && outcome.reason === 'lease-held') {
      if (!waited) post({ type: 'waiting', explanation: outcome.explanation });
      waited = true;
      await sleep(pollMs);
      continue;
    }
    post({ type: 'done', outcome });
    return;
  }
}

scope.onmessage = (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  if (message.type === 'reply') {
    pending.get(message.id)?.(message.result);
    pending.delete(message.id);
    return;
  }
  start(message.owner, message.fault, message.stall, message.stepMs, message.pollMs).catch(
    (error: unknown) => {
      if (!(error instanceof Died)) throw error;
    },
  );
};
