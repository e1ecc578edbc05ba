import { TIMELINE_DESIGNS, type Scenario, type TimelineEvent } from '@/lib/timeline';
import type { LeaseDesign } from '@/lib/lease';
import type { ScheduleTrace } from './types';

export type ReplayConversion =
  { ok: true; scenario: Scenario; omitted: number } | { ok: false; reason: string };

/**
 * Turns a counterexample (or any traced schedule) into a timeline scenario, so the timeline exercise can replay it step
 * by step with the same design's SQL. A pause becomes pause + time moving (and a resume just
 * before the holder's next step). A two-statement claim becomes a claim-read and a claim event,
 * a successful claim is followed by the holder's registration event (the checker's claim step
 * includes it), a worker-side check a report-check event, a report write a report-write event
 * and a gateway call a gateway-send event at the design's own targets, and the user's cancel a
 * cancel event. A restarted holder (a second holder under an owner name already used) gets its
 * own lane that claims under that name (`restartOf`). Steps of a holder whose claim was refused
 * are left out (it sends nothing). A design the timeline does not know is refused.
 */
export function toTimelineScenario(
  cx: ScheduleTrace,
  designName: string,
  designs: Readonly<Record<string, LeaseDesign>> = TIMELINE_DESIGNS,
): ReplayConversion {
  if (!Object.hasOwn(designs, cx.designId)) {
    return { ok: false, reason: 'The timeline exercise does not know this design yet.' };
  }
  const registers = designs[cx.designId].targets?.register !== undefined;
  const lanes = laneIds(cx);
  const events: TimelineEvent[] = [];
  const paused = new Set<string>();
  let omitted = 0;
  const id = () => `e${events.length + 1}`;
  for (const step of cx.steps) {
    if (step.stopped) {
      omitted += 1;
      continue;
    }
    // What the timeline must find: the step's decision (lib/lease's), else the search's outcome.
    const found = step.decision?.outcome.database ?? step.result ?? undefined;
    const expect = found ? { expect: found } : {};
    if (step.kind === 'cancel') {
      events.push({ kind: 'cancel', id: id(), ...expect });
      continue;
    }
    const worker = lanes.get(step.worker)!.id;
    if (paused.has(worker)) {
      events.push({ kind: 'resume', worker, id: id() });
      paused.delete(worker);
    }
    switch (step.kind) {
      case 'pause':
        events.push({ kind: 'pause', worker, id: id() });
        events.push({ kind: 'advance', seconds: cx.bound.pauseSeconds, id: id() });
        paused.add(worker);
        break;
      case 'claim-read':
        events.push({ kind: 'claim-read', worker, id: id() });
        break;
      case 'claim':
        events.push({ kind: 'claim', worker, id: id(), ...expect });
        if (registers && step.changed > 0) events.push({ kind: 'register', worker, id: id() });
        break;
      case 'write-check':
        events.push({ kind: 'report-check', worker, id: id() });
        break;
      case 'write':
        events.push({ kind: 'report-write', worker, id: id(), ...expect });
        break;
      case 'send':
        events.push({ kind: 'gateway-send', worker, id: id(), ...expect });
        break;
      default:
        events.push({ kind: step.kind, worker, id: id(), ...expect });
    }
  }
  const workers = [...lanes.values()].map((lane) =>
    lane.restartOf ? { id: lane.id, restartOf: lane.restartOf } : { id: lane.id },
  );
  return {
    ok: true,
    omitted,
    scenario: {
      version: 1,
      id: `checker-${cx.designId}`.slice(0, 40),
      title: `${cx.violation ? 'Counterexample' : 'Schedule'}: ${designName}`.slice(0, 120),
      ...(cx.violation ? { explanation: cx.violation.message } : {}),
      design: cx.designId,
      leaseSeconds: cx.bound.leaseSeconds,
      workers,
      targets: { objectStore: 'overwrite', gateway: 'at-takeover' },
      events,
    },
  };
}

/**
 * One timeline lane per checker worker that takes a step. The first worker under an owner name
 * keeps that name; a later one (a restart) gets a letter no worker of the bound uses, and claims
 * under the first one's name.
 */
function laneIds(cx: ScheduleTrace): Map<number, { id: string; restartOf?: string }> {
  // The user who cancels is not a holder: a cancel event needs no lane.
  const involved = [
    ...new Set(cx.steps.filter((s) => s.kind !== 'cancel').map((s) => s.worker)),
  ].sort((a, b) => a - b);
  const used = new Set<string>();
  const firstLane = new Map<string, string>();
  const lanes = new Map<number, { id: string; restartOf?: string }>();
  // A letter no worker of the bound uses, so a restart is never drawn under another worker's name.
  const owners = new Set(cx.bound.workers.map((w) => w.owner));
  const free = () => [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find((l) => !used.has(l) && !owners.has(l))!;
  for (const w of involved) {
    const owner = cx.bound.workers[w].owner;
    const original = firstLane.get(owner);
    if (original === undefined && /^[A-Z]$/.test(owner) && !used.has(owner)) {
      used.add(owner);
      firstLane.set(owner, owner);
      lanes.set(w, { id: owner });
    } else {
      const id = free();
      used.add(id);
      if (original === undefined) {
        firstLane.set(owner, id);
        lanes.set(w, { id });
      } else {
        lanes.set(w, { id, restartOf: original });
      }
    }
  }
  return lanes;
}
