import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { wrapSqlJs } from '@/lib/sqlite';
import { createLeaseModel, DESIGN_CATALOG, fencedDesign } from '@/lib/lease';
import { ScheduleMachine, setupDatabase } from './machine';
import type { Bound, WorkerOp } from './types';

const SQL = await initSqlJs();

const ops: WorkerOp[] = ['claim', 'pause', 'renew', 'finish'];

/**
 * The machine binds by position into statements with constants written in; the lease model
 * binds by name. Both must see the same outcomes, or the checker checks something else.
 */
describe('the schedule machine runs designs as lib/lease does', () => {
  for (const design of DESIGN_CATALOG) {
    it(`matches createLeaseModel step by step (${design.id})`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...ops), { minLength: 1, maxLength: 5 }),
          fc.array(fc.constantFrom(...ops), { minLength: 1, maxLength: 5 }),
          fc.array(fc.nat(1), { minLength: 10, maxLength: 10 }),
          (p0, p1, order) => {
            const bound: Bound = {
              workers: [
                { owner: 'A', program: ['claim', ...p0] },
                { owner: 'B', program: ['claim', ...p1] },
              ],
              leaseSeconds: 5,
              pauseSeconds: 5,
            };
            const db1 = new SQL.Database();
            setupDatabase(db1, design);
            const machine = new ScheduleMachine(db1, design, bound);
            const model = createLeaseModel(wrapSqlJs(new SQL.Database()), {
              design,
              leaseSeconds: 5,
            });
            model.setup();
            const tokens = [0, 0];
            const stopped = [false, false];
            const pos = [0, 0];
            let now = 0;
            const schedule = [...order, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1];
            for (const w of schedule) {
              const op = bound.workers[w].program[pos[w]];
              if (op === undefined) continue;
              // Two-statement claims are one operation for the model: run both machine steps.
              const machineSteps = machine.steps[w].length - machine.position(w);
              if (machineSteps <= 0) continue;
              pos[w] += 1;
              machine.step(w, 0);
              if (op === 'claim' && design.claimRead) machine.step(w, 0);
              if (stopped[w]) continue;
              const owner = bound.workers[w].owner;
              if (op === 'pause') now += 5;
              else if (op === 'claim') {
                const r = model.claim(owner, now);
                if (r.ok) tokens[w] = r.fenceToken;
                else stopped[w] = true;
                expect(machine.tokenOf(w)).toBe(tokens[w]);
                expect(machine.isStopped(w)).toBe(stopped[w]);
              } else {
                const r =
                  op === 'renew'
                    ? model.renew(owner, tokens[w], now)
                    : model.finish(owner, tokens[w], now);
                expect(machine.lastChanged).toBe(r.changed);
              }
            }
            db1.close();
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it('refuses a claim that does not return a token column', () => {
    const db = new SQL.Database();
    setupDatabase(db, fencedDesign);
    const broken = { ...fencedDesign, claim: fencedDesign.claim.replace('AS token', 'AS t') };
    expect(
      () =>
        new ScheduleMachine(db, broken, {
          workers: [{ owner: 'A', program: ['claim'] }],
          leaseSeconds: 5,
          pauseSeconds: 5,
        }),
    ).toThrow(/token/);
  });
});
