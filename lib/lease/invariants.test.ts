import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { createLeaseModel } from './index';

type Op =
  | { kind: 'claim'; worker: number }
  | { kind: 'renew'; worker: number }
  | { kind: 'finish'; worker: number }
  | { kind: 'advance'; by: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('claim' as const), worker: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('renew' as const), worker: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('finish' as const), worker: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('advance' as const), by: fc.integer({ min: 1, max: 8 }) }),
);

describe('fenced design invariants over random schedules', () => {
  it('fences grow, tokens are unique, stale writers never commit, at most one finish', async () => {
    const db = await openSqlJs();
    await fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops) => {
        db.exec('DROP TABLE IF EXISTS runs');
        const m = createLeaseModel(db, { leaseSeconds: 5 });
        m.setup();
        const workers = ['A', 'B', 'C'];
        const tokens = new Map<string, number>();
        let now = 0;
        let highest = 0;
        let finishes = 0;
        for (const o of ops) {
          if (o.kind === 'advance') {
            now += o.by;
            continue;
          }
          const name = workers[o.worker];
          const token = tokens.get(name) ?? 0;
          if (o.kind === 'claim') {
            const r = m.claim(name, now);
            if (r.ok) {
              expect(r.fenceToken).toBeGreaterThan(highest);
              highest = r.fenceToken;
              tokens.set(name, r.fenceToken);
            }
          } else {
            const r = o.kind === 'renew' ? m.renew(name, token, now) : m.finish(name, token, now);
            if (r.ok) {
              // Only the newest generation may write.
              expect(token).toBe(highest);
              if (o.kind === 'finish') finishes += 1;
            }
          }
          expect(m.read()!.fence).toBe(highest);
          expect(finishes).toBeLessThanOrEqual(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
