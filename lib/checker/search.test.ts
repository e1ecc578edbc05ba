import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import {
  cancelWithoutFencingDesign,
  DESIGN_CATALOG,
  dropFinishCondition,
  fencedDesign,
  fencePerBatchDesign,
  ownerNamesInterchangeable,
  ttlOnlyDesign,
  type LeaseDesign,
} from '@/lib/lease';
import { CANCEL_BOUND, CATALOG_BOUND, countSchedules, interleavings, uniformBound } from './bound';
import { ScheduleMachine, setupDatabase } from './machine';
import { naiveCheck } from './naive';
import { checkDesign } from './search';
import { traceRun } from './trace';
import { namesAsCharacters, StateKeys } from './symmetry';
import type { Bound, WorkerOp } from './types';

const SQL = await initSqlJs();
// A cancel that does not fence breaks only in a story with a cancel (below).
const BROKEN = DESIGN_CATALOG.filter(
  (d) => d.id !== fencedDesign.id && d.id !== cancelWithoutFencingDesign.id,
);
const DROPS = (['owner', 'fence', 'lease', 'status'] as const).map((c) => dropFinishCondition(c));

describe('counting schedules', () => {
  it('3 workers x 4 steps is 12!/(4!^3) = 34,650 leaves, and the search visits every one', () => {
    expect(interleavings([4, 4, 4])).toBe(34_650);
    expect(interleavings([5, 5, 5])).toBe(756_756);
    expect(interleavings([6, 6, 6])).toBe(17_153_136);
    const r = checkDesign(SQL, fencedDesign, uniformBound(3, 4));
    expect(r).toMatchObject({ verdict: 'safe', total: 34_650, explored: 34_650, covered: 34_650 });
  });
});

describe('cancel and per-batch fences', () => {
  it('the lesson’s design, whose cancel fences, is safe in the cancel story', () => {
    const r = checkDesign(SQL, fencedDesign, CANCEL_BOUND);
    expect(r.verdict).toBe('safe');
    expect(r.explored).toBe(r.total);
  });

  it('a cancel without fencing is unsafe: the holder’s report write lands after the cancel (property 1)', () => {
    const cx = checkDesign(SQL, cancelWithoutFencingDesign, CANCEL_BOUND).counterexample!;
    expect(cx.violation).toMatchObject({ property: 1, kind: 'stale-write', target: 'report' });
    expect(cx.steps.map((s) => `${s.label} ${s.kind} ${s.result}`)).toEqual([
      'B claim applied',
      'the user cancel applied',
      'B write applied',
    ]);
  });

  it('one counter per batch is unsafe; the (generation, batch) pair of the lesson is safe within 3 x 5', () => {
    expect(
      checkDesign(SQL, fencePerBatchDesign, CATALOG_BOUND).counterexample!.violation.property,
    ).toBe(1);
    const pair = checkDesign(SQL, fencedDesign, uniformBound(3, 5), { stateCache: true });
    expect(pair.verdict).toBe('safe');
  });

  it('a retried finish after it landed is a duplicate in the trace, not a refusal', () => {
    const bound = {
      workers: [
        { owner: 'A', program: ['claim', 'finish', 'finish'] as WorkerOp[] },
        { owner: 'B', program: ['claim', 'write'] as WorkerOp[] },
      ],
      leaseSeconds: 5,
      pauseSeconds: 5,
    };
    const cx = checkDesign(SQL, fencePerBatchDesign, bound);
    expect(cx.verdict).toBe('safe');
    // The outcome is lib/lease's step's decision (the machine only counts the rows changed).
    const trace = traceRun(SQL, fencedDesign, bound, [0, 0, 0]);
    expect(trace.steps.map((s) => s.result)).toEqual(['applied', 'applied', 'duplicate']);
  });
});

