import type { ScenarioSettings, TargetCheck, TargetCheckKind } from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import type {
  EventKind,
  ScenarioTerms,
  TargetsConfig,
  TargetsView,
  TimelineEvent,
} from '@/lib/timeline/types';

/*
 * What one lane of the timeline is, as a unit (in the style of lib/lease/kinds/targets): where a
 * write lands (the run row, the design's report store, the object store, the ticket API, the
 * fencing gateway), with its label, the events drawn on it, and, for a lane whose targets each
 * choose a check, those targets' names, settings, words and state reader. One object per lane,
 * one file each; the engine, the drawing, the settings line and the builder read the registry
 * (index.ts) and never switch on a lane's name.
 */

/** The targets of a lane whose check a scenario chooses, target by target. */
export interface LaneTargets {
  /** How a target name of this lane reads in a link: its own id, or gateway:<resource>. */
  readonly form: string;
  /** The lane's targets in a scenario: the lane itself, or one per resource it names. */
  names(resources: readonly string[]): string[];
  /** True when a target name is one of this lane's. */
  owns(name: string): boolean;
  /** A target as the settings line names it: "object store", "email". */
  title(name: string): string;
  /** The target's name in the scenario's words, where lib/lease's words have none: "the object store". */
  readonly noun?: string;
  /** The target kinds (lib/lease/kinds/targets) its targets may make, its default first. */
  readonly offers: readonly TargetCheckKind[];
  /** The check a target makes when the scenario chose none for it: the lane's older settings'. */
  defaultCheck(settings: TargetsConfig): TargetCheck;
  /**
   * The older settings that hold `check` (so a scenario that chooses nothing new keeps its old
   * form in a link), or null when the check has no home there.
   */
  plainSetting?(check: TargetCheck): Partial<TargetsConfig> | null;
  /** The lane's targets an event names: it writes to them or registers at them. */
  namesIn(event: TimelineEvent): string[];
  /** The target whose own check judges a write of this event (null: none of this lane's). */
  judging(event: TimelineEvent): string | null;
  /** The lane's part of the settings line, when the scenario uses the lane (`checkOf`: a target's check). */
  settings?(
    targets: TargetsConfig,
    checkOf: (name: string) => TargetCheck,
  ): Partial<ScenarioSettings>;
  /** The tables it keeps beside lib/lease's fences (its own stored state). */
  readonly schema?: string;
  /** What its targets hold after a step, for the trace (run `runId`). */
  read(db: SqlDriver, runId: string): Partial<TargetsView>;
}

/** One lane of the timeline. */
export interface Lane<Id extends string = string> {
  /** The lane's id: a write effect's `target`, a mark's lane in the drawing. */
  readonly id: Id;
  /**
   * The drawing's label for the lane, in the scenario's terms; `checkOf` gives a target's check,
   * for a label that names what its target checks.
   */
  label(terms: ScenarioTerms | undefined, checkOf: (name: string) => TargetCheck): string;
  /** The write events drawn on this lane. */
  readonly events: readonly EventKind[];
  /** Its targets, when the scenario chooses each one's check (absent: the design decides). */
  readonly targets?: LaneTargets;
}
