import type { Database } from 'sql.js';
import {
  authorityAfter,
  COMMIT_CONDITIONS,
  decideCancel,
  claimConditionsOf,
  decideClaim,
  decideFenceWrite,
  decideFinish,
  decideRenew,
  GATEWAY_RESOURCE,
  NO_AUTHORITY,
  READ_SEEN,
  REPORT_RESOURCE,
  type Authority,
  type DecisionContext,
  type FencePosition,
  type LeaseDesign,
  type ResourceFence,
  type RowState,
  type WriteDecision,
  type ClaimValues,
  CLAIM_FIELD,
  claimReadRow,
} from '@/lib/lease';

import { GLOBALS, W_BATCH, W_CLAIM_NO, W_SEEN, W_TOKEN } from './state-slots';
import type { ScheduleMachine } from './machine';
import type { Bound, StepKind } from './types';

/*
 * A counterexample's writes as the rulebook's decisions. The replay of the search's shortest
 * schedule (trace.ts) reads the run row and the fenced targets around each write and hands them to
 * lib/lease's builders; the search itself never builds one (it stays a typed-array machine).
 */

/** What the replay saw just before a step: the row, the target's position, the holder's numbers. */
export interface BeforeStep {
  row: RowState | undefined;
  seen: FencePosition | undefined;
  token: number;
}

/**
 * Follows the counterexample's replay and decides each of its writes: the run row and the
 * fenced targets are read around every step, and who holds the run is carried from decision to
 * decision (an applied claim or cancel moves it).
 */
export class TraceDecisions {
  private authority: Authority = NO_AUTHORITY;
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
      seen:
        fence?.kind === 'highest-seen'
          ? this.readSeen(kind === 'send' ? 'gateway' : 'report')
          : undefined,
      token: this.machine.tokenOf(worker),
    };
  }

  /** The decision on the step just run (null: it wrote nothing, or its holder had stopped). */
  after(worker: number, kind: StepKind, b: BeforeStep, stopped: boolean): WriteDecision | null {
    const m = this.machine;
    const owner = this.bound.workers[worker].owner;
    const after = this.readRow();
    if (stopped || !b.row || !after) return null;
    const ctx: DecisionContext = { writer: owner, at: m.now, authority: this.authority };
    const changed = Math.max(0, m.lastChanged);
    const rules = this.design.rules;
    let d: WriteDecision | null = null;
    switch (kind) {
      case 'claim':
        d = decideClaim(ctx, {
          before: b.row,
          after,
          changed,
          checked: rules?.claim !== 'select-then-update',
          conditions: rules ? claimConditionsOf(rules) : undefined,
          // The search reads before every two-statement claim, as a step of its own.
          ...(rules && this.design.claimRead ? { read: this.readOf(worker) } : {}),
          others: this.otherTokens(worker),
        });
        break;
      case 'cancel':
        d = decideCancel({ ...ctx, writer: 'user' }, { before: b.row, after, changed });
        break;
      case 'renew':
      case 'finish': {
        const conditions = (kind === 'renew' ? rules?.renew : rules?.finish) ?? COMMIT_CONDITIONS;
        const w = {
          conditions,
          before: b.row,
          after,
          token: b.token,
          changed,
          memory: { claim: this.claimOf(worker) },
        };
        d =
          kind === 'renew'
            ? decideRenew(ctx, w)
            : decideFinish(ctx, {
                ...w,
                ...(m.lastOutcome === 'duplicate'
                  ? { duplicate: { opId: `${owner}@${b.token}` } }
                  : {}),
              });
        break;
      }
      case 'write':
      case 'send': {
        const fence = this.fenceOf(kind);
        if (!fence) return null;
        d = decideFenceWrite(ctx, {
          target: kind === 'send' ? GATEWAY_RESOURCE : REPORT_RESOURCE,
          fence,
          token: b.token,
          batch: this.holder(worker, W_BATCH),
          ...(b.seen ? { seen: b.seen } : {}),
          row: b.row,
          // A holder whose own check saw it lost the run sends nothing.
          ...(kind === 'write' && m.lastChanged < 0
            ? { workerCheck: { rowFence: b.row.fence } }
            : {}),
          changed,
        });
        break;
      }
      default:
        return null;
    }
    this.authority = authorityAfter(this.authority, d);
    return d;
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

  /** Every other holder that has claimed, with the token it holds (for the shared-token check). */
  private otherTokens(worker: number): { holder: string; token: number }[] {
    return this.bound.workers
      .map((w, i) => ({ i, holder: w.owner, token: this.holder(i, W_TOKEN) }))
      .filter(({ i }) => i !== worker && this.holder(i, W_CLAIM_NO) > 0)
      .map(({ holder, token }) => ({ holder, token }));
  }

  /** What the holder's own claim left in the row, as it kept it (for a fingerprint's check). */
  private claimOf(worker: number): ClaimValues {
    const kept: ClaimValues = {};
    if (this.holder(worker, W_CLAIM_NO) === 0) return kept;
    for (const [name, field] of Object.entries(CLAIM_FIELD)) {
      const k = this.machine.keptNames.indexOf(name);
      if (k >= 0) kept[field] = this.holder(worker, W_SEEN + k);
    }
    return kept;
  }

  /** What the holder's claim read returned, as it kept it (what a compare-and-set claim compares). */
  private readOf(worker: number): Partial<RowState> {
    const seen: Record<string, number> = {};
    this.machine.keptNames.forEach((name, k) => (seen[name] = this.holder(worker, W_SEEN + k)));
    return claimReadRow(seen);
  }

  private readRow(): RowState | undefined {
    const [result] = this.db.exec(this.design.read, { $run: 'r' });
    const values = result?.values[0];
    if (!values) return undefined;
    const col = (name: string) => values[result.columns.indexOf(name)];
    const tracked: ClaimValues = {};
    for (const field of Object.values(CLAIM_FIELD))
      if (result.columns.includes(field)) tracked[field] = Number(col(field));
    return {
      owner: String(col('owner') ?? ''),
      fence: Number(col('fence')),
      leaseUntil: Number(col('leaseUntil')),
      status: String(col('status')) as RowState['status'],
      ...tracked,
    };
  }

  private readSeen(resource: string): FencePosition {
    const [result] = this.db.exec(READ_SEEN, { $run: 'r', $resource: resource });
    const values = result?.values[0];
    return values
      ? { generation: Number(values[0]), batch: Number(values[1]) }
      : { generation: 0, batch: 0 };
  }
}