describe('the catalog', () => {
  it('proves the lesson’s design safe within the catalog bound', () => {
    const r = checkDesign(SQL, fencedDesign, CATALOG_BOUND);
    expect(r.verdict).toBe('safe');
    expect(r.explored).toBe(r.total);
    expect(r.counterexample).toBeUndefined();
  });

  for (const design of BROKEN) {
    it(`finds a counterexample for "${design.name}"`, () => {
      const r = checkDesign(SQL, design, CATALOG_BOUND);
      expect(r.verdict).toBe('unsafe');
      expect(r.covered).toBe(r.total);
      const cx = r.counterexample!;
      expect(cx.steps).toHaveLength(cx.schedule.length);
      expect(cx.violation.atStep).toBe(cx.schedule.length - 1);
    });
  }

  it('TTL only breaks at the fourth step: A claims, pauses, B takes over, A’s renewal lands', () => {
    const cx = checkDesign(SQL, ttlOnlyDesign, CATALOG_BOUND).counterexample!;
    expect(cx.steps.map((s) => `${s.label} ${s.kind} ${s.result ?? '-'} ${s.token}`)).toEqual([
      'A claim applied 1',
      'A pause - 1',
      'B claim applied 2',
      'A renew applied 1',
    ]);
    expect(cx.violation).toMatchObject({ property: 1, kind: 'stale-write', target: 'run row' });
  });

  it('drop one condition: owner and lease are redundant here, fence and status are not', () => {
    const verdicts = Object.fromEntries(
      DROPS.map((d) => [d.id, checkDesign(SQL, d, CATALOG_BOUND).verdict]),
    );
    expect(verdicts).toEqual({
      'fenced-without-owner': 'safe',
      'fenced-without-fence': 'unsafe',
      'fenced-without-lease': 'safe',
      'fenced-without-status': 'unsafe',
    });
  });
});

describe('the counterexample is the shortest', () => {
  const small: Bound = {
    workers: [
      { owner: 'A', program: ['claim', 'pause', 'write', 'finish'] },
      { owner: 'B', program: ['claim', 'finish', 'finish'] },
      { owner: 'A', label: 'A (restarted)', program: ['claim'] },
    ],
    leaseSeconds: 5,
    pauseSeconds: 5,
  };
  for (const design of [...BROKEN, ...DROPS]) {
    it(`agrees with the naive fresh-database search (${design.id})`, () => {
      // The naive search is slow by design: keep its bound small for two-statement claims.
      const bound =
        countSchedules(small, design) > 3_000
          ? { ...small, workers: small.workers.slice(0, 2) }
          : small;
      const fast = checkDesign(SQL, design, bound);
      const naive = naiveCheck(SQL, design, bound);
      expect(fast.verdict).toBe(naive.verdict);
      expect(fast.counterexample?.schedule).toEqual(naive.shortest?.schedule);
      // The same violation (its words are the explainer's in a counterexample, not the search's).
      const { message: _said, ...found } = fast.counterexample?.violation ?? { message: '' };
      const { message: _naive, ...expected } = naive.shortest?.violation ?? { message: '' };
      expect(found).toEqual(expected);
    });
  }
});

/**
 * The state cache skips a state already explored at the same or a smaller depth. Sound because
 * everything a schedule's future depends on (database content, clock, each worker's position,
 * token, generation and check result, the issued generations and finishes) is in the key: the
 * cached search must give exactly what the full search gives.
 */
describe('state cache soundness', () => {
  for (const design of [...DESIGN_CATALOG, ...DROPS]) {
    it(`gives the same verdict and counterexample with and without the cache (${design.id})`, () => {
      for (const bound of [CATALOG_BOUND, uniformBound(3, 4)]) {
        const plain = checkDesign(SQL, design, bound);
        const cached = checkDesign(SQL, design, bound, { stateCache: true });
        expect(cached.verdict).toBe(plain.verdict);
        expect(cached.covered).toBe(plain.total);
        expect(cached.steps).toBeLessThanOrEqual(plain.steps);
        expect(cached.counterexample?.schedule).toEqual(plain.counterexample?.schedule);
      }
    });
  }

  it('agrees over random programs and designs', () => {
    const op = fc.constantFrom<WorkerOp>('claim', 'pause', 'renew', 'write', 'send', 'finish');
    const designs: LeaseDesign[] = [...DESIGN_CATALOG, ...DROPS];
    fc.assert(
      fc.property(
        fc.constantFrom(...designs),
        fc.array(fc.array(op, { maxLength: 3 }), { minLength: 2, maxLength: 3 }),
        fc.constantFrom(['A', 'B', 'C'], ['A', 'B', 'A']),
        (design, programs, owners) => {
          const bound: Bound = {
            workers: programs.map((p, i) => ({ owner: owners[i], program: ['claim', ...p] })),
            leaseSeconds: 5,
            pauseSeconds: 5,
          };
          fc.pre(countSchedules(bound, design) <= 5_000);
          const plain = checkDesign(SQL, design, bound);
          const cached = checkDesign(SQL, design, bound, { stateCache: true });
          expect(cached.verdict).toBe(plain.verdict);
          expect(cached.counterexample?.schedule).toEqual(plain.counterexample?.schedule);
        },
      ),
      { numRuns: 80 },
    );
  });

  it('covers 3 workers x 6 operations (17 million schedules) in seconds', () => {
    const r = checkDesign(SQL, fencedDesign, uniformBound(3, 6), { stateCache: true });
    expect(r).toMatchObject({ verdict: 'safe', total: 17_153_136, covered: 17_153_136 });
    expect(r.cacheHits).toBeGreaterThan(0);
  });
});

