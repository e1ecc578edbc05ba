import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { scenarioArbitrary } from './arbitrary.test-support';
import { loadTimelineEngine, type TimelineEngine } from './engine';
import { traceViolation } from './properties';
import { decodeScenario, encodeScenario } from './share';
import { isWriteEvent } from './types';

let engine: TimelineEngine;
beforeAll(async () => {
  engine = await loadTimelineEngine();
});

describe('timeline invariants over random scenarios (fenced design)', () => {
  it('same scenario, same trace; one write effect per write event', () => {
    fc.assert(
      fc.property(scenarioArbitrary(), (scenario) => {
        const first = engine.run(scenario);
        expect(JSON.stringify(engine.run(scenario))).toBe(JSON.stringify(first));
        expect(first.writes.map((w) => w.eventId)).toEqual(
          scenario.events.filter(isWriteEvent).map((e) => e.id),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('step never changes the state it is given, and folding step gives the same effects as run', () => {
    const plain = (state: object) => JSON.stringify({ ...state, db: null });
    fc.assert(
      fc.property(scenarioArbitrary(12), (scenario) => {
        let state = engine.init(scenario);
        const effects = [];
        for (const event of scenario.events) {
          const before = { plain: plain(state), db: Buffer.from(state.db) };
          const result = engine.step(state, event);
          expect(plain(state)).toBe(before.plain);
          expect(Buffer.from(state.db).equals(before.db)).toBe(true);
          effects.push(...result.effects);
          state = result.state;
        }
        expect(JSON.stringify(effects)).toBe(
          JSON.stringify(engine.run(scenario).steps.flatMap((s) => s.effects)),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('fences only grow, a stale generation never commits locally, at most one finish, the gateway never goes back', () => {
    fc.assert(
      fc.property(scenarioArbitrary(), (scenario) => {
        const trace = engine.run(scenario);
        // The four properties (lib/lease/properties.ts) hold for the run row's commits.
        expect(traceViolation(trace, ['run'])).toBeNull();
        const gatewayHighest = new Map<string, number>();
        for (const step of trace.steps) {
          for (const effect of step.effects) {
            if (effect.kind !== 'write' || effect.database !== 'applied') continue;
            if (step.event.kind === 'gateway-write') {
              // The gateway's highest-seen fence never lets a lower generation through.
              const seen = gatewayHighest.get(step.event.resource) ?? 0;
              expect(effect.token ?? 0).toBeGreaterThanOrEqual(seen);
              gatewayHighest.set(step.event.resource, effect.token ?? 0);
            }
          }
        }
        // The official report (versioned store) only ever points at a version from the newest committer.
        const end = trace.steps.at(-1)?.after;
        if (scenario.targets.objectStore === 'versioned' && end?.targets.officialReport) {
          expect(end.targets.officialReport.writer).toBe(
            trace.writes
              .filter(
                (w) =>
                  w.target === 'objects' &&
                  w.decision.kind === 'output' &&
                  w.database === 'applied' &&
                  !w.decision.violation,
              )
              .at(-1)?.worker,
          );
        }
      }),
      { numRuns: 60 },
    );
  });

  it('a share link decodes to exactly the same scenario', () => {
    fc.assert(
      fc.property(scenarioArbitrary(), (scenario) => {
        expect(decodeScenario(`#${encodeScenario(scenario)}`)).toEqual({ ok: true, scenario });
      }),
      { numRuns: 60 },
    );
  });
});
