/*
 * lib/worker: how the app runs work in a Web Worker. Pages and components import it here.
 * Every Web Worker starts from lib/worker/start/, one file per worker (the bundler's
 * import.meta.url: only the modules' '@/lib/<module>/client' doors load them, never Node code).
 */

/** Starts a Web Worker under the page's Content Security Policy (a blob script where needed). */
export { underPagePolicy, blobScriptFor } from './page-policy';
/** The one protocol: a request with an id; started, progress, then a reply or a failure. */
export {
  FAILURE_CHARS,
  failureText,
  workerMessage,
  type WorkerEnvelope,
  type WorkerStarted,
  type WorkerProgress,
  type WorkerFailed,
  type WorkerReply,
} from './protocol';
/** The page's side: a Web Worker with time limits per request, replaced when it overruns. */
export { GuardedWorker, type GuardedResult, type RequestOptions } from './guarded-worker';
/** The worker's side: answers requests in order, with progress and failures. */
export { serveRequests, type ServeOptions, type WorkerScope } from './serve';
/** Request/response over postMessage: an id per call, a value or an error per reply. */
export { createRpcCaller, answerRpc, type RpcCall, type RpcReply, type RpcCaller } from './rpc';
/** A worker that runs a learner's program: a port handed over first, bytes, the page's door. */
export { openReply, type OpenChannel, type ReplyDoor } from './sealed-door';
export { serveSealed, type SealedAnswer } from './serve-sealed';
export { sealedBytes } from './sealed-bytes';
