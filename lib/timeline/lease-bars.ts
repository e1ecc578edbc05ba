import {
  explainDuration,
  explainLeaseBar,
  explainTime,
  RESCUER,
  type Explained,
  type Vocabulary,
} from '@/lib/lease';
import type { Trace, WorkerId } from './types';

/**
 * One lease as the run row recorded it: from an accepted claim until the row's `lease_until`.
 * The drawing shows exactly these values, so it can never say something the row does not.
 */
export interface LeaseBar {
  /** The worker (lane) whose claim started this generation. */
  worker: WorkerId;
  fence: number;
  /** Index of the accepted claim event. */
  claimIndex: number;
  /** Database time of that claim. */
  from: number;
  /**
   * The row's `lease_until` at the chosen step while this generation's run is running; once the
   * run has left running (done, re-queued, canceled, replaced by a newer claim), the last value
   * the row had while it was running: what the row says after that (a re-queue clears it to 0,
   * a renewal that does not check the status may move it) is no longer this lease.
   */
  until: number;
  /** The row still belongs to this generation at the chosen step. */
  current: boolean;
  /** The row's status at the chosen step (current generation) or when it was replaced. */
  status: string;
  /** Database time at which a newer claim replaced it (null while current). */
  replacedAt: number | null;
  /**
   * Who ended the run while this generation held the row: the lane whose finish landed (which
   * may be a stale holder's, not this one's), 'the rescuer' for a re-queue, or 'the user' for a
   * cancel. Null while running.
   */
  endedBy: string | null;
}

/**
 * The lease bars after step `position` of a trace (none before the first step), computed from
 * the run row of every step up to it: each accepted claim opens a bar, and every later step
 * while its run is running sets the bar's end to the row's `lease_until` at that moment. The
 * step on which the run leaves running, by any write, ends the bar at the lease it had.
 */
export function leaseBarsAt(trace: Trace, position: number): LeaseBar[] {
  const bars: LeaseBar[] = [];
  // Whether the open bar's run has been running at every step since its claim.
  let running = false;
  const last = Math.min(position, trace.steps.length - 1);
  for (let i = 0; i <= last; i += 1) {
    const step = trace.steps[i];
    const { run } = step.after;
    const claimed = step.effects.some(
      (e) => e.kind === 'write' && e.database === 'applied' && step.event.kind === 'claim',
    );
    if (claimed && step.event.kind === 'claim') {
      const open = bars[bars.length - 1];
      if (open) {
        open.current = false;
        open.replacedAt = step.at;
      }
      bars.push({
        worker: step.event.worker,
        fence: run.fence,
        claimIndex: i,
        from: step.at,
        until: run.leaseUntil,
        current: true,
        status: run.status,
        replacedAt: null,
        endedBy: null,
      });
      running = run.status === 'running';
      continue;
    }
    const landed = step.effects.some((e) => e.kind === 'write' && e.database === 'applied');
    const open = bars[bars.length - 1];
    if (open?.current && run.fence !== open.fence) {
      // A fenced cancel moved the run to a generation no holder owns: this lease is over.
      open.current = false;
      open.replacedAt = step.at;
    } else if (open?.current) {
      running &&= run.status === 'running';
      if (running) open.until = run.leaseUntil;
      if (landed && open.status !== run.status && run.status !== 'running')
        open.endedBy =
          'worker' in step.event
            ? step.event.worker
            : step.event.kind === 'rescue'
              ? RESCUER
              : 'the user';
      open.status = run.status;
    }
  }
  return bars;
}

/** Formats a database time as the page shows it: "t = 3.2 s", "t = 11 s" (the explainer's). */
export function formatTime(t: number): Explained {
  return explainTime(t);
}

/** The words drawn on a lease bar (the explainer's); every number in them is a value of the run row. */
export function leaseBarLabel(
  bar: LeaseBar,
  vocabulary: Vocabulary = { token: 'fence', fenced: true },
): Explained {
  return explainLeaseBar(bar, vocabulary);
}

/** The latest time any step's row reaches: the drawing's axis must include it. */
export function latestLeaseEnd(trace: Trace): number {
  return trace.steps.reduce((max, step) => Math.max(max, step.after.run.leaseUntil), 0);
}

/** Formats a stretch of time as the drawing shows it: "2 s" (the explainer's). */
export function formatDuration(d: number): Explained {
  return explainDuration(d);
}
