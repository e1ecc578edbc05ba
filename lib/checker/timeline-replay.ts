import { TIMELINE_DESIGNS, type Scenario, type TimelineEvent, type Trace } from '@/lib/timeline';
import type { Counterexample, PropertyId } from './types';

export type ReplayConversion = { ok: true; scenario: Scenario; omitted: number } | { ok: false; reason: string };

/**
 * Turns a counterexample into a timeline scenario, so the timeline exercise can replay it step
 * by step. A pause becomes pause + time moving (and a resume just before the worker's next
 * step). Report writes and gateway calls are left out when the violation is at the run row or
 * in the claims: those statements never change the run row, so leaving them out does not change
 * what the run row sees. Refused when the timeline cannot show the schedule faithfully: a design
 * it does not know, a claim or write split in two statements, two workers under one name, or a
 * violation at the report or gateway (the timeline's targets are its own).
 */
export function toTimelineScenario(
  cx: Counterexample,
  designName: string,
  designs: Readonly<Record<string, unknown>> = TIMELINE_DESIGNS,
): ReplayConversion {
  if (!Object.hasOwn(designs, cx.designId)) {
    return { ok: false, reason: 'The timeline exercise does not know this design yet.' };
  }
  if (cx.violation.target === 'report' || cx.violation.target === 'gateway') {
    return { ok: false, reason: 'The violation is at a target the timeline models differently.' };
  }
  const involved = [...new Set(cx.steps.map((s) => s.worker))];
  const owners = involved.map((w) => cx.bound.workers[w].owner);
  if (new Set(owners).size !== owners.length) {
    return { ok: false, reason: 'Two workers share an owner name (a restart); the timeline draws one lane per name.' };
  }
  const events: TimelineEvent[] = [];
  const paused = new Set<string>();
  let omitted = 0;
  const id = () => `e${events.length + 1}`;
  for (const step of cx.steps) {
    const worker = step.owner;
    if (step.kind === 'claim-read' || step.kind === 'write-check') {
      return { ok: false, reason: 'This design splits a claim or a write in two statements; the timeline runs each as one.' };
    }
    if (step.kind === 'write' || step.kind === 'send') {
      omitted += 1;
      continue;
    }
    if (step.outcome.startsWith('does nothing')) {
      omitted += 1;
      continue;
    }
    if (paused.has(worker)) {
      events.push({ kind: 'resume', worker, id: id() });
      paused.delete(worker);
    }
    if (step.kind === 'pause') {
      events.push({ kind: 'pause', worker, id: id() });
      events.push({ kind: 'advance', seconds: cx.bound.pauseSeconds, id: id() });
      paused.add(worker);
    } else {
      events.push({ kind: step.kind, worker, id: id(), expect: step.changed > 0 ? 'accept' : 'reject' });
    }
  }
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
      workers: owners.map((o) => ({ id: o })),
      targets: { objectStore: 'overwrite', gateway: 'at-takeover' },
      events,
    },
  };
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
      if (effect.kind !== 'write' || effect.verdict !== 'accept' || effect.worker === null) continue;
      const w = effect.worker;
      if (step.event.kind === 'claim') {
        if (status === 'done' || status === 'canceled' || status === 'failed') return { property: 3, stepIndex: step.index };
        latest += 1;
        gen.set(w, latest);
        const t = effect.token ?? step.after.run.fence;
        for (const [other, held] of token) if (other !== w && held === t) return { property: 2, stepIndex: step.index };
        token.set(w, t);
      } else {
        if ((gen.get(w) ?? 0) < latest) return { property: 1, stepIndex: step.index };
        if (step.event.kind === 'finish' && ++finishes > 1) return { property: 4, stepIndex: step.index };
      }
    }
    if (step.after.run.fence < fence) return { property: 2, stepIndex: step.index };
    fence = step.after.run.fence;
    status = step.after.run.status;
  }
  return null;
}
