import {
  CLAIM_COLUMNS,
  CLAIM_FIELD,
  columnSql,
  columnsRead,
  conditionsWhere,
  LESSON_CLAIM,
  type ClaimColumn,
  type ClaimCondition,
  type RunCondition,
} from './catalogue';
import { claimClauses } from './claim-compare';
import { kindOf } from './kinds/conditions';
import { CLAIM_COLUMN_SET } from './run-columns';
import { commitWhere, RUNS_TABLE, type RunTable } from './conditions';
import { FENCE_SCHEMA, FENCE_STATE, fencedWriteSql, FORGET_SEEN, registerSql } from './fence';
import type { ClaimRule, DesignRules, DesignTargets, LeaseDesign } from './types';
import type { SqlDialect } from '@/lib/sqlite/async-driver';
import { fenceRules } from './kinds/targets';

/**
 * The run table's schema and the statement that enqueues a run, per table alias. PostgreSQL
 * gets wider integers and a lease end with fractions of a second; the columns are the same.
 */
function tableSql(
  t: RunTable,
  dialect: SqlDialect = 'sqlite',
  tracked: readonly ClaimColumn[] = [],
): { schema: string; submit: string } {
  const time = dialect === 'postgres' ? 'DOUBLE PRECISION' : 'INTEGER';
  const int = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  if (t.name === 'jobs') {
    // The Python demo's compact table, as the claim lab shows it to the learner.
    return {
      schema: `CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until INTEGER, fence INTEGER, state TEXT)`,
      submit: `INSERT INTO jobs VALUES ($run, '', 0, 0, 'ready')`,
    };
  }
  return {
    schema: `CREATE TABLE IF NOT EXISTS ${t.name} (
  ${t.id}      TEXT PRIMARY KEY,
  ${t.owner}       TEXT    NOT NULL DEFAULT '',
  ${t.leaseUntil}  ${time} NOT NULL DEFAULT 0,
  ${t.fence}       ${int} NOT NULL DEFAULT 0,
  ${t.status}      TEXT    NOT NULL DEFAULT '${t.queued}'
               CHECK (${t.status} IN ('${t.queued}', 'running', 'done', 'canceling', 'canceled', 'failed'))${tracked
                 .map(
                   (c) =>
                     `,\n  ${columnSql(c, t)} ${CLAIM_COLUMN_SET[c] === 'count' ? int : time} NOT NULL DEFAULT 0`,
                 )
                 .join('')}
);`,
    submit: `INSERT INTO ${t.name} (${t.id}) VALUES ($run)`,
  };
}

/** The lesson's runs table in a dialect: what a store outside the browser (the crash lab) creates. */
export function runTableSchema(dialect: SqlDialect): string {
  return tableSql(RUNS_TABLE, dialect).schema;
}

/** The report reference a holder writes: who, which generation, which batch. */
const REPORT_REF = `$owner || ' token ' || $token || ' batch ' || $batch`;
export const REPORT_RESOURCE = 'report';
export const GATEWAY_RESOURCE = 'gateway';

/** The targets beyond the run row, built from their fences. */
export function buildTargets(
  rules: DesignRules['targets'],
  t: RunTable = RUNS_TABLE,
  tracked: readonly ClaimColumn[] = [],
): DesignTargets {
  const trackedState = tracked.map((c) => ` || ',' || ${columnSql(c, t)}`).join('');
  const report = `'${REPORT_RESOURCE}'`;
  const gateway = `'${GATEWAY_RESOURCE}'`;
  const registering = [
    ...(fenceRules(rules.report).registers(rules.report) ? [report] : []),
    ...(fenceRules(rules.gateway).registers(rules.gateway) ? [gateway] : []),
  ];
  return {
    schema: FENCE_SCHEMA,
    report: rules.report,
    gateway: rules.gateway,
    register: registerSql(registering),
    // A run enqueued again (the same id after a reset) starts with nothing registered.
    submit: FORGET_SEEN,
    writeReport: fencedWriteSql(rules.report, report, REPORT_REF, t),
    ...(rules.workerCheck
      ? { workerCheck: `SELECT 1 AS ok FROM ${t.name} WHERE ${commitWhere(['owner', 'fence'], t)}` }
      : {}),
    sendGateway: fencedWriteSql(rules.gateway, gateway, `'call'`, t),
    readReport: `SELECT body AS ref, fence FROM resource_writes
 WHERE run_id = $run AND resource = ${report} ORDER BY seq DESC LIMIT 1`,
    // What the future of a schedule depends on: the run row, what each resource has seen, and
    // the keys it took. (The log of past writes does not change what happens next.)
    snapshot: `SELECT
  (SELECT group_concat(${t.owner} || ',' || ${t.leaseUntil} || ',' || ${t.fence} || ',' || ${t.status}${trackedState}, ';')
     FROM ${t.name} WHERE ${t.id} = $run)
  || '|' || ${FENCE_STATE} AS state`,
  };
}

