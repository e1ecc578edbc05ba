import { GuardedWorker } from '@/lib/worker/guarded-worker';
import { startClaimLabWorker } from '@/lib/worker/start/claim-lab';
import { LAB_REPLY_BOUNDS, labProgressPart, labResponsePart } from './claim-lab.door';
import type { LabRunProgress, LabRequest, LabResponse } from './claim-lab.protocol';
import { LAB_LIMITS } from './limits';

/** Time for a fresh worker to load SQLite's WASM before its first run. */
const START_TIMEOUT_MS = 20_000;

/**
 * How much longer than a run's limits the page waits before it ends the worker itself: the
 * program's engine stops the program at the limits and answers; a worker that has not answered
 * by then is inside a database call (a query that does not end), which only ending it can stop.
 */
export const PAGE_GRACE_MS = 1_500;

/** A run's limits: how long it may go quiet (no database call, no print), and in all. */
export interface RunLimits {
  silentMs: number;
  timeoutMs: number;
}

function startLabWorker(timeoutMs: number, create: () => Worker) {
  let started: Promise<unknown> | null = null;
  const worker = new GuardedWorker<LabRequest, LabResponse, LabRunProgress>(
    create,
    timeoutMs,
    () => {
      started = null;
    },
    false,
    // Nothing from the program's realm is trusted: every reply passes the page's door (issue 41).
    { body: labResponsePart, progress: labProgressPart, bounds: LAB_REPLY_BOUNDS },
  );
  const start = () => (started ??= worker.request({ type: 'init' }, START_TIMEOUT_MS));
  void start();
  return { worker, start };
}

/**
 * The lab's workers from the page's side. Every run gets a fresh worker (a fresh realm: a
 * patched built-in or a leftover callback dies with the worker that ran it). One spare is kept
 * warm, SQLite loaded, so a run does not wait for the WASM; the worker of the last run stays
 * until the next run, for console queries on the database that run left. Runs wait until
 * their worker has loaded SQLite, so the time limits measure only the learner's program. A run
 * reports each database call and print as progress, and is stopped when it goes quiet for
 * `silentMs` (an endless loop) or runs `timeoutMs` in all; a slow but working run is not stopped
 * for the machine's load.
 */
export function createClaimLabWorker(
  limits: RunLimits = { silentMs: LAB_LIMITS.silentMs, timeoutMs: LAB_LIMITS.timeoutMs },
  /** Starts one lab worker (a test runs the same worker module in a Node thread). */
  create: () => Worker = startClaimLabWorker,
) {
  const timeoutMs = limits.timeoutMs + PAGE_GRACE_MS;
  let spare: ReturnType<typeof startLabWorker> | null = null;
  let current: ReturnType<typeof startLabWorker> | null = null;
  const takeSpare = () => {
    const next = spare ?? startLabWorker(timeoutMs, create);
    spare = null;
    return next;
  };
  return {
    start() {
      spare ??= startLabWorker(timeoutMs, create);
      return spare.start();
    },
    async run(source: string) {
      current?.worker.terminate();
      const mine = (current = takeSpare());
      spare = startLabWorker(timeoutMs, create);
      await mine.start();
      return mine.worker.request(
        { type: 'run', source, limits },
        { silentMs: limits.silentMs + PAGE_GRACE_MS, timeoutMs: limits.timeoutMs + PAGE_GRACE_MS },
      );
    },
    async console(sql: string) {
      if (!current) return { kind: 'ok', value: { type: 'console', result: null } } as const;
      await current.start();
      return current.worker.request({ type: 'console', sql });
    },
    dispose() {
      current?.worker.terminate();
      spare?.worker.terminate();
      current = spare = null;
    },
  };
}

export type ClaimLabWorker = ReturnType<typeof createClaimLabWorker>;
