import { firstViolation, type LeaseEvent, type PropertyId } from '@/lib/lease';
import type { TargetId, Trace } from './types';

/**
 * Reads a timeline trace as the neutral event log of lib/lease/properties.ts, so a trace is
 * judged by the same four properties as the schedule checker. With `targets`, only writes that
 * landed there count (a store that checks nothing takes stale writes by design).
 */
export function traceLog(
  trace: Trace,
  targets?: readonly TargetId[],
): { log: LeaseEvent[]; stepOf: number[] } {
  const log: LeaseEvent[] = [];
  const stepOf: number[] = [];
  let status = trace.initial.run.status;
  const push = (e: LeaseEvent, step: number) => {
    log.push(e);
    stepOf.push(step);
  };
  for (const step of trace.steps) {
    for (const effect of step.effects) {
      if (effect.kind !== 'write' || effect.database !== 'applied') continue;
      if (step.event.kind === 'cancel') push({ kind: 'cancel' }, step.index);
      else if (effect.worker === null) continue;
      else if (step.event.kind === 'claim') {
        const finalBefore = status === 'done' || status === 'canceled' || status === 'failed';
        push(
          {
            kind: 'claim',
            holder: effect.worker,
            token: effect.token ?? step.after.run.fence,
            finalBefore,
          },
          step.index,
        );
      } else if (!targets || targets.includes(effect.target)) {
        push(
          {
            kind: 'landed',
            holder: effect.worker,
            target: effect.target,
            finish: step.event.kind === 'finish',
          },
          step.index,
        );
      }
    }
    push({ kind: 'fence', fence: step.after.run.fence }, step.index);
    status = step.after.run.status;
  }
  return { log, stepOf };
}

/** The first of the four properties a trace breaks, and the index of the step where it broke. */
export function traceViolation(
  trace: Trace,
  targets?: readonly TargetId[],
): { property: PropertyId; stepIndex: number } | null {
  const { log, stepOf } = traceLog(trace, targets);
  const found = firstViolation(log, trace.initial.run.fence);
  return found ? { property: found.property, stepIndex: stepOf[found.at] } : null;
}
