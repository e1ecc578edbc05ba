import type { SqlJsStatic } from 'sql.js';
import {
  comparedDesigns,
  createLeaseModel,
  fencedDesign,
  NO_AUTHORITY,
  ttlOnlyDesign,
  type LeaseDesign,
  type LeaseModel,
} from '@/lib/lease';
import { seedFence } from '@/lib/lease/replicated-fence';
import { loadSqlJs, wrapSqlJs, type SqlDriver } from '@/lib/sqlite';
import { applyEvent, clockOf, cloneState } from './apply';
import { DRAFT_OUTPUT, RUN_ID, type TimelineEngine, type TimelineState } from './state';
import { TARGETS_SCHEMA, readTargets } from './targets';
import { scenarioVocabulary } from './vocabulary';
import type { Scenario, TimelineSnapshot, Trace, TraceStep, WriteEffect } from './types';

export type { StepResult, TimelineEngine, TimelineState, LaneState } from './state';

/** The lease designs a scenario may name. Others can be passed to createTimelineEngine. */
export const TIMELINE_DESIGNS: Readonly<Record<string, LeaseDesign>> = {
  [fencedDesign.id]: fencedDesign,
  [ttlOnlyDesign.id]: ttlOnlyDesign,
  // The schedule checker's designs (issue 6), so its counterexamples open in the timeline.
  ...Object.fromEntries(comparedDesigns().map((d) => [d.id, d])),
};

/** A design the timeline knows, by id, or undefined (ids come from links and storage). */
export function timelineDesign(id: string): LeaseDesign | undefined {
  return Object.hasOwn(TIMELINE_DESIGNS, id) ? TIMELINE_DESIGNS[id] : undefined;
}

/** The timeline engine over a loaded sql.js; synchronous and deterministic. */
export function createTimelineEngine(
  SQL: SqlJsStatic,
  options: { designs?: Readonly<Record<string, LeaseDesign>> } = {},
): TimelineEngine {
  const designs = { ...TIMELINE_DESIGNS, ...options.designs };

  const designOf = (id: string): LeaseDesign => {
    // Own properties only: a shared link may name a design "constructor" or "__proto__".
    const design = Object.hasOwn(designs, id) ? designs[id] : undefined;
    if (!design)
      throw new Error(`Unknown lease design "${id}" (known: ${Object.keys(designs).join(', ')}).`);
    return design;
  };

  const open = (state: TimelineState | null, scenario?: Scenario) => {
    const db = wrapSqlJs(new SQL.Database(state?.db));
    const model = createLeaseModel(db, {
      design: designOf(state?.design ?? scenario?.design ?? 'fenced'),
      leaseSeconds: state?.leaseSeconds ?? scenario?.leaseSeconds,
      runId: RUN_ID,
    });
    return { db, model };
  };

  const snapshotOf = (state: TimelineState, db: SqlDriver, model: LeaseModel): TimelineSnapshot => {
    const row = model.read();
    const draft = model.readOutput(DRAFT_OUTPUT);
    return {
      now: state.now,
      run: {
        owner: row?.owner ?? '',
        leaseUntil: row?.leaseUntil ?? 0,
        fence: row?.fence ?? 0,
        status: row?.status ?? 'missing',
      },
      workers: state.workers.map((w) => ({
        id: w.id,
        ...(w.restartOf ? { restartOf: w.restartOf } : {}),
        paused: w.paused,
        token: w.token,
        believedLeaseUntil: w.believedLeaseUntil,
        clock: clockOf(state, w),
      })),
      targets: {
        draft: draft
          ? { owner: draft.owner, fence: draft.fence, opId: draft.opId, body: draft.body }
          : null,
        ...readTargets(db),
        reportRef: model.readReport() ?? null,
      },
      windows: state.windows.map((w) => ({ ...w })),
    };
  };

  const engine: TimelineEngine = {
    init(scenario) {
      const { db, model } = open(null, scenario);
      try {
        model.setup();
        model.setupOutputs();
        if (scenario.firstToken !== undefined) seedFence(db, RUN_ID, scenario.firstToken);
        db.exec(TARGETS_SCHEMA);
        return {
          design: scenario.design ?? 'fenced',
          leaseSeconds: scenario.leaseSeconds,
          timeSource: scenario.timeSource ?? 'database',
          targets: { ...scenario.targets },
          ...(scenario.terms?.token ? { tokenName: scenario.terms.token } : {}),
          vocabulary: scenarioVocabulary(scenario, model.design),
          authority: NO_AUTHORITY,
          now: 0,
          nextIndex: 0,
          workers: scenario.workers.map((w) => ({
            id: w.id,
            ...(w.restartOf ? { restartOf: w.restartOf } : {}),
            clockOffset: w.clockOffset ?? 0,
            paused: false,
            token: 0,
            believedLeaseUntil: 0,
            lastVersion: null,
          })),
          windows: [],
          db: db.export(),
        };
      } finally {
        db.close();
      }
    },

    step(previous, event) {
      const state = cloneState(previous);
      const { db, model } = open(state);
      try {
        const effects = applyEvent({ db, model, state, index: previous.nextIndex }, event);
        state.db = db.export();
        return { state, effects };
      } finally {
        db.close();
      }
    },

    snapshot(state) {
      const { db, model } = open(state);
      try {
        return snapshotOf(state, db, model);
      } finally {
        db.close();
      }
    },

    run(scenario) {
      // The same applyEvent as step, on one open database instead of bytes between events.
      const start = engine.init(scenario);
      const { db, model } = open(start);
      try {
        let state = start;
        const initial = snapshotOf(state, db, model);
        const steps: TraceStep[] = [];
        for (const event of scenario.events) {
          const at = state.now;
          state = cloneState(state);
          const effects = applyEvent({ db, model, state, index: state.nextIndex }, event);
          steps.push({
            index: steps.length,
            event,
            at,
            effects,
            after: snapshotOf(state, db, model),
          });
        }
        return {
          scenarioId: scenario.id,
          vocabulary: state.vocabulary,
          initial,
          steps,
          writes: steps.flatMap((s) =>
            s.effects.filter((e): e is WriteEffect => e.kind === 'write'),
          ),
          windows: state.windows,
          end: state.now,
        };
      } finally {
        db.close();
      }
    },
  };
  return engine;
}

/** Loads sql.js (once per realm) and returns the timeline engine. */
export async function loadTimelineEngine(): Promise<TimelineEngine> {
  return createTimelineEngine(await loadSqlJs());
}

/** Runs a whole scenario on real SQLite and returns its trace. Same scenario, same trace. */
export async function runScenario(scenario: Scenario): Promise<Trace> {
  return (await loadTimelineEngine()).run(scenario);
}
