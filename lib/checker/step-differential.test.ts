import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { DESIGN_CATALOG, dropFinishCondition, fencedDesign, type LeaseDesign } from '@/lib/lease';
import { conditionsArbitrary } from '@/lib/timeline/arbitrary-conditions.test-support';
import { designWithConditions } from '@/lib/timeline/scenario-conditions';
import { expandPrograms } from './bound';
import { ScheduleMachine, setupDatabase } from './machine';
import { traceRun } from './trace';
import type { Bound, WorkerOp } from './types';

/*
 * The checker's fast path held to lib/lease's step (issue 38): on random designs (the catalogue,
 * finishes with a condition dropped, and random catalogue conditions) and random schedules, the
 * search's typed-array machine on its own and the replay, whose writes (the run row's, the report
 * store's and the gateway's) are lib/lease's step, give the same verdict and the same first
 * violation (its step and property), and the same rows changed at every write (traceRun throws
 * where they differ).
 */

const SQL = await initSqlJs();
const BASES: LeaseDesign[] = [
  ...DESIGN_CATALOG,
  ...(['owner', 'fence', 'lease', 'status'] as const).map((c) => dropFinishCondition(c)),
];

/** The machine alone, as the search runs it: the first violation, or null. */
function fastPath(design: LeaseDesign, bound: Bound, schedule: readonly number[]) {
  const db = new SQL.Database();
  try {
    setupDatabase(db, design);
    const machine = new ScheduleMachine(db, design, bound);
    try {
      for (let i = 0; i < schedule.length; i++)
        if (machine.step(schedule[i], i)) {
          const { atStep, property, kind } = machine.violation!;
          return { atStep, property, kind };
        }
      return null;
    } finally {
      machine.dispose();
    }
  } finally {
    db.close();
  }
}

const scenario = fc
  .record({
    base: fc.constantFrom(...BASES),
    conditions: conditionsArbitrary(),
    programs: fc.array(
      fc.array(fc.constantFrom<WorkerOp>('pause', 'renew', 'write', 'send', 'finish', 'claim'), {
        maxLength: 4,
      }),
      { minLength: 2, maxLength: 3 },
    ),
    owners: fc.constantFrom<string[]>(['A', 'B', 'C'], ['A', 'B', 'A']),
    cancel: fc.boolean(),
  })
  .chain(({ base, conditions, programs, owners, cancel }) => {
    const design = designWithConditions(base, conditions);
    const workers = programs.map((p, i) => ({
      owner: owners[i],
      program: ['claim', ...p] as WorkerOp[],
    }));
    if (cancel) workers.push({ owner: 'user', program: ['cancel'] });
    const bound: Bound = { workers, leaseSeconds: 5, pauseSeconds: 5 };
    const slots = expandPrograms(bound, design).flatMap((steps, w) => steps.map(() => w));
    return fc
      .array(fc.double({ min: 0, max: 1, noNaN: true }), {
        minLength: slots.length,
        maxLength: slots.length,
      })
      .map((keys) => ({
        design,
        bound,
        // A random interleaving: each holder's steps keep their order.
        schedule: slots
          .map((w, i) => ({ w, k: keys[i] }))
          .sort((a, b) => a.k - b.k)
          .map((s) => s.w),
      }));
  });

describe("the checker's fast path and lib/lease's step", () => {
  it('give the same verdict and the same first violation on random designs and schedules', () => {
    fc.assert(
      fc.property(scenario, ({ design, bound, schedule }) => {
        const fast = fastPath(design, bound, schedule);
        const replay = traceRun(SQL, design, bound, schedule);
        const stepped = replay.steps.findIndex((s) => s.decision?.violation);
        if (!fast) {
          expect(replay.violation).toBeNull();
          expect(stepped).toBe(-1);
          return;
        }
        expect(replay.violation).toMatchObject(fast);
        expect(stepped, `the step's first violation (${design.id})`).toBe(fast.atStep);
        expect(replay.steps[stepped].decision!.violation!.property).toBe(fast.property);
      }),
      { numRuns: 300 },
    );
  });
});

describe('a holder’s renew or finish comparing a value as read (regression)', () => {
  // Found by the property above: after a compare-and-set claim, the search bound the claim's
  // read into B's renew or finish (read_claimed_at) and let it apply, while the step (and the
  // timeline) give a holder's renew and finish no read, so it matched no row.
  it.each(['renew', 'finish'] as const)('the search and the step agree on the %s', (statement) => {
    const asRead = { kind: 'as-read', column: 'claimed_at' } as const;
    const design = designWithConditions(fencedDesign, {
      claim: [asRead, { kind: 'status-in', statuses: ['queued'] }],
      [statement]: [asRead],
    });
    const bound: Bound = {
      workers: [
        { owner: 'A', program: ['claim'] },
        { owner: 'B', program: ['claim', statement] },
      ],
      leaseSeconds: 5,
      pauseSeconds: 5,
    };
    const schedule = [0, 1, 1, 1, 0];
    // traceRun throws where the search's rows and the step's disagree.
    const replay = traceRun(SQL, design, bound, schedule);
    const fast = fastPath(design, bound, schedule);
    if (fast) expect(replay.violation).toMatchObject(fast);
    else expect(replay.violation).toBeNull();
  });
});
