export * from './types';
export {
  createCrashLab,
  submitLab,
  labRunIds,
  type CrashLab,
  type CrashLabOptions,
  type LabOps,
} from './lab';
export { PUBLISHER_FENCE } from './publisher';
/** A claim that took no run, as lib/lease's step decides it. */
export { claimRefusedOn } from './run-results';
export {
  CRASHLAB_SCHEMA_VERSION,
  PUBLISHER_RESOURCE,
  clockStatement,
  holdsLab,
  schemaProblem,
} from './schema';
export {
  runWorker,
  performStep,
  type ChaosHooks,
  type WorkerEvent,
  type WorkerOptions,
  type WorkerSummary,
} from './worker';
export { describeWorkerEvent, logLine } from './worker-log';
export { evaluate, type Evaluation, type LabViolation } from './evaluate';
export { LAB_PROPERTIES, type LabProperty } from './lab-property-checks';
export { evaluationCounts } from './evaluation-words';
export {
  HISTORY_OPS,
  formatEntry,
  parseHistory,
  type HistoryEntry,
  type HistoryOp,
} from './history';
export {
  CHAOS_POINTS,
  NEMESIS_ACTIONS,
  ONLY_FENCE_POINTS,
  chaosPlan,
  describePlan,
  seededRandom,
  type ChaosPoint,
  type NemesisAction,
  type PlannedFault,
} from './plan';
/** The browser lab's host: drives the lab's Web Workers and keeps the page's state. */
export { CrashLabHost, EMPTY_STATE, type HostState, type HostOptions } from './browser-host';
/** A history drawn as lanes (one per holder), and a history file imported for drawing. */
export {
  MARK_KINDS,
  MARK_LABELS,
  drawHistory,
  sinceStart,
  timeTicks,
  type HistoryDrawing,
  type HistoryLane,
  type LaneMark,
  type LaneSpan,
  type MarkKind,
} from './history-lanes';
/** A history file's limits and what its import gives (read in a Web Worker: '@/lib/crashlab/client'). */
export {
  HISTORY_IMPORT_LIMITS,
  historySizeProblem,
  importHistory,
  type HistoryImport,
  type HistoryImportLimits,
} from './history-import';
/** A table of the lab's databases, as rows to show. */
export { dumpTable, dumpLabTables, type TableDump } from './table-dump';
/** A learner's prediction about a run with a fault, graded from the databases. */
export {
  gradePrediction,
  isPredictedFault,
  runAfterTakeover,
  type CrashPrediction,
  type PredictionGrade,
} from './prediction';
/** Predictions not graded yet, kept in this tab across a reload (which ends the experiment). */
export {
  keepPredictions,
  MAX_KEPT_PREDICTIONS,
  readKeptPredictions,
  type KeptPrediction,
} from './kept-predictions';
/** What the page shows of one lab Web Worker. */
export { type LabWorkerView, type WorkerState } from './worker-view';
/** A Web Worker paused at a step, as the page is told. */
export type { WorkerStall } from './protocol';
