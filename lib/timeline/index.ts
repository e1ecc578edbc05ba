export * from './types';
export {
  createTimelineEngine,
  loadTimelineEngine,
  runScenario,
  TIMELINE_DESIGNS,
  timelineDesign,
  type StepResult,
  type TimelineEngine,
  type TimelineState,
  type LaneState,
} from './engine';
export {
  ScenarioSchema,
  parseScenario,
  editableCopy,
  SCENARIO_LIMITS,
  type ParseResult,
} from './schema';
export { conditionListProblem, withConditions } from './scenario-conditions';
export { SCENARIO_TEXT_FIELDS, scenarioTextProblem, type ScenarioTextField } from './scenario-text';
export { encodeScenario, decodeScenario, scenarioLink, MAX_SHARE_LENGTH } from './share';
export {
  describeEvent,
  scenarioEventLabel,
  targetOfEvent,
  summarizeVerdict,
  markTone,
  OUTCOME_LABELS,
  runRowLine,
} from './describe';
export { traceLog, traceViolation } from './properties';
/** The one view of a step: every word the learner reads about it, from its decision. */
export {
  stepView,
  stepViewsOf,
  runRowCells,
  type StepView,
  type OutcomeView,
  type RunRowCell,
} from './step-view';
export {
  scorePredictions,
  prunePredictions,
  type Predictions,
  type Score,
  type Mistake,
} from './score';
export {
  readSavedScenarios,
  saveScenario,
  deleteSavedScenario,
  MAX_SAVED_SCENARIOS,
} from './saved';
export { layoutTimeline, type TimelineLayout } from './drawing-geometry';
export { timeAxis, axisLabelWidth, type TimeAxis, type AxisLabel } from './axis';
export { stickyLabelStart, stickyLabelCentre } from './sticky-label';
export { scenarioSettings, settingsLine, stateLines } from './settings';
export {
  acceptorsReached,
  newEvent,
  nextEventId,
  reachesAcceptors,
  rescueChoices,
  type NewEventFields,
} from './new-event';
export {
  gatewayComparesKey,
  /** An event whose outcome the learner predicts: a write, or a registration at a replica. */
  predictsOutcome,
  targetCheckOf,
  targetChoices,
  withTargetCheck,
  type TargetChoice,
  type TimelineTarget,
} from './target-list';

export {
  leaseBarsAt,
  leaseBarLabel,
  latestLeaseEnd,
  formatTime,
  formatDuration,
  type LeaseBar,
} from './lease-bars';
/** A scored timeline or case prediction, saved in the learner's records database. */
export {
  timelineSchema,
  saveTimelineResult,
  saveCaseResult,
  recentTimelineResults,
  firstTimelineResult,
  type ScoredAttempt,
  type TimelineResult,
} from './records';
export type { Vocabulary, Explained, WriteDecision } from '@/lib/lease';
