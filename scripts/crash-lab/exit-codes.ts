import { FAULT_EXIT_CODE } from '@/lib/crashlab';

/** The lab's exit codes; 75 (EX_TEMPFAIL) is the worker that died at a fault point. */
export const EXIT = {
  ok: 0,
  failed: 1,
  badInput: 2,
  leaseHeld: 3,
  fencedOut: 4,
  fault: FAULT_EXIT_CODE,
} as const;
