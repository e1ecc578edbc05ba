import type { TimelineEvent } from '@/lib/timeline/types';
import { GATEWAY } from './gateway';
import { OBJECT_STORE } from './object-store';
import { REPORT_LANE } from './report';
import { RUN_LANE } from './run';
import type { Lane, LaneTargets } from './unit';
import { TICKET_API } from './ticket-api';

/*
 * The registry of the timeline's lanes: one object per lane, each in its own file beside this
 * one. Adding a lane is writing its file and listing it here.
 */

export { GATEWAY, gatewayResource, gatewayResources, gatewayTarget } from './gateway';
export { OBJECT_STORE, pointReportAt, putReportVersion, REPORT_NAME } from './object-store';
export { TICKET_API } from './ticket-api';
export type { Lane, LaneTargets } from './unit';

/** Every lane, in the order the drawing stacks them below the workers. */
export const LANES = [RUN_LANE, REPORT_LANE, OBJECT_STORE, TICKET_API, GATEWAY] as const;

/** A lane's id: where a write lands. */
export type LaneId = (typeof LANES)[number]['id'];

/** A lane whose targets each choose a check, with its targets. */
export type CheckedLane = Lane & { targets: LaneTargets };

/** The lanes whose targets each choose a check (the run row's is the design, not a choice). */
export const CHECKED_LANES: readonly CheckedLane[] = LANES.filter(
  (l): l is (typeof LANES)[number] & CheckedLane => 'targets' in l,
);

/** The lane a write event is drawn on, known before running (null: the event writes nothing). */
export function laneOfEvent(event: TimelineEvent): (typeof LANES)[number] | null {
  return LANES.find((l) => (l.events as readonly string[]).includes(event.kind)) ?? null;
}

/** The lane a target name belongs to (null: no lane has a target of that name). */
export function laneOfTarget(name: string): CheckedLane | null {
  return CHECKED_LANES.find((l) => l.targets.owns(name)) ?? null;
}

/** Every target name a scenario's checked lanes have, given its gateway resources. */
export function laneTargetNames(resources: readonly string[]): string[] {
  return CHECKED_LANES.flatMap((l) => l.targets.names(resources));
}

/** What the trace shows of each lane's targets: their names in the scenario's words. */
export const LANE_NOUNS: Readonly<Record<string, string>> = Object.fromEntries(
  CHECKED_LANES.flatMap((l) =>
    l.targets.noun ? l.targets.names([]).map((name) => [name, l.targets.noun!]) : [],
  ),
);
