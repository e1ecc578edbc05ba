import { claimConditionsOf } from './build';
import { conditionChecks } from './catalogue-checks';
import { claimReadRow } from './claim-compare';
import { COMMIT_CONDITIONS } from './conditions';
import { decideCancel, decideClaim, decideCommit, decideMissingRun, finishLanded } from './decide';
import { decideFenceWrite } from './decide-resource';
import type { WriteDecision } from './decision';
import type { FencePosition } from './fence';
import { rowState } from './run-row';
import { targetFence } from './step-sql';
import { contextOf } from './step-state';
import type { RunOutput, RunRow } from './types';
import type { LeaseRun, LeaseState, Write } from './write';

/*
 * The step's decision: from the run row before and after a write, the rows its statement
 * changed and what a retried output found stored, the decision builders (decide.ts) judge the
 * outcome. Nothing here touches the database.
 */

/** What the step saw of one write. */
export interface StepFacts {
  before: RunRow | undefined;
  after: RunRow | undefined;
  /** The rows the statement changed (a claim's and a cancel's: the rows it returned). */
  changed: number;
  /** An output that changed nothing: what its name holds. */
  stored?: RunOutput;
  /** A resource write: what its target had seen before it (where its fence compares that). */
  seen?: FencePosition;
}

/** A commit's retry whose first attempt landed: the duplicate it is (undefined: none). */
function duplicateOf(r: LeaseRun, w: Write, f: StepFacts & { before: RunRow; after: RunRow }) {
  const rules = r.design.rules;
  if (f.changed !== 0) return undefined;
  // This holder's retry of a finish that landed (the row says who finished it).
  if (w.kind === 'finish')
    return finishLanded(rules?.finish, f.after, w.writer, w.token)
      ? { opId: `${w.writer}@${w.token}` }
      : undefined;
  if (w.kind !== 'output' || !f.stored || f.stored.opId !== w.output.opId) return undefined;
  // A retry whose first attempt landed is a duplicate, unless the writer has also lost the run.
  const facts = { owner: w.writer, token: w.token, now: w.now, ...w.memory };
  const held = conditionChecks(rules?.output ?? COMMIT_CONDITIONS, f.before, facts);
  return held.every((c) => c.held) ? { opId: w.output.opId, storedBy: f.stored.owner } : undefined;
}

/** The decision on one write, and the stored output a duplicate output found. */
export function decideStep(
  r: LeaseRun,
  state: LeaseState,
  w: Write,
  f: StepFacts,
): { decision: WriteDecision; stored?: RunOutput } {
  const ctx = contextOf(state, w);
  const { before, after } = f;
  if (w.kind === 'cancel' || w.kind === 'complete-cancel') {
    const changed = w.kind === 'cancel' && !after ? 0 : f.changed;
    const facts = { before: rowState(before), after: rowState(after), changed };
    return {
      decision: decideCancel(ctx, w.kind === 'cancel' ? facts : { ...facts, complete: true }),
    };
  }
  if (w.kind === 'resource') {
    const decision = decideFenceWrite(ctx, {
      target: w.target,
      fence: targetFence(r.design, w.target),
      token: w.token,
      batch: w.batch,
      ...(f.seen ? { seen: f.seen } : {}),
      ...(before ? { row: rowState(before) } : {}),
      ...(w.lostOwnCheck && before ? { workerCheck: { rowFence: before.fence } } : {}),
      changed: f.changed,
    });
    return { decision };
  }
  if (!before || !after) {
    const token = w.kind === 'claim' ? null : w.token;
    return { decision: decideMissingRun(ctx, { kind: w.kind, runId: r.runId, token }) };
  }
  if (w.kind === 'claim') {
    const decision = decideClaim(ctx, {
      before: rowState(before),
      after: rowState(after),
      changed: f.changed === 1 ? 1 : 0,
      // A claim whose read was its own step tests in its write only what it compares with it.
      checked: !r.design.claimRead || !w.seen,
      ...(w.seen ? { read: claimReadRow(w.seen) } : {}),
      conditions: r.design.rules ? claimConditionsOf(r.design.rules) : undefined,
      others: state.held,
    });
    return { decision };
  }
  const duplicate = duplicateOf(r, w, { ...f, before, after });
  const decision = decideCommit(ctx, {
    kind: w.kind,
    conditions: r.design.rules?.[w.kind] ?? COMMIT_CONDITIONS,
    before: rowState(before),
    after: rowState(after),
    token: w.token,
    changed: f.changed,
    ...(w.memory ? { memory: w.memory } : {}),
    ...(duplicate ? { duplicate } : {}),
  });
  return { decision, ...(duplicate && f.stored ? { stored: f.stored } : {}) };
}
