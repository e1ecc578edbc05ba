import { FAULT_EXIT_CODE } from '@/lib/crashlab';

/** The lab's exit codes; 75 (EX_TEMPFAIL) is the worker that died at a fault point. */
export const EXIT = {
  ok: 0,
  failed: 1,
  badInput: 2,
  leaseHeld: 3,
  fencedOut: 4,
  fault: FAULT_EXIT_CODE,
  /** Stopped by Ctrl-C (SIGINT), as a shell reports it (128 + 2), after ending its workers. */
  interrupted: 130,
  /** Stopped by SIGHUP, its terminal closed (128 + 1), after ending its workers. */
  hangup: 129,
  /** Stopped by SIGTERM (128 + 15), after ending its workers. */
  terminated: 143,
} as const;
