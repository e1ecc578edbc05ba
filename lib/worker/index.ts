/*
 * lib/worker: how the app runs work in a Web Worker. Pages and components import it here;
 * the modules that start their own Web Workers (claim lab, checker, SQL console, journal import,
 * crash lab) use it the same way.
 */

/** Starts a Web Worker under the page's Content Security Policy (a blob script where needed). */
export { underPagePolicy, blobScriptFor } from './page-policy';
/** A Web Worker with a time limit per request: replaced, not trusted, when it overruns. */
export {
  GuardedWorker,
  type WorkerEnvelope,
  type WorkerStarted,
  type GuardedResult,
} from './guarded-worker';
/** Request/response over postMessage: an id per call, a value or an error per reply. */
export { createRpcCaller, answerRpc, type RpcCall, type RpcReply, type RpcCaller } from './rpc';
