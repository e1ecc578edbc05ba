import { PAGE_BOUNDS, showMessage, type ShownText } from '@/lib/bounded';

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
export const FAILURE_CHARS = PAGE_BOUNDS.messageChars;

/**
 * The message of anything a handler threw, cut by the door to the page (lib/bounded) in the
 * worker, so the long text never crosses: "…EEE (Shown 2,000 of 20,971,520 characters.)". It
 * reads only the characters it keeps.
 */
export function failureText(error: unknown): ShownText {
  let text: string;
  try {
    text = error instanceof Error ? error.message : String(error);
  } catch {
    text = 'The worker failed with a value that has no message.';
  }
  return showMessage(text, FAILURE_CHARS);
}

/**
 * What the page shows of a message a Web Worker sent or its error event carried: cut again by
 * the door, since a worker that crashed (or one that broke the protocol) is not trusted to have
 * cut it. Room is left for the "(Shown N of M characters.)" a worker's own cut adds, so a
 * message failureText already cut passes unchanged.
 */
export function workerMessage(text: string): ShownText {
  return showMessage(text, FAILURE_CHARS + 60);
}
