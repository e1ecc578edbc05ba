import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  buildDesign,
  COMMIT_CONDITIONS,
  fencedDesign,
  LESSON_RULES,
  RUNS_TABLE,
  type DesignRules,
  type LeaseDesign,
  type ResourceFence,
} from '@/lib/lease';
import { countSchedules, uniformBound } from './bound';
import { checkDesign } from './search';
import { namesAsCharacters, StateKeys } from './symmetry';
import type { Bound, WorkerOp } from './types';
import { validateDraft } from './validate';

const SQL = await initSqlJs();

const FENCES: ResourceFence[] = [
  { kind: 'highest-seen', registration: 'event', order: 'generation-batch' },
  { kind: 'highest-seen', registration: 'first-write', order: 'generation' },
  { kind: 'highest-seen', registration: 'event', order: 'summed' },
  { kind: 'run-row', conditions: COMMIT_CONDITIONS },
  { kind: 'run-row', conditions: ['owner'] },
  { kind: 'none' },
];

/** A design built from random rules: any claim, any conditions, any cancel and targets. */
const builtDesign: fc.Arbitrary<LeaseDesign> = fc
  .record({
    claim: fc.constantFrom<DesignRules['claim']>('atomic', 'select-then-update', 'random-token'),
    renew: fc.subarray([...COMMIT_CONDITIONS]),
    finish: fc.subarray([...COMMIT_CONDITIONS]),
    cancel: fc.constantFrom<DesignRules['cancel']>('fenced', 'unfenced'),
    report: fc.constantFrom(...FENCES),
    gateway: fc.constantFrom(...FENCES),
    workerCheck: fc.boolean(),
  })
  .map((r) =>
    buildDesign(
      { id: 'random', name: 'A random design', summary: 'Random rules.' },
      {
        ...LESSON_RULES,
        table: RUNS_TABLE,
        claim: r.claim,
        renew: r.renew,
        finish: r.finish,
        cancel: r.cancel,
        targets: { report: r.report, gateway: r.gateway, workerCheck: r.workerCheck },
      },
    ),
  );

/**
 * A learner's own statements that treat one name differently ($owner = 'B' may always finish,
 * or never): renaming holders would change what happens, so names must not be swapped.
 */
function draft(finishWhere: string): LeaseDesign {
  const v = validateDraft(SQL, {
    claim: fencedDesign.claim,
    renew: fencedDesign.renew,
    finish: `UPDATE runs SET status = 'done' WHERE run_id = $run AND (${finishWhere})`,
  });
  if (!v.ok) throw new Error(JSON.stringify(v.problems));
  return v.design;
}
const NAMED_DRAFTS = [
  draft(`(owner = $owner AND fence = $token AND lease_until > $now) OR $owner = 'B'`),
  draft(`owner = $owner AND $owner <> 'A'`),
  draft(`status = 'running' AND $owner > 'A'`),
];

const op = fc.constantFrom<WorkerOp>('pause', 'renew', 'write', 'send', 'finish', 'claim');

/** Bounds where holders share programs: two to four holders, one or two programs, some names shared. */
const bound: fc.Arbitrary<Bound> = fc
  .record({
    programs: fc.array(fc.array(op, { maxLength: 3 }), { minLength: 1, maxLength: 2 }),
    holders: fc.integer({ min: 2, max: 4 }),
    owners: fc.constantFrom(['A', 'B', 'C', 'D'], ['A', 'B', 'A', 'C'], ['A', 'A', 'B', 'B']),
    cancel: fc.boolean(),
  })
  .map(({ programs, holders, owners, cancel }) => ({
    workers: [
      ...Array.from({ length: holders }, (_, i) => ({
        owner: owners[i],
        program: ['claim', ...programs[i % programs.length]] as WorkerOp[],
      })),
      ...(cancel ? [{ owner: 'U', label: 'the user', program: ['cancel'] as WorkerOp[] }] : []),
    ],
    leaseSeconds: 5,
    pauseSeconds: 5,
  }));

