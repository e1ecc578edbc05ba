/** The run row, its statuses, a design and its rules. */
export {
  RUN_STATUSES,
  FINAL_STATUSES,
  type RunRow,
  type RunOutput,
  type LeaseDesign,
  type DesignRules,
} from './types';
/** A write's outcome as its caller learned it. */
export {
  OUTCOME_KINDS,
  type OutcomeKind,
  type UnknownReason,
  type WriteOutcome,
  observe,
} from './outcome';
export {
  COMMIT_CONDITIONS,
  RUNS_TABLE,
  JOBS_TABLE,
  conditionSql,
  type RunTable,
  type CommitCondition,
} from './conditions';
export {
  ATTEMPT_COLUMN,
  CLAIM_COLUMNS,
  RUN_COLUMNS,
  FINGERPRINT_COLUMNS,
  columnValue,
  columnComparison,
  type ColumnComparison,
  orderedConditions,
  conditionsWhere,
  conditionCheckName,
  isClaimCondition,
  LESSON_CLAIM,
  type ClaimCondition,
  type ClaimColumn,
  type RunColumn,
  type RunCondition,
  type ClaimValues,
} from './catalogue';
export { CLAIM_READ_COLUMNS, claimWheres, comparedAsRead } from './claim-compare';

export {
  FENCE_SCHEMA,
  FENCE_SEEN_TABLE,
  fenceSeenTable,
  admitsPosition,
  registerSql,
  READ_SEEN,
  READ_SEEN_BY_RESOURCE,
  REGISTER_AND_READ_SEEN,
  fenceGuardTrigger,
  type ResourceFence,
} from './fence';
export {
  registerAt,
  writeThroughFence,
  seenByRun,
  resourceWrites,
  type FenceWriteResult,
} from './fence-write';
export {
  buildDesign,
  claimConditionsOf,
  runTableSchema,
  ownerNamesInterchangeable,
  REPORT_RESOURCE,
  GATEWAY_RESOURCE,
} from './build';
export {
  fencedDesign,
  ttlOnlyDesign,
  selectThenUpdateDesign,
  renewWithoutTokenDesign,
  workerSideCheckDesign,
  fencePerBatchDesign,
  cancelWithoutFencingDesign,
  ownerOnlyFinishDesign,
  selectThenUpdateClaim,
  FENCED_TARGETS,
  LESSON_RULES,
  DESIGN_CATALOG,
  dropFinishCondition,
  comparedDesigns,
  designStatements,
  type NamedStatement,
} from './designs';
export { createLeaseModel } from './model';
export type { LeaseModel } from './model-api';
export { runLessonDemo, LESSON_DEMO_OUTPUT } from './demo';
export {
  PROPERTY_IDS,
  PROPERTY_OF,
  isStaleWrite,
  fenceShrank,
  sharesToken,
  claimedFinal,
  finishedTwice,
  firstViolation,
  type PropertyId,
  type ViolationKind,
  type LeaseEvent,
} from './properties';

