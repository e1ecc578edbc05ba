/// <reference lib="webworker" />
import { createRpcCaller } from '@/lib/worker/rpc';
import type { LabOps } from './lab';
import type { HostMessage, LabOpName, LabWorkerMessage } from './protocol';
import { createStepGate } from './step-gate';
import { runWorker } from './worker';

// One crash-lab worker: it holds no database, only the worker loop (the same one the CLI runs).
// Every read and write goes to the page that owns the task and publisher databases, one message
// per operation, so the page (like a database server) keeps whatever this worker committed when
// it is killed mid-step.
const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: LabWorkerMessage) => scope.postMessage(message);

const rpc = createRpcCaller<LabOpName>(post);
const call = rpc.call;

const ops: LabOps = {
  claimNext: (owner) => call('claimNext', owner),
  beginStep: (...args) => call('beginStep', ...args),
  publish: (...args) => call('publish', ...args),
  checkpoint: (...args) => call('checkpoint', ...args),
  finish: (...args) => call('finish', ...args),
};

class Died extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const gate = createStepGate();

async function start(message: Extract<HostMessage, { type: 'start' }>) {
  const { owner, pid, fault, stall, stepMs, pollMs, gated } = message;
  const summary = await runWorker(ops, {
    owner,
    pid,
    fault,
    die(point) {
      // The crash: this worker ends here, before anything after the fault point can run.
      post({ type: 'died', point });
      scope.close();
      throw new Died(point);
    },
    // Step by step: the step's work waits for the page's Step instead of a timer.
    work: (step) => {
      if (!gated) return sleep(stall?.step === step ? stall.ms : stepMs);
      post({ type: 'paused', step });
      return gate.wait();
    },
    // A worker started while another holds the lease keeps asking, as a real one would.
    waitForAll: true,
    idle: () => sleep(pollMs),
    record: (entry) => post({ type: 'history', entry }),
    clock: () => Date.now(),
    onEvent: (event) => post({ type: 'event', event }),
  });
  post({ type: 'done', summary });
}

scope.onmessage = (event: MessageEvent<HostMessage>) => {
  const message = event.data;
  if (message.type === 'reply') {
    rpc.settle(message);
    return;
  }
  if (message.type === 'step') {
    gate.release();
    return;
  }
  start(message).catch((error: unknown) => {
    if (!(error instanceof Died)) throw error;
  });
};