describe('the reduced search (stopped holders, interchangeable holders)', () => {
  it('gives the verdict and the counterexample of the full search, over random designs and bounds', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          { weight: 4, arbitrary: builtDesign },
          { weight: 1, arbitrary: fc.constantFrom(...NAMED_DRAFTS) },
        ),
        bound,
        (design, b) => {
          fc.pre(countSchedules(b, design) <= 5_000);
          const plain = checkDesign(SQL, design, b);
          const unreduced = checkDesign(SQL, design, b, { stateCache: true, reduce: false });
          const reduced = checkDesign(SQL, design, b, { stateCache: true });
          for (const r of [unreduced, reduced]) {
            expect(r.verdict).toBe(plain.verdict);
            expect(r.covered).toBe(plain.total);
            expect(r.counterexample?.schedule).toEqual(plain.counterexample?.schedule);
            expect(r.counterexample?.violation.kind).toBe(plain.counterexample?.violation.kind);
          }
          expect(reduced.steps).toBeLessThanOrEqual(unreduced.steps);
          if (plain.verdict === 'safe') expect(reduced.explored).toBe(plain.total);
        },
      ),
      { numRuns: 150 },
    );
    // A ceiling, not a measure: 150 designs, each searched three ways, took 48 s at load 12,
    // where the 30 s default failed.
  }, 300_000);

  it('takes the lesson’s 5 x 4 bound from 725,660 steps to a few thousand, with the same verdict', () => {
    const full = uniformBound(5, 4);
    const reduced = checkDesign(SQL, fencedDesign, full, { stateCache: true });
    expect(reduced).toMatchObject({ verdict: 'safe', covered: reduced.total });
    expect(reduced.total).toBe(305_540_235_000);
    expect(reduced.steps).toBeLessThan(10_000);
  });

  it('does not swap holders whose names a learner’s statements tell apart', () => {
    // B may always finish: B's second finish breaks property 4, so the design is unsafe only
    // through B. Swapping B with A would hide it behind A's safe branch.
    const b: Bound = uniformBound(2, 3);
    const design = NAMED_DRAFTS[0];
    const plain = checkDesign(SQL, design, b);
    expect(plain.verdict).toBe('unsafe');
    expect(checkDesign(SQL, design, b, { stateCache: true }).counterexample?.schedule).toEqual(
      plain.counterexample?.schedule,
    );
  });
});

describe('StateKeys', () => {
  const steps = [
    ['claim', 'finish'],
    ['claim', 'finish'],
    ['claim', 'pause'],
  ] as const;
  // Globals (5), then per holder: position, token, generation, stopped, batch, check.
  const state = (holders: number[][]) => Float64Array.from([0, 0, 0, 0, 0, ...holders.flat()]);

  it('gives holders of one program that swap places one key, and others not', () => {
    const keys = new StateKeys(steps, ['A', 'A', 'B'], 6, false);
    const a = state([
      [1, 1, 1, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    const swapped = state([
      [0, 0, 0, 0, 0, 0],
      [1, 1, 1, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    const third = state([
      [0, 0, 0, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
      [1, 1, 1, 0, 0, 0],
    ]);
    expect(keys.key(a, 's')).toBe(keys.key(swapped, 's'));
    expect(keys.key(a, 's')).not.toBe(keys.key(third, 's'));
    expect(keys.key(a, 's')).not.toBe(keys.key(a, 't'));
  });

  it('swaps holders with different names only when names may be renamed, renaming the snapshot too', () => {
    const names = namesAsCharacters({
      workers: [
        { owner: 'A', program: ['claim', 'finish'] },
        { owner: 'B', program: ['claim', 'finish'] },
      ],
      leaseSeconds: 5,
      pauseSeconds: 5,
    }).workers.map((w) => w.owner);
    expect(new Set(names).size).toBe(2);
    const two = steps.slice(0, 2);
    const a = state([
      [1, 1, 1, 0, 0, 0],
      [0, 0, 0, 0, 0, 0],
    ]);
    const b = state([
      [0, 0, 0, 0, 0, 0],
      [1, 1, 1, 0, 0, 0],
    ]);
    const fixed = new StateKeys(two, names, 6, false);
    expect(fixed.key(a, `${names[0]},10`)).not.toBe(fixed.key(b, `${names[1]},10`));
    const renamed = new StateKeys(two, names, 6, true);
    expect(renamed.key(a, `${names[0]},10`)).toBe(renamed.key(b, `${names[1]},10`));
    // The same numbers with the row naming the other holder are another state.
    expect(renamed.key(a, `${names[0]},10`)).not.toBe(renamed.key(b, `${names[0]},10`));
  });

  it('leaves a stopped holder’s position out, and writes large or fractional numbers exactly', () => {
    const keys = new StateKeys([['claim', 'pause', 'finish']], ['A'], 6, false);
    const at = (pos: number, stopped: number) => state([[pos, 0, 0, stopped, 0, 0]]);
    expect(keys.key(at(1, 1), 's')).toBe(keys.key(at(3, 1), 's'));
    expect(keys.key(at(1, 0), 's')).not.toBe(keys.key(at(3, 0), 's'));
    const big = Float64Array.from([1e12, 0.5, -1, 0xe000, 0xdfff]);
    const other = Float64Array.from([1e12, 0.25, -1, 0xe000, 0xdfff]);
    const none = new StateKeys([], [], 6, false);
    expect(none.key(big, '')).not.toBe(none.key(other, ''));
  });
});
