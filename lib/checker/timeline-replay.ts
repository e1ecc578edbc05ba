import { TIMELINE_DESIGNS, type Scenario, type TimelineEvent, type Trace } from '@/lib/timeline';
import type { Counterexample, PropertyId } from './types';

export type ReplayConversion =
  { ok: true; scenario: Scenario; omitted: number } | { ok: false; reason: string };

/**
 * Turns a counterexample into a timeline scenario, so the timeline exercise can replay it step
 * by step with the same design's SQL. A pause becomes pause + time moving (and a resume just
 * before the worker's next step). A two-statement claim becomes a claim-read and a claim event,
 * a worker-side check a report-check event, a report write a report-write event at the design's
 * own report store. A restarted worker (a second worker under an owner name already used) gets
 * its own lane that claims under that name (`restartOf`). Gateway calls are left out: the
 * timeline's gateway has its own fencing rule, and the design's gateway call never changes the
 * run row or the report; a violation at the gateway is therefore refused, as is a design the
 * timeline does not know.
 */
export function toTimelineScenario(
  cx: Counterexample,
  designName: string,
  designs: Readonly<Record<string, unknown>> = TIMELINE_DESIGNS,
): ReplayConversion {
  if (!Object.hasOwn(designs, cx.designId)) {
    return { ok: false, reason: 'The timeline exercise does not know this design yet.' };
  }
  if (cx.violation.target === 'gateway') {
    return {
      ok: false,
      reason: 'The violation is at the gateway, which the timeline models with its own rule.',
    };
  }
  const lanes = laneIds(cx);
  const events: TimelineEvent[] = [];
  const paused = new Set<string>();
  let omitted = 0;
  const id = () => `e${events.length + 1}`;
  for (const step of cx.steps) {
    const worker = lanes.get(step.worker)!.id;
    if (step.kind === 'send' || step.outcome.startsWith('does nothing')) {
      omitted += 1;
      continue;
    }
    if (paused.has(worker)) {
      events.push({ kind: 'resume', worker, id: id() });
      paused.delete(worker);
    }
    const expect = step.changed > 0 ? 'accept' : 'reject';
    switch (step.kind) {
      case 'pause':
        events.push({ kind: 'pause', worker, id: id() });
        events.push({ kind: 'advance', seconds: cx.bound.pauseSeconds, id: id() });
        paused.add(worker);
        break;
      case 'claim-read':
        events.push({ kind: 'claim-read', worker, id: id() });
        break;
      case 'write-check':
        events.push({ kind: 'report-check', worker, id: id() });
        break;
      case 'write':
        events.push({ kind: 'report-write', worker, id: id(), expect });
        break;
      default:
        events.push({ kind: step.kind, worker, id: id(), expect });
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
      title: `Counterexample: ${designName}`.slice(0, 120),
      explanation: cx.violation.message,
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
function laneIds(cx: Counterexample): Map<number, { id: string; restartOf?: string }> {
  const involved = [...new Set(cx.steps.map((s) => s.worker))].sort((a, b) => a - b);
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

export interface TimelineViolation {
  property: PropertyId;
  /** Index of the trace step where it happened. */
  stepIndex: number;
}

/**
 * Reads a timeline trace with the checker's four properties: the oracle that a replayed
 * counterexample breaks the same property in the timeline engine.
 */
export function timelineViolation(trace: Trace): TimelineViolation | null {
  const gen = new Map<string, number>();
  const token = new Map<string, number>();
  let latest = 0;
  let finishes = 0;
  let fence = trace.initial.run.fence;
  let status = trace.initial.run.status;
  for (const step of trace.steps) {
    for (const effect of step.effects) {
      if (effect.kind !== 'write' || effect.verdict !== 'accept' || effect.worker === null)
        continue;
      const w = effect.worker;
      if (step.event.kind === 'claim') {
        if (status === 'done' || status === 'canceled' || status === 'failed')
          return { property: 3, stepIndex: step.index };
        latest += 1;
        gen.set(w, latest);
        const t = effect.token ?? step.after.run.fence;
        for (const [other, held] of token)
          if (other !== w && held === t) return { property: 2, stepIndex: step.index };
        token.set(w, t);
      } else {
        if ((gen.get(w) ?? 0) < latest) return { property: 1, stepIndex: step.index };
        if (step.event.kind === 'finish' && ++finishes > 1)
          return { property: 4, stepIndex: step.index };
      }
    }
    if (step.after.run.fence < fence) return { property: 2, stepIndex: step.index };
    fence = step.after.run.fence;
    status = step.after.run.status;
  }
  return null;
}
