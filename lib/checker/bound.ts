import type { LeaseDesign } from '@/lib/lease';
import type { Bound, StepKind, WorkerOp } from './types';

/** The standard program of k operations each worker runs in the benchmark bounds. */
export function standardProgram(k: number): WorkerOp[] {
  const programs: Record<number, WorkerOp[]> = {
    1: ['claim'],
    2: ['claim', 'finish'],
    3: ['claim', 'pause', 'finish'],
    4: ['claim', 'pause', 'write', 'finish'],
    5: ['claim', 'pause', 'renew', 'write', 'finish'],
    6: ['claim', 'pause', 'renew', 'write', 'send', 'finish'],
    7: ['claim', 'pause', 'renew', 'write', 'send', 'finish', 'finish'],
  };
  const program = programs[k];
  if (!program) throw new RangeError(`No standard program of ${k} operations (1 to 7).`);
  return program;
}

const OWNERS = ['A', 'B', 'C', 'D', 'E'];

/** n workers (owners A, B, C...) each running the standard program of k operations. */
export function uniformBound(n: number, k: number, leaseSeconds = 5): Bound {
  if (!Number.isInteger(n) || n < 1 || n > OWNERS.length)
    throw new RangeError(`Workers must be 1 to ${OWNERS.length}.`);
  return {
    workers: OWNERS.slice(0, n).map((owner) => ({ owner, program: standardProgram(k) })),
    leaseSeconds,
    pauseSeconds: leaseSeconds,
  };
}

/**
 * The bound of the Compare designs page. A pauses long enough to lose its lease, then renews,
 * writes the report, calls the gateway and finishes. B takes over, writes, finishes and retries
 * its finish. A second instance of A (restarted under the same owner name) tries to claim too.
 */
export const CATALOG_BOUND: Bound = {
  workers: [
    { owner: 'A', program: ['claim', 'pause', 'renew', 'write', 'send', 'finish'] },
    { owner: 'B', program: ['claim', 'write', 'finish', 'finish'] },
    { owner: 'A', label: 'A (restarted)', program: ['claim', 'write', 'finish'] },
  ],
  leaseSeconds: 5,
  pauseSeconds: 5,
};

/**
 * The cancel story: A claims, pauses and carries on (report, gateway, finish); B claims and
 * writes; the user cancels the run at any moment. A cancel that does not fence lets a holder
 * that is still running land its effects at the targets after the cancel.
 */
export const CANCEL_BOUND: Bound = {
  workers: [
    { owner: 'A', program: ['claim', 'pause', 'write', 'send', 'finish'] },
    { owner: 'B', program: ['claim', 'write', 'finish'] },
    { owner: 'U', label: 'the user', program: ['cancel'] },
  ],
  leaseSeconds: 5,
  pauseSeconds: 5,
};

/** The atomic steps one operation takes under a design. */
export function stepsOf(op: WorkerOp, design: LeaseDesign): StepKind[] {
  if (op === 'claim') return design.claimRead ? ['claim-read', 'claim'] : ['claim'];
  if (op === 'write') return design.targets?.workerCheck ? ['write-check', 'write'] : ['write'];
  return [op];
}

/** Which step kinds can change the database (the search needs no savepoint before the others). */
export const STEP_WRITES: Readonly<Record<StepKind, boolean>> = {
  pause: false,
  'claim-read': false,
  'write-check': false,
  claim: true,
  cancel: true,
  write: true,
  send: true,
  renew: true,
  finish: true,
};

/** Each worker's program as atomic steps under a design. */
export function expandPrograms(bound: Bound, design: LeaseDesign): StepKind[][] {
  return bound.workers.map((w) => w.program.flatMap((op) => stepsOf(op, design)));
}

/**
 * The number of interleavings of workers whose remaining step counts are `remaining`: the
 * multinomial coefficient (sum)! / prod(r!). Exact while it stays below 2^53.
 */
export function interleavings(remaining: readonly number[]): number {
  let total = 0;
  let count = 1;
  for (const r of remaining) {
    for (let i = 1; i <= r; i++) {
      total += 1;
      count = (count * total) / i;
    }
  }
  return Math.round(count);
}

/** Every schedule of a bound under a design. */
export function countSchedules(bound: Bound, design: LeaseDesign): number {
  return interleavings(expandPrograms(bound, design).map((s) => s.length));
}

/** The bounds a learner can pick on the Compare designs page. */
export const BOUND_CHOICES: readonly { id: string; label: string; bound: Bound }[] = [
  {
    id: 'catalog',
    label: 'The lesson’s story: A pauses, B takes over, A restarts',
    bound: CATALOG_BOUND,
  },
  { id: 'cancel', label: 'The user cancels while A is paused or B writes', bound: CANCEL_BOUND },
  { id: '3x4', label: '3 workers × 4 operations', bound: uniformBound(3, 4) },
  { id: '3x5', label: '3 workers × 5 operations', bound: uniformBound(3, 5) },
  { id: '3x6', label: '3 workers × 6 operations', bound: uniformBound(3, 6) },
  { id: '5x4', label: '5 workers × 4 operations', bound: uniformBound(5, 4) },
];

/** One line per worker: "A: claim, pause, renew, write, send, finish". */
export function describeBound(bound: Bound): string[] {
  return bound.workers.map((w) => `${w.label ?? w.owner}: ${w.program.join(', ')}`);
}
