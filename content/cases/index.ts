import type { Scenario, TimelineEvent } from '@/lib/timeline';
import { GC_PAUSE_CASE } from './gc-pause-storage';
import { CHUBBY_CASE } from './chubby-sequencer';
import { ZOOKEEPER_CASE } from './zookeeper-session';
import { ETCD_CASE } from './etcd-lock-lease';
import { KAFKA_CASE } from './kafka-producer-epoch';
import { TEMPORAL_CASE } from './temporal-range-id';
import { OBAN_CASE } from './oban-lifeline';
import { VISIBILITY_CASE } from './visibility-timeout';
import { KUBERNETES_CASE } from './kubernetes-leader-election';
import { REDLOCK_CASE } from './redlock-random-value';
import { SHEDLOCK_CASE } from './shedlock-transaction-clock';
import { HANGFIRE_CASE } from './hangfire-fetched-at';
import type { CaseFile, CasePattern, CaseRun } from './types';

export * from './types';

/** The case files, in the order the list shows them. */
export const CASE_FILES: readonly CaseFile[] = [
  GC_PAUSE_CASE,
  CHUBBY_CASE,
  ZOOKEEPER_CASE,
  ETCD_CASE,
  KAFKA_CASE,
  TEMPORAL_CASE,
  OBAN_CASE,
  VISIBILITY_CASE,
  KUBERNETES_CASE,
  REDLOCK_CASE,
  SHEDLOCK_CASE,
  HANGFIRE_CASE,
];

export const CASE_FILES_LEAD = [
  'The lesson’s workers A and B are invented. These are not: each case file is an incident or a design from a real system, told in our words, with the system’s own name for the token. Read the account, predict what happens to every write, then run it on real SQLite in your browser and see what fixed it.',
] as const;

export function caseFileById(id: string): CaseFile | undefined {
  return CASE_FILES.find((c) => c.id === id);
}

/** Every pattern a case shows, across its runs (the list filters by these). */
export function casePatterns(caseFile: CaseFile): CasePattern[] {
  return [...new Set(caseFile.runs.map((r) => r.pattern))];
}

/**
 * A run of a case as a timeline scenario: each write expects the outcome the caller learns
 * (`callerSees` when its acknowledgement is lost, otherwise the database's outcome).
 */
export function caseScenario(caseFile: CaseFile, run: CaseRun): Scenario {
  const events = run.events.map(
    ({ outcome, callerSees, ...event }) =>
      (outcome ? { ...event, expect: callerSees ?? outcome } : event) as TimelineEvent,
  );
  return {
    version: 1,
    id: `case-${caseFile.number}-${run.id}`,
    title: `Case ${caseFile.number}: ${caseFile.title} (${run.label})`,
    ...run.scenario,
    events,
  };
}

/**
 * The case file whose run this scenario is (by its id: the records count a case's first try by
 * the scenario id, edited copy or not), or undefined. The timeline runs such a scenario as
 * practice: the case's first try is the run on the case's own page.
 */
export function caseOfScenario(scenario: Scenario): CaseFile | undefined {
  return CASE_FILES.find((c) => c.runs.some((r) => caseScenario(c, r).id === scenario.id));
}