const OUTPUTS_SCHEMA = `CREATE TABLE IF NOT EXISTS run_outputs (
  run_id     TEXT    NOT NULL,
  name       TEXT    NOT NULL,
  op_id      TEXT    NOT NULL,
  owner      TEXT    NOT NULL,
  fence      INTEGER NOT NULL,
  body       TEXT    NOT NULL,
  written_at INTEGER NOT NULL,
  PRIMARY KEY (run_id, name)
);`;

const READ_OUTPUT = `SELECT name, op_id AS opId, owner, fence, body, written_at AS writtenAt
  FROM run_outputs WHERE run_id = $run AND name = $name`;

/**
 * The claim columns a design records: those its conditions compare, and those its rules ask to
 * track (a rescuer's read-then-compare), in the row's order.
 */
export function trackedColumns(rules: DesignRules): ClaimColumn[] {
  const used = new Set<ClaimColumn>(rules.track ?? []);
  const conditions = [
    ...claimConditionsOf(rules),
    ...rules.renew,
    ...rules.finish,
    ...rules.output,
  ];
  for (const c of conditions) for (const col of columnsRead(c)) used.add(col);
  return CLAIM_COLUMNS.filter((c) => used.has(c));
}

/** The conditions a design's claim checks: its own picks, or the lesson's claimable test. */
export function claimConditionsOf(rules: DesignRules): readonly ClaimCondition[] {
  return rules.claimConditions ?? LESSON_CLAIM;
}

/** Throws on a condition list the catalogue cannot build: an empty set, a repeated column. */
function refuseUnbuildable(statement: string, conditions: readonly RunCondition[]): void {
  for (const c of conditions) {
    const problem = typeof c === 'string' ? null : kindOf(c).problem(c, statement);
    if (problem) throw new Error(problem);
  }
}

/** What a claim sets in the tracked columns: one more attempt, the claimer's clock, database time. */
function trackedSet(t: RunTable, tracked: readonly ClaimColumn[]): string {
  const value = (c: ClaimColumn) =>
    ({ count: `${columnSql(c, t)} + 1`, clock: '$clock', now: '$now' })[CLAIM_COLUMN_SET[c]];
  return tracked.map((c) => `, ${columnSql(c, t)} = ${value(c)}`).join('');
}

/**
 * Builds a design's statements from its rules: every WHERE clause is made of the condition
 * catalogue's fragments (lib/lease/catalogue.ts), over the rules' table. A claim records the
 * tracked columns (attempt, claimed_at from the claimer's `$clock`, attempted_at) and returns
 * them beside the token, so a holder can compare its own claim's fingerprint later.
 */