export { pickClaimableRun } from './queue';
export { conditionWords } from './explain-commit';
/** The condition catalogue as the learner picks from it: the menu, its entries, their words. */
export {
  statementMenu,
  type PickedStatement,
  describeStatementConditions,
  conditionEditor,
  conditionKey,
} from './explain-catalogue';
/** The condition kinds, each one object (kinds as units): the entries content declares. */
export {
  ATTEMPT,
  conditionCheckRules,
  conditionSchemas,
  fingerprint,
  statusIn,
} from './kinds/conditions';
export { explain, type Explanation, type Explained } from './explain';
export { counted } from './explain-words';
/** Words for a step that writes nothing (a read, a registration note, time, a pause). */
export { explainStep, type StepFact } from './explain-steps';
/** Words for a property found broken over a search (the checker) or a history (the crash lab). */
export {
  explainSearchViolation,
  explainHistoryViolation,
  type HistoryViolationFact,
} from './explain-found';
/** Words for a crash-lab worker's log and the CLI's summary lines. */
export { explainWorkerLog, type WorkerLogFact } from './explain-log';
/** Words for a scenario's settings line and the state panel after a step. */
export { explainSettings, type ScenarioSettings, TIME_SOURCE_CHOICES } from './explain-settings';
export {
  explainState,
  explainRunRow,
  explainRunCells,
  type RunCell,
  explainTime,
  explainDuration,
  explainLeaseBar,
  type WorkerFacts,
  type TargetFacts,
  type StateLines,
} from './explain-state';
/** Which clock judges a lease (the lesson's rule and two broken designs). */
export { leaseClockReading, TIME_SOURCES, type TimeSource } from './clocks';
/** A scenario's vocabulary from its design and names (no fence when nothing compares one). */
export { designVocabulary, WALL_CLOCK_VOCABULARY } from './vocabulary';
/** What was decided about one write, as data, and the vocabulary its words use. */
export {
  type WriteKind,
  type CheckName,
  type RowState,
  type LeaseClock,
  type Authority,
  type WriteDecision,
  type Vocabulary,
  LESSON_VOCABULARY,
} from './decision';
// The decision builders: an engine hands over the facts of one write, gets its WriteDecision.
export {
  /** A claim (checked: whether its write tested the row itself; conditions: what it tested). */
  decideClaim,
  /** A renewal: a commit that extends the writer's own lease. */
  decideRenew,
  /** A finish; a duplicate when the writer's own earlier finish already landed. */
  decideFinish,
  /** The user's cancel, or its completion. */
  decideCancel,
  /** Whether a finish that changed nothing is the holder's retry of its own landed finish. */
  finishLanded,
} from './decide';
/** The one lease step: a write through the design, decided (sync and async drivers). */
export { step, stepAsync, readBeforeClaim, decideUnchanged } from './step';
export { rowAuthority } from './step-state';
export { readOutputRow } from './step-sql';
/** The step prepared once for a search that runs one design's writes millions of times. */
export { claimReadColumns, emptyHolder, PreparedStep, type StepHolder } from './step-prepared';
/** The step in one round trip on PostgreSQL (the row before, the statement, the row after). */
export { stepOneTrip } from './step-one-trip';
/** A queue's claim as the step on PostgreSQL: pick, row before, claim in one statement. */
export { claimPicked } from './step-one-trip-claim';
export {
  START_STATE,
  type LeaseRun,
  type LeaseState,
  type LeaseStepResult,
  type Write,
} from './write';
/** The one reader of a run row (either dialect), and the row a decision sees. */
export { readRunRow, readTableRow, rowState, claimValuesOf } from './run-row';
export {
  /** A write or registration through a resource fence of fence.ts. */
  decideFenceWrite,
  /** The crash lab's publish, through the publisher's fence. */
  decidePublish,
  /** A write or registration at a replicated resource: committed only on a majority. */
  decideQuorum,
} from './decide-resource';
export {
  /** Who holds the run after a decision (an applied claim or cancel moves it). */
  authorityAfter,
  /** The authority before any claim. */
  NO_AUTHORITY,
  /** What every builder needs: writer, time, authority, a lost acknowledgement. */
  type DecisionContext,
  /** Another holder's claim, for the shared-token property. */
  type HeldToken,
} from './judge';
/** Fingerprint tokens: what a holder may present at the gateway. */
export { FINGERPRINT_KINDS, FINGERPRINT_LABELS, type FingerprintKind } from './replicated-fence';
/** The target kinds, one object each (lib/lease/kinds/targets): checks, SQL, words, picker data. */
export {
  HIGHEST_SEEN,
  RUN_ROW,
  KEY_ONLY,
  NO_CHECK,
  VERSIONED,
  MAX_ACCEPTORS,
  TARGET_KIND_LIST,
  TARGET_TOKEN_CHECKS,
  fenceOfSetting,
  fenceRules,
  settingWords,
  targetKind,
} from './kinds/targets';
/** What each target may check, chosen target by target (the timeline's lanes say which targets). */
export {
  acceptorsFit,
  acceptorsOf,
  chooseCheck,
  GATEWAY_CHECK_KINDS,
  GATEWAY_CHECK_LABELS,
  TARGET_CHECK_LABELS,
  type GatewayCheckKind,
  type GatewayCheck,
  type TargetCheck,
  type TargetCheckKind,
} from './target-checks';
/** A rescuer: a third party that reads the run row, then re-queues it, comparing what it read. */
export {
  RESCUE_FIELDS,
  RESCUER,
  rescueFieldsOf,
  rescueRun,
  readStuck,
  decideRescue,
  type RescueField,
  type RescueRead,
} from './rescue';
/** The cause of a refusal that is not about the writer's authority (an earlier write changed the row). */
export { causedRefusal, explainCause } from './explain-cause';
/** The one table of outcome labels and glyphs, and of the four properties' words. */
export { OUTCOME_WORDS, PROPERTY_WORDS } from './explain-tables';
/** What a commit's statement checks of the lesson's conditions, and what each left out refuses. */
export { CONDITION_REFUSES, explainCoverage, type Coverage } from './explain-coverage';