/**
 * The cached search keys states by the database's content, so a branch whose writes are not
 * undone shows up as different counts. The reference rebuilds every node from scratch on a fresh
 * database (no savepoints), with the same depth-first order and cache rule (safe designs only);
 * with `reduce`, with the reduced search's keys and without branching on stopped holders.
 */
function freshCachedCounts(design: LeaseDesign, bound: Bound, reduce: boolean) {
  const cache = new Map<string, number>();
  const rename = reduce && ownerNamesInterchangeable(design);
  const run = rename ? namesAsCharacters(bound) : bound;
  let keys: StateKeys | null = null;
  let steps = 0;
  let cacheHits = 0;
  const visit = (path: number[]): void => {
    const db = new SQL.Database();
    setupDatabase(db, design);
    const m = new ScheduleMachine(db, design, run);
    path.forEach((w, i) => m.step(w, i));
    const open = m.steps
      .map((s, w) => (m.position(w) < s.length && !(reduce && m.isStopped(w)) ? w : -1))
      .filter((w) => w >= 0);
    keys ??= reduce ? new StateKeys(m.steps, m.owners, m.perHolder, rename) : null;
    const key = keys ? keys.key(m.state, m.snapshot()) : m.stateKey();
    m.dispose();
    db.close();
    if (open.length === 0) return;
    const seenAt = cache.get(key);
    if (seenAt !== undefined && seenAt <= path.length) return void (cacheHits += 1);
    cache.set(key, path.length);
    for (const w of open) {
      steps += 1;
      visit([...path, w]);
    }
  };
  visit([]);
  return { steps, cacheHits };
}

describe('undoing branches', () => {
  for (const reduce of [false, true]) {
    it(`a chain’s writes are undone before the next branch: the cache sees what a fresh database shows (${reduce ? 'reduced' : 'not reduced'})`, () => {
      for (const bound of [CANCEL_BOUND, uniformBound(3, 3)]) {
        const r = checkDesign(SQL, fencedDesign, bound, { stateCache: true, reduce });
        expect(r.verdict).toBe('safe');
        expect({ steps: r.steps, cacheHits: r.cacheHits }).toEqual(
          freshCachedCounts(fencedDesign, bound, reduce),
        );
      }
    });
  }
});

describe('the lesson’s design over random schedules', () => {
  it('never violates a property, whatever the programs and the interleaving', () => {
    const op = fc.constantFrom<WorkerOp>('claim', 'pause', 'renew', 'write', 'send', 'finish');
    fc.assert(
      fc.property(
        fc.array(fc.array(op, { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 4 }),
        fc.array(fc.nat(3), { maxLength: 40 }),
        fc.integer({ min: 1, max: 8 }),
        (programs, picks, pause) => {
          const bound: Bound = {
            workers: programs.map((program, i) => ({ owner: ['A', 'B', 'A', 'C'][i], program })),
            leaseSeconds: 5,
            pauseSeconds: pause,
          };
          const db = new SQL.Database();
          setupDatabase(db, fencedDesign);
          const m = new ScheduleMachine(db, fencedDesign, bound);
          const left = () => m.steps.map((s, w) => s.length - m.position(w));
          let i = 0;
          for (const pick of [...picks, ...Array<number>(40).fill(0)]) {
            const open = left()
              .map((n, w) => (n > 0 ? w : -1))
              .filter((w) => w >= 0);
            if (open.length === 0) break;
            const w = open[pick % open.length];
            expect(m.step(w, i++), m.violation?.message).toBe(false);
          }
          db.close();
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('stopping', () => {
  it('stops when asked and says so', () => {
    const r = checkDesign(SQL, fencedDesign, uniformBound(3, 4), {
      shouldStop: () => true,
      progressEvery: 100,
    });
    expect(r.verdict).toBe('stopped');
    expect(r.covered).toBeLessThan(r.total);
  });
});
