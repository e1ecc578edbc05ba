/*
 * The app's one Web Worker protocol. The page sends a request with an id; the worker answers
 * about that id: that it started (when the time limit counts only the request's own work),
 * progress, then one reply, or the message of the error its handler threw. GuardedWorker is the
 * page's side, serveRequests the worker's.
 */

/** A request sent to a Web Worker; every message back about it carries the same id. */
export interface WorkerEnvelope<T> {
  id: number;
  body: T;
}

/**
 * Sent when the worker begins a request (see `ackStart`), so the time limit counts only the
 * request's own work, not a fresh worker's start-up or the requests queued before it.
 */
export interface WorkerStarted {
  id: number;
  started: true;
}

/** Progress of the request with this id (a long search, a long file). */
export interface WorkerProgress<P> {
  id: number;
  progress: P;
}

/** The request's handler threw: its message, cut to `FAILURE_CHARS` in the worker. */
export interface WorkerFailed {
  id: number;
  failed: string;
}

/** Everything a Web Worker posts to the page about one request. */
export type WorkerReply<R, P = never> =
  WorkerEnvelope<R> | WorkerStarted | WorkerProgress<P> | WorkerFailed;

/** Characters kept of a handler's error message before it crosses to the page. */
export const FAILURE_CHARS = 2_000;

/** The message of anything a handler threw, cut to FAILURE_CHARS (never read past them). */
export function failureText(error: unknown): string {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = 'The worker failed with a value that has no message.';
  }
  return text.length > FAILURE_CHARS ? `${text.slice(0, FAILURE_CHARS)}…` : text;
}