export function buildDesign(
  meta: Pick<LeaseDesign, 'id' | 'name' | 'summary'>,
  rules: DesignRules,
): LeaseDesign {
  const t = rules.table;
  const claimConditions = claimConditionsOf(rules);
  refuseUnbuildable('claim', claimConditions);
  refuseUnbuildable('renewal', rules.renew);
  refuseUnbuildable('finish', rules.finish);
  refuseUnbuildable('output write', rules.output);
  // Comparing what it read (claim-compare.ts) makes any claim two statements.
  const trusting = rules.claim === 'select-then-update';
  const { readColumns, readWhere, writeWhere } = claimClauses(claimConditions, trusting, t);
  const tracked = trackedColumns(rules);
  const { schema, submit } = tableSql(t, 'sqlite', tracked);
  const setTracked = trackedSet(t, tracked);
  const claimSet = (fence: string) =>
    `SET ${t.owner} = $owner, ${t.leaseUntil} = $now + $lease, ${t.fence} = ${fence}, ${t.status} = 'running'${setTracked}`;
  const returning = `RETURNING ${t.fence} AS token`;
  const claimReturning = `${returning}${tracked.map((c) => `, ${columnSql(c, t)} AS ${c}`).join('')}`;
  const claim =
    rules.claim === 'select-then-update'
      ? `UPDATE ${t.name}
   ${claimSet('$seen_fence + 1')}
 WHERE ${writeWhere}
${claimReturning}`
      : rules.claim === 'random-token'
        ? `UPDATE ${t.name}
   SET ${t.owner} = $owner, ${t.leaseUntil} = $now + $lease,
       ${t.fence} = (unicode($owner) * 7919 + $now * 104729 + ${t.fence} * 31) % 997 + 1,
       ${t.status} = 'running'${setTracked}
 WHERE ${writeWhere}
${claimReturning}`
        : `UPDATE ${t.name}
   ${claimSet(`${t.fence} + 1`)}
 WHERE ${writeWhere}
${claimReturning}`;
  const cancellable = `${t.id} = $run AND ${t.status} IN ('${t.queued}', 'running')`;
  const readTracked = tracked.map((c) => `, ${columnSql(c, t)} AS ${CLAIM_FIELD[c]}`).join('');
  return {
    id: meta.id,
    name: meta.name,
    summary: meta.summary,
    schema,
    submit,
    ...(readColumns.length > 0
      ? { claimRead: `SELECT ${readColumns.join(', ')} FROM ${t.name}\n WHERE ${readWhere}` }
      : {}),
    claim,
    renew: `UPDATE ${t.name}
   SET ${t.leaseUntil} = $now + $lease
 WHERE ${conditionsWhere(rules.renew, t)}`,
    finish: `UPDATE ${t.name}
   SET ${t.status} = 'done'
 WHERE ${conditionsWhere(rules.finish, t)}`,
    cancel:
      rules.cancel === 'fenced'
        ? `UPDATE ${t.name}
   SET ${t.status} = 'canceling', ${t.fence} = ${t.fence} + 1
 WHERE ${cancellable}
${returning}`
        : `UPDATE ${t.name}
   SET ${t.status} = 'canceled'
 WHERE ${cancellable}
${returning}`,
    completeCancel: `UPDATE ${t.name} SET ${t.status} = 'canceled' WHERE ${t.id} = $run AND ${t.status} = 'canceling'`,
    read: `SELECT ${t.id} AS runId, ${t.owner} AS owner, ${t.leaseUntil} AS leaseUntil, ${t.fence} AS fence,
  ${t.status} AS status${readTracked} FROM ${t.name} WHERE ${t.id} = $run`,
    outputSchema: OUTPUTS_SCHEMA,
    writeOutput: `INSERT INTO run_outputs (run_id, name, op_id, owner, fence, body, written_at)
SELECT ${t.id}, $name, $op, $owner, $token, $body, $now FROM ${t.name}
 WHERE ${conditionsWhere(rules.output, t)}
ON CONFLICT (run_id, name) DO UPDATE
   SET op_id = excluded.op_id, owner = excluded.owner, fence = excluded.fence,
       body = excluded.body, written_at = excluded.written_at
 WHERE run_outputs.op_id <> excluded.op_id`,
    readOutput: READ_OUTPUT,
    targets: buildTargets(rules.targets, t, tracked),
    rules,
  };
}

/** Claims that use the owner's name only as a value to store and compare for equality. */
const NAME_BLIND_CLAIMS: readonly ClaimRule[] = ['atomic', 'select-then-update'];

const DESIGN_STATEMENTS = [
  'schema',
  'submit',
  'claimRead',
  'claim',
  'renew',
  'finish',
  'cancel',
  'read',
] as const satisfies readonly (keyof LeaseDesign)[];
const TARGET_STATEMENTS = [
  'schema',
  'submit',
  'register',
  'writeReport',
  'workerCheck',
  'sendGateway',
  'snapshot',
] as const satisfies readonly (keyof DesignTargets)[];

/**
 * True when renaming the holders (a one-to-one change of owner names) cannot change what any of
 * the design's statements does: they are exactly the statements built from its rules, whose
 * conditions compare an owner only for equality, and its claim does not derive the token from
 * the name (the random-token claim hashes it). The checker then treats holders that run the
 * same program as interchangeable. A learner's own SQL could compare or take names apart: false.
 */
export function ownerNamesInterchangeable(design: LeaseDesign): boolean {
  const rules = design.rules;
  if (!rules || !NAME_BLIND_CLAIMS.includes(rules.claim) || !design.targets) return false;
  const built = buildDesign(design, rules);
  const targets = design.targets;
  return (
    DESIGN_STATEMENTS.every((k) => built[k] === design[k]) &&
    TARGET_STATEMENTS.every((k) => built.targets![k] === targets[k])
  );
}
