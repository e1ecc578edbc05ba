export * from './types';
export {
  createTimelineEngine,
  loadTimelineEngine,
  runScenario,
  TIMELINE_DESIGNS,
  type StepResult,
  type TimelineEngine,
  type TimelineState,
  type WorkerState,
} from './engine';
export { ScenarioSchema, parseScenario, SCENARIO_LIMITS, type ParseResult } from './schema';
export { encodeScenario, decodeScenario, scenarioLink, MAX_SHARE_LENGTH } from './share';
