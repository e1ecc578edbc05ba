import type { AsyncSqlDriver, SqlDriver, SqlRow } from '@/lib/sqlite';
import type { LeaseRun, LeaseState, LeaseStepResult, Write } from './write';
import { GATEWAY_RESOURCE, REPORT_RESOURCE, claimConditionsOf } from './build';
import { conditionParams } from './catalogue';
import { conditionChecks } from './catalogue-checks';
import { claimReadRow } from './claim-compare';
import { COMMIT_CONDITIONS } from './conditions';
import { decideCancel, decideClaim, decideCommit, decideMissingRun, finishLanded } from './decide';
import type { WriteDecision } from './decision';
import { fencedDesign } from './designs';
import { fenceRules } from './kinds/targets';
import { authorityAfter, NO_AUTHORITY, type DecisionContext, type HeldToken } from './judge';
import { readRunRow, rowState } from './run-row';
import { all, atomic, drive, driveAsync, get, run, type Plan } from './sql-plan';
import type { LeaseDesign, RunOutput, RunRow } from './types';

/*
 * The lease's one step, as Knossos has one Model.step that every checker folds over a history:
 * step(run, state, write, driver) reads the run row, runs the design's statement, reads the row
 * again, decides the outcome and the property the write broke (decide.ts, judge.ts), and moves
 * who holds what on. The timeline, the lease model and the crash lab map their own input to a
 * Write and call it; none reads the row or decides on its own.
 *
 * The step is written once, as a plan of SQL requests (sql-plan.ts): `step` answers them from a
 * synchronous driver (sql.js, better-sqlite3), `stepAsync` from an asynchronous one (PostgreSQL).
 */

function* readRow(r: LeaseRun): Plan<RunRow | undefined> {
  return readRunRow(yield* get(r.design.read, { run: r.runId }));
}

/** A stored output from the outputs table's read. */
export function readOutputRow(row: Readonly<Record<string, unknown>>): RunOutput {
  return {
    name: String(row.name),
    opId: String(row.opId ?? row.opid),
    owner: String(row.owner),
    fence: Number(row.fence),
    body: String(row.body),
    writtenAt: Number(row.writtenAt ?? row.writtenat),
  };
}

/** The design's highest-seen resources a registration tells (none: it registers nowhere). */
export function registeredResources(design: LeaseDesign): string[] {
  const targets = design.targets ?? fencedDesign.targets!;
  if (!targets.register) return [];
  return [REPORT_RESOURCE, GATEWAY_RESOURCE].filter((r) => {
    const fence = r === REPORT_RESOURCE ? targets.report : targets.gateway;
    return fenceRules(fence).registers(fence);
  });
}

function contextOf(state: LeaseState, w: Write): DecisionContext {
  return {
    writer: w.writer,
    at: w.now,
    authority: state.authority,
    ...(w.holds !== undefined ? { holds: w.holds } : {}),
    ...(w.lost ? { lost: w.lost } : {}),
    ...(w.clock ? { clock: w.clock } : {}),
    ...(w.lane !== undefined ? { lane: w.lane } : {}),
  };
}

/** Who holds what after a decision: the authority moves on, and a claimant learns its token. */
function nextState(state: LeaseState, w: Write, d: WriteDecision): LeaseState {
  const authority = authorityAfter(state.authority, d);
  if (d.kind !== 'claim' || d.outcome.database !== 'applied' || w.lost || !d.after)
    return { authority, held: state.held };
  // The claimant's process now holds the new token (by lane when processes share a name).
  const mine = (h: HeldToken) =>
    w.lane !== undefined ? h.lane === w.lane : h.holder === w.writer && h.lane === undefined;
  const held = state.held.filter((h) => !mine(h));
  const token = {
    holder: w.writer,
    token: d.after.fence,
    ...(w.lane !== undefined ? { lane: w.lane } : {}),
  };
  return { authority, held: [...held, token] };
}

function* claimPlan(r: LeaseRun, state: LeaseState, w: Extract<Write, { kind: 'claim' }>) {
  const { design } = r;
  const before = yield* readRow(r);
  const params = {
    run: r.runId,
    owner: w.writer,
    now: w.now,
    lease: r.leaseSeconds,
    clock: w.ownClock ?? w.now,
  };
  const claimed = yield* atomic(
    (function* () {
      if (!design.claimRead) return yield* all(design.claim, params);
      // A two-statement claim: what the read returned is bound into the write by column name.
      const seen = w.seen === undefined ? yield* get(design.claimRead, params) : w.seen;
      return seen ? yield* all(design.claim, { ...params, ...seen }) : [];
    })(),
  );
  const after = yield* readRow(r);
  if (!before || !after) {
    const decision = decideMissingRun(contextOf(state, w), {
      kind: 'claim',
      runId: r.runId,
      token: null,
    });
    return { decision, row: after };
  }
  const decision = decideClaim(contextOf(state, w), {
    before: rowState(before),
    after: rowState(after),
    changed: claimed.length === 1 && after ? 1 : 0,
    // A claim whose read was its own step tests in its write only what it compares with it.
    checked: !design.claimRead || !w.seen,
    ...(w.seen ? { read: claimReadRow(w.seen) } : {}),
    conditions: design.rules ? claimConditionsOf(design.rules) : undefined,
    others: state.held,
  });
  const token = decision.outcome.database === 'applied' ? Number(claimed[0].token) : undefined;
  return { decision, row: after, ...(token !== undefined ? { token } : {}) };
}

