import type { Database } from 'sql.js';
import {
  fenceRules,
  decideFenceWrite,
  GATEWAY_RESOURCE,
  READ_SEEN,
  readRunRow,
  REPORT_RESOURCE,
  rowState,
  type Authority,
  type FencePosition,
  type LeaseDesign,
  type ResourceFence,
  type RowState,
  type WriteDecision,
} from '@/lib/lease';
import { GLOBALS, W_BATCH } from './state-slots';
import type { ScheduleMachine } from './machine';
import type { Bound, StepKind } from './types';

/*
 * A counterexample's resource writes (the report store, the gateway) as the rulebook's
 * decisions: the replay (trace.ts) reads the run row and the fenced target around each and hands
 * them to lib/lease's builder. Its run-row writes go through lib/lease's step (step-replay.ts).
 */

/** What the replay saw just before a step: the row, the target's position, the holder's numbers. */
export interface BeforeStep {
  row: RowState | undefined;
  seen: FencePosition | undefined;
  token: number;
}

/**
 * Follows the counterexample's replay and decides each of its resource writes: the run row and
 * the fenced target are read around the step; who holds the run comes from the step replay.
 */
export class TraceDecisions {
  private readonly perHolder: number;

  constructor(
    private readonly db: Database,
    private readonly design: LeaseDesign,
    private readonly bound: Bound,
    private readonly machine: ScheduleMachine,
  ) {
    this.perHolder = (machine.state.length - GLOBALS) / bound.workers.length;
  }

  /** What a step of `worker` of this kind will be judged on (read before it runs). */
  before(worker: number, kind: StepKind): BeforeStep {
    const fence = this.fenceOf(kind);
    return {
      row: this.readRow(),
      // A fence that compares what it has seen (its kind's admit rule) is read before the step.
      seen:
        fence && fenceRules(fence).admits
          ? this.readSeen(kind === 'send' ? 'gateway' : 'report')
          : undefined,
      token: this.machine.tokenOf(worker),
    };
  }

  /** The decision on the resource write just run (null: it wrote nothing, or not to a resource). */
  after(
    worker: number,
    kind: StepKind,
    b: BeforeStep,
    stopped: boolean,
    authority: Authority,
  ): WriteDecision | null {
    const m = this.machine;
    const fence = this.fenceOf(kind);
    if (stopped || !b.row || !fence) return null;
    const ctx = { writer: this.bound.workers[worker].owner, at: m.now, authority };
    return decideFenceWrite(ctx, {
      target: kind === 'send' ? GATEWAY_RESOURCE : REPORT_RESOURCE,
      fence,
      token: b.token,
      batch: this.holder(worker, W_BATCH),
      ...(b.seen ? { seen: b.seen } : {}),
      row: b.row,
      // A holder whose own check saw it lost the run sends nothing.
      ...(kind === 'write' && m.lastChanged < 0 ? { workerCheck: { rowFence: b.row.fence } } : {}),
      changed: Math.max(0, m.lastChanged),
    });
  }

  private fenceOf(kind: StepKind): ResourceFence | undefined {
    const targets = this.design.rules?.targets;
    if (kind === 'write') return targets?.report;
    if (kind === 'send') return targets?.gateway;
    return undefined;
  }

  private holder(worker: number, field: number): number {
    return this.machine.state[GLOBALS + worker * this.perHolder + field];
  }

  private readRow(): RowState | undefined {
    const [result] = this.db.exec(this.design.read, { $run: 'r' });
    const values = result?.values[0];
    if (!values) return undefined;
    const row = Object.fromEntries(result.columns.map((c, i) => [c, values[i]]));
    return rowState(readRunRow(row));
  }

  private readSeen(resource: string): FencePosition {
    const [result] = this.db.exec(READ_SEEN, { $run: 'r', $resource: resource });
    const values = result?.values[0];
    return values
      ? { generation: Number(values[0]), batch: Number(values[1]) }
      : { generation: 0, batch: 0 };
  }
}
