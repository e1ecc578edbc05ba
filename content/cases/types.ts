import type { OutcomeKind } from '@/lib/lease';
import type { Scenario, TimelineEvent } from '@/lib/timeline';
import type { Cite } from '../cite';

/** The patterns the case list filters by: what protected the resource, if anything. */
export const CASE_PATTERNS = ['no-fencing', 'time-only', 'unchecked-token', 'fenced'] as const;
export type CasePattern = (typeof CASE_PATTERNS)[number];

export const CASE_PATTERN_LABELS: Record<CasePattern, string> = {
  'no-fencing': 'No fencing',
  'time-only': 'Time only',
  'unchecked-token': 'Token not checked at the resource',
  fenced: 'Token checked at the resource',
};

/** How far a fact on the page was checked against its public source from here. */
export type SourceCheck = 'checked' | 'partly' | 'not-checked';

export interface CaseSource {
  title: string;
  url: string;
  check: SourceCheck;
  /** What was (or could not be) checked, in one sentence. */
  note: string;
  /** The rows of docs/sources.md that hold this source's quotes (content/sources.test.ts). */
  cite: Cite;
}

/**
 * A case event: a timeline event plus the four-valued outcome the case teaches for a write
 * (the database's view; `callerSees` when the acknowledgement is lost).
 */
export type CaseEvent = TimelineEvent & { outcome?: OutcomeKind; callerSees?: OutcomeKind };

/** One playable run of a case: the incident itself, or a variant with another design. */
export interface CaseRun {
  id: string;
  label: string;
  /** The pattern this run shows (the list filters by the patterns of all runs). */
  pattern: CasePattern;
  /** What the run changes compared with the incident, in one sentence. */
  summary: string;
  /**
   * The question before this run, when the case's own question does not fit it (a run that
   * changes what the question states, such as when a transaction began).
   */
  predict?: string;
  scenario: Omit<Scenario, 'events' | 'version' | 'id' | 'title'>;
  events: CaseEvent[];
}

export interface CaseFile {
  /** URL slug. */
  id: string;
  number: number;
  title: string;
  /** The real system and the source, short ("Apache Kafka transactions"). */
  system: string;
  /** The system's own name for the token. */
  tokenName: string;
  /**
   * The account, in our own words, in two parts. `beforeRun` is shown above the prediction: the
   * setting, up to the decisive write and never its outcome. `afterRun` opens once the run's
   * outcomes are on screen: what the real system did, how it ended. Neither narrates a played
   * write: the step's view tells each one.
   */
  account: { readonly beforeRun: readonly string[]; readonly afterRun: readonly string[] };
  /** Who is who in the timeline, in the system's names. */
  cast: readonly { lane: string; is: string }[];
  /** The question put to the learner before the run. */
  predict: string;
  runs: readonly CaseRun[];
  /** What fixed it, or what the system asks of its users. */
  fixed: readonly string[];
  sources: readonly CaseSource[];
  /** Facts on this page we could not check against the source here, said plainly. */
  unchecked?: readonly string[];
  /** A lease design the schedule checker knows, when the case is a design to check. */
  checkDesign?: string;
}