function* commitPlan(
  r: LeaseRun,
  state: LeaseState,
  w: Extract<Write, { kind: 'renew' | 'finish' | 'output' }>,
) {
  const { design } = r;
  const rules = design.rules;
  const ctx = contextOf(state, w);
  const facts = { owner: w.writer, token: w.token, now: w.now, ...w.memory };
  const before = yield* readRow(r);
  let changed: number;
  if (w.kind === 'output') {
    if (!design.writeOutput)
      throw new Error(`The design "${design.id}" does not define run outputs.`);
    const { name, opId, body } = w.output;
    const base = { run: r.runId, owner: w.writer, token: w.token, now: w.now };
    changed = yield* run(design.writeOutput, { ...base, name, op: opId, body });
  } else {
    changed = yield* run(design[w.kind], {
      run: r.runId,
      owner: w.writer,
      token: w.token,
      now: w.now,
      lease: r.leaseSeconds,
      ...conditionParams(rules?.[w.kind] ?? [], facts),
    });
  }
  const after = yield* readRow(r);
  if (!before || !after) {
    const decision = decideMissingRun(ctx, { kind: w.kind, runId: r.runId, token: w.token });
    return { decision, row: after };
  }
  const conditions = rules?.[w.kind] ?? COMMIT_CONDITIONS;
  let duplicate: { opId: string; storedBy?: string } | undefined;
  let stored: RunOutput | undefined;
  if (changed === 0 && w.kind === 'finish') {
    // This holder's retry of a finish that landed (the row says who finished it).
    if (finishLanded(rules?.finish, after, w.writer, w.token))
      duplicate = { opId: `${w.writer}@${w.token}` };
  } else if (changed === 0 && w.kind === 'output') {
    const read = design.readOutput ?? fencedDesign.readOutput ?? '';
    const row = yield* get(read, { run: r.runId, name: w.output.name });
    stored = row ? readOutputRow(row) : undefined;
    // A retry whose first attempt landed is a duplicate, unless the writer has also lost the run.
    const held = conditionChecks(conditions, before, facts).every((c) => c.held);
    if (stored && stored.opId === w.output.opId && held)
      duplicate = { opId: w.output.opId, storedBy: stored.owner };
  }
  const decision = decideCommit(ctx, {
    kind: w.kind,
    conditions,
    before: rowState(before),
    after: rowState(after),
    token: w.token,
    changed,
    ...(w.memory ? { memory: w.memory } : {}),
    ...(duplicate ? { duplicate } : {}),
  });
  return { decision, row: after, ...(duplicate && stored ? { stored } : {}) };
}

function* cancelPlan(
  r: LeaseRun,
  state: LeaseState,
  w: Extract<Write, { kind: 'cancel' | 'complete-cancel' }>,
) {
  const before = yield* readRow(r);
  if (w.kind === 'complete-cancel') {
    // A design without a completion (its cancel is final at once) changes nothing here.
    const sql = r.design.completeCancel;
    const changed = sql ? yield* run(sql, { run: r.runId, now: w.now }) : 0;
    const after = yield* readRow(r);
    const facts = { before: rowState(before), after: rowState(after), changed, complete: true };
    return { decision: decideCancel(contextOf(state, w), facts), row: after };
  }
  const returned = yield* all(r.design.cancel, { run: r.runId, now: w.now });
  const after = yield* readRow(r);
  const changed = returned.length > 0 && after ? returned.length : 0;
  // A fenced cancel is a new generation no holder owns: the design's fenced targets learn it now.
  const bumped = changed > 0 && before !== undefined && after!.fence > before.fence;
  const targets = r.design.targets ?? fencedDesign.targets!;
  if (bumped && targets.register)
    yield* run(targets.register, { run: r.runId, token: after!.fence });
  const decision = decideCancel(contextOf(state, w), {
    before: rowState(before),
    after: rowState(after),
    changed,
  });
  return { decision, row: after, ...(bumped ? { registered: registeredResources(r.design) } : {}) };
}

function* stepPlan(r: LeaseRun, folded: LeaseState, w: Write): Plan<LeaseStepResult> {
  let state = folded;
  if (r.authority === 'row') {
    const row = yield* readRow(r);
    state = {
      ...folded,
      authority: row ? { holder: row.owner || null, token: row.fence } : NO_AUTHORITY,
    };
  }
  const done =
    w.kind === 'claim'
      ? yield* claimPlan(r, state, w)
      : w.kind === 'cancel' || w.kind === 'complete-cancel'
        ? yield* cancelPlan(r, state, w)
        : yield* commitPlan(r, state, w);
  return { ...done, state: nextState(state, w, done.decision) };
}

/**
 * The first statement of a two-statement claim on its own, as a step of the claimant (null: it
 * saw nothing; undefined: the design's claim is one statement). Its row is what `seen` carries.
 */
export function readBeforeClaim(
  run: LeaseRun,
  claimant: { writer: string; now: number },
  db: SqlDriver,
): SqlRow | null | undefined {
  const sql = run.design.claimRead;
  if (!sql) return undefined;
  const params = {
    run: run.runId,
    owner: claimant.writer,
    now: claimant.now,
    lease: run.leaseSeconds,
  };
  return drive(get(sql, params), db) ?? null;
}

/** One write through the design on a synchronous driver (sql.js, better-sqlite3). */
export function step(
  run: LeaseRun,
  state: LeaseState,
  write: Write,
  db: SqlDriver,
): LeaseStepResult {
  return drive(stepPlan(run, state, write), db);
}

/** One write through the design on an asynchronous driver (PostgreSQL): the same plan. */
export function stepAsync(
  run: LeaseRun,
  state: LeaseState,
  write: Write,
  db: AsyncSqlDriver,
): Promise<LeaseStepResult> {
  return driveAsync(stepPlan(run, state, write), db);
}
