import type { SqlRow } from '@/lib/sqlite';
import { GATEWAY_RESOURCE, REPORT_RESOURCE } from './build';
import { conditionParams } from './catalogue';
import { fencedDesign } from './designs';
import { fenceRules } from './kinds/targets';
import { readRunRow } from './run-row';
import { all, atomic, get, run, type Plan } from './sql-plan';
import { operationId } from './step-prepared-bind';
import { READ_SEEN, type FencePosition, type ResourceFence } from './fence';
import type { LeaseDesign, RunOutput, RunRow } from './types';
import type { LeaseRun, Write } from './write';

/*
 * Everything the step asks the database, and the one runner of the design's SQL: the run row
 * through the design's read, each kind of write's statement with its parameters bound (a
 * two-statement claim's read and write in one transaction), what a retried output found stored,
 * and a fenced cancel's new generation registered at the design's fenced targets.
 */

/** The run row as the design's read returns it (undefined: the run does not exist). */
export function* readRow(r: LeaseRun): Plan<RunRow | undefined> {
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

/** What the run's output `name` holds (undefined: nothing stored under that name). */
export function* readStoredOutput(r: LeaseRun, name: string): Plan<RunOutput | undefined> {
  const read = r.design.readOutput ?? fencedDesign.readOutput ?? '';
  const row = yield* get(read, { run: r.runId, name });
  return row ? readOutputRow(row) : undefined;
}

/** What a write's statement did: the rows it changed (or returned), and a claim's token. */
export interface StatementDone {
  changed: number;
  /** The token the claim's statement returned (its first row's). */
  token?: number;
  /** A resource write: what its target had seen before it, where the fence compares that. */
  seen?: FencePosition;
}

/** The design's fence at a target of a resource write. */
export function targetFence(design: LeaseDesign, target: string): ResourceFence {
  const targets = design.targets ?? fencedDesign.targets!;
  return target === REPORT_RESOURCE ? targets.report : targets.gateway;
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

/** A claim's parameters; `clock` is the claimer's own clock where the write names one. */
function claimParams(r: LeaseRun, w: { writer: string; now: number }, clock?: number) {
  const params = { run: r.runId, owner: w.writer, now: w.now, lease: r.leaseSeconds };
  return clock === undefined ? params : { ...params, clock };
}

/** The first statement of a two-statement claim on its own (undefined: it returned no row). */
export function* claimRead(
  r: LeaseRun,
  claimant: { writer: string; now: number },
): Plan<SqlRow | undefined> {
  return yield* get(r.design.claimRead!, claimParams(r, claimant));
}

function* claimStatement(r: LeaseRun, w: Extract<Write, { kind: 'claim' }>): Plan<StatementDone> {
  const { design } = r;
  const params = claimParams(r, w, w.ownClock ?? w.now);
  const claimed = yield* atomic(
    (function* () {
      if (!design.claimRead) return yield* all(design.claim, params);
      // A two-statement claim: what the read returned is bound into the write by column name.
      const seen = w.seen === undefined ? yield* get(design.claimRead, params) : w.seen;
      return seen ? yield* all(design.claim, { ...params, ...seen }) : [];
    })(),
  );
  return claimed.length
    ? { changed: claimed.length, token: Number(claimed[0].token) }
    : { changed: 0 };
}

/** Runs the write's statement on the run row (a cancel's changed: the rows it returned). */
export function* runStatement(r: LeaseRun, w: Write): Plan<StatementDone> {
  const { design } = r;
  switch (w.kind) {
    case 'claim':
      return yield* claimStatement(r, w);
    case 'output': {
      if (!design.writeOutput)
        throw new Error(`The design "${design.id}" does not define run outputs.`);
      const { name, opId, body } = w.output;
      const base = { run: r.runId, owner: w.writer, token: w.token, now: w.now };
      return { changed: yield* run(design.writeOutput, { ...base, name, op: opId, body }) };
    }
    case 'renew':
    case 'finish': {
      const facts = { owner: w.writer, token: w.token, now: w.now, ...w.memory };
      const changed = yield* run(design[w.kind], {
        run: r.runId,
        owner: w.writer,
        token: w.token,
        now: w.now,
        lease: r.leaseSeconds,
        ...conditionParams(design.rules?.[w.kind] ?? [], facts),
      });
      return { changed };
    }
    case 'complete-cancel': {
      // A design without a completion (its cancel is final at once) changes nothing here.
      const sql = design.completeCancel;
      return { changed: sql ? yield* run(sql, { run: r.runId, now: w.now }) : 0 };
    }
    case 'resource':
      return yield* resourceStatement(r, w);
    case 'cancel':
      return { changed: (yield* all(design.cancel, { run: r.runId, now: w.now })).length };
  }
}

/**
 * A write through a fenced target: what the target had seen is read first, where its fence
 * compares that; a holder whose own check saw it lost sends nothing.
 */
function* resourceStatement(
  r: LeaseRun,
  w: Extract<Write, { kind: 'resource' }>,
): Plan<StatementDone> {
  const targets = r.design.targets ?? fencedDesign.targets!;
  const fence = targetFence(r.design, w.target);
  const seen = fenceRules(fence).admits
    ? positionOf(yield* get(READ_SEEN, { run: r.runId, resource: w.target }))
    : undefined;
  const sql = w.target === REPORT_RESOURCE ? targets.writeReport : targets.sendGateway;
  const params = { run: r.runId, owner: w.writer, token: w.token, now: w.now };
  const changed = w.lostOwnCheck
    ? 0
    : yield* run(sql, {
        ...params,
        lease: r.leaseSeconds,
        batch: w.batch,
        op: operationId(w.batch),
      });
  return { changed, ...(seen ? { seen } : {}) };
}

function positionOf(row: SqlRow | undefined): FencePosition {
  return row
    ? { generation: Number(row.fence), batch: Number(row.batch) }
    : { generation: 0, batch: 0 };
}

/** A new generation told to the design's fenced targets (the resources told). */
export function* registerGeneration(r: LeaseRun, token: number): Plan<string[]> {
  const targets = r.design.targets ?? fencedDesign.targets!;
  if (targets.register) yield* run(targets.register, { run: r.runId, token });
  return registeredResources(r.design);
}
