import { gatewayResources } from './lanes';
import { designWithConditions, rescueTracked } from './scenario-conditions';
import type { SqlJsStatic } from 'sql.js';
import { createLeaseModel, NO_AUTHORITY, type LeaseDesign } from '@/lib/lease';
import { seedFence } from '@/lib/lease/replicated-fence';
import { loadSqlJs, wrapSqlJs, type SqlJsDriver } from '@/lib/sqlite';
import { applyEvent, cloneState } from './apply';
import { TIMELINE_DESIGNS } from './designs';
import { createSnapshotReader } from './snapshot';
import { RUN_ID, type TimelineEngine, type TimelineState } from './state';
import { TARGETS_SCHEMA } from './targets';
import { namesClocks } from './clocks';
import { scenarioVocabulary } from './vocabulary';
import type { Scenario, Trace, TraceStep, WriteEffect } from './types';

export { TIMELINE_DESIGNS, timelineDesign } from './designs';
export type { StepResult, TimelineEngine, TimelineState, LaneState } from './state';

/** The timeline engine over a loaded sql.js; synchronous and deterministic. */
export function createTimelineEngine(
  SQL: SqlJsStatic,
  options: { designs?: Readonly<Record<string, LeaseDesign>> } = {},
): TimelineEngine {
  const designs: Record<string, LeaseDesign> = { ...TIMELINE_DESIGNS, ...options.designs };

  /** The design a scenario runs (its base with its own conditions), known by its id from then on. */
  const designOfScenario = (scenario: Scenario): string => {
    const base = scenario.design ?? 'fenced';
    const design = designWithConditions(
      designOf(base),
      scenario.conditions,
      rescueTracked(scenario),
    );
    if (design.id !== base && !Object.hasOwn(designs, design.id)) designs[design.id] = design;
    return design.id;
  };

  const designOf = (id: string): LeaseDesign => {
    // Own properties only: a shared link may name a design "constructor" or "__proto__".
    const design = Object.hasOwn(designs, id) ? designs[id] : undefined;
    if (!design)
      throw new Error(`Unknown lease design "${id}" (known: ${Object.keys(designs).join(', ')}).`);
    return design;
  };

  const open = (state: Pick<TimelineState, 'design' | 'leaseSeconds' | 'db'>) => {
    const db = wrapSqlJs(new SQL.Database(state.db));
    const model = createLeaseModel(db, {
      design: designOf(state.design),
      leaseSeconds: state.leaseSeconds,
      runId: RUN_ID,
    });
    return { db, model };
  };

  // A fresh database per design (its run row, outputs and targets), built once: a scenario
  // starts from these bytes instead of running the schema again.
  const templates = new Map<string, Uint8Array>();
  const templateOf = (design: string, leaseSeconds: number): Uint8Array => {
    const cached = templates.get(design);
    if (cached) return cached;
    const { db, model } = open({ design, leaseSeconds, db: new Uint8Array() });
    try {
      model.setup();
      model.setupOutputs();
      db.exec(TARGETS_SCHEMA);
      const bytes = db.export();
      templates.set(design, bytes);
      return bytes;
    } finally {
      db.close();
    }
  };

  /** One open database per design for run(), at its template's state between scenarios. */
  const scratch = new Map<string, SqlJsDriver>();
  const scratchOf = (design: string, leaseSeconds: number): SqlJsDriver => {
    const cached = scratch.get(design);
    if (cached) return cached;
    const db = wrapSqlJs(new SQL.Database(templateOf(design, leaseSeconds)));
    scratch.set(design, db);
    return db;
  };

  /**
   * The state before the first event, on `db` (a fresh copy of the design's template, or the
   * design's scratch database inside a savepoint).
   */
  const start = (scenario: Scenario, db?: SqlJsDriver) => {
    const design = designOfScenario(scenario);
    const opened = db
      ? {
          db,
          model: createLeaseModel(db, {
            design: designOf(design),
            leaseSeconds: scenario.leaseSeconds,
            runId: RUN_ID,
          }),
        }
      : open({
          design,
          leaseSeconds: scenario.leaseSeconds,
          db: templateOf(design, scenario.leaseSeconds),
        });
    if (scenario.firstToken !== undefined) seedFence(opened.db, RUN_ID, scenario.firstToken);
    const state: TimelineState = {
      design,
      leaseSeconds: scenario.leaseSeconds,
      timeSource: scenario.timeSource ?? 'database',
      clocksNamed: namesClocks(scenario),
      targets: { ...scenario.targets },
      resources: gatewayResources(scenario),
      ...(scenario.terms?.token ? { tokenName: scenario.terms.token } : {}),
      vocabulary: scenarioVocabulary(scenario, opened.model.design),
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
      db: new Uint8Array(),
    };
    return { ...opened, state };
  };

  const snapshots = createSnapshotReader();
  const snapshotOf = snapshots.snapshotOf;

  const engine: TimelineEngine = {
    init(scenario) {
      const { db, state } = start(scenario);
      try {
        return { ...state, db: db.export() };
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
      // The same applyEvent as step, on one open database instead of bytes between events: the
      // design's scratch database, inside a savepoint rolled back at the end (SQLite then parses
      // the schema once per design, not once per scenario).
      const db = scratchOf(designOfScenario(scenario), scenario.leaseSeconds);
      db.exec('SAVEPOINT scenario');
      snapshots.forget();
      try {
        const opened = start(scenario, db);
        const { model } = opened;
        let state = opened.state;
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
        snapshots.forget();
        db.exec('ROLLBACK TO scenario');
        db.exec('RELEASE scenario');
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
