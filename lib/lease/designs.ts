import type { DesignTargets, LeaseDesign } from './types';

const RUNS_SCHEMA = `CREATE TABLE IF NOT EXISTS runs (
  run_id       TEXT PRIMARY KEY,
  owner        TEXT    NOT NULL DEFAULT '',
  lease_until  INTEGER NOT NULL DEFAULT 0,
  fence        INTEGER NOT NULL DEFAULT 0,
  status       TEXT    NOT NULL DEFAULT 'queued'
               CHECK (status IN ('queued', 'running', 'done', 'canceled', 'failed')),
  cancel_epoch INTEGER NOT NULL DEFAULT 0
);`;

const TARGETS_SCHEMA = `CREATE TABLE IF NOT EXISTS reports (
  run_id TEXT PRIMARY KEY,
  ref    TEXT    NOT NULL DEFAULT '',
  fence  INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS gateway_calls (
  seq    INTEGER PRIMARY KEY,
  run_id TEXT    NOT NULL,
  owner  TEXT    NOT NULL,
  fence  INTEGER NOT NULL,
  at     INTEGER NOT NULL
);`;

/**
 * Registers each new generation with the report store at takeover, so the store rejects an
 * older generation at once, even before the new owner has written anything.
 */
const REGISTER_GENERATION = `CREATE TRIGGER IF NOT EXISTS register_generation AFTER UPDATE OF fence ON runs
BEGIN
  UPDATE reports SET fence = NEW.fence WHERE run_id = NEW.run_id AND fence < NEW.fence;
END;`;

const TARGETS_SNAPSHOT = `SELECT
  (SELECT group_concat(owner || ',' || lease_until || ',' || fence || ',' || status || ',' || cancel_epoch, ';')
     FROM runs WHERE run_id = $run)
  || '|' || (SELECT group_concat(ref || ',' || fence, ';') FROM reports WHERE run_id = $run)
  || '|' || (SELECT count(*) || ':' || ifnull(group_concat(owner || ',' || fence || ',' || at, ';'), '')
     FROM gateway_calls WHERE run_id = $run) AS state`;

const READ_REPORT = `SELECT ref, fence FROM reports WHERE run_id = $run`;

const REPORT_REF = `$owner || ' gen ' || $token || ' batch ' || $batch`;

/**
 * The lesson's targets: the report store keeps the highest token it has seen (and learns each
 * new generation at takeover); the gateway checks the writer's authority against the run row in
 * the same statement that records the call.
 */
export const fencedTargets: DesignTargets = {
  schema: `${TARGETS_SCHEMA}\n${REGISTER_GENERATION}`,
  // A run enqueued again (the same id after a reset) starts with an empty report.
  submit: `INSERT INTO reports (run_id) VALUES ($run)
  ON CONFLICT (run_id) DO UPDATE SET ref = '', fence = 0`,
  writeReport: `UPDATE reports
   SET ref = ${REPORT_REF}, fence = $token
 WHERE run_id = $run AND fence <= $token`,
  sendGateway: `INSERT INTO gateway_calls (run_id, owner, fence, at)
SELECT $run, $owner, $token, $now FROM runs
 WHERE run_id = $run AND owner = $owner AND fence = $token
   AND lease_until > $now AND status = 'running'`,
  readReport: READ_REPORT,
  snapshot: TARGETS_SNAPSHOT,
};

/** Targets that check nothing: the report takes any write and the gateway sends any call. */
export const uncheckedTargets: DesignTargets = {
  schema: TARGETS_SCHEMA,
  submit: fencedTargets.submit,
  writeReport: `UPDATE reports SET ref = ${REPORT_REF}, fence = $token WHERE run_id = $run`,
  sendGateway: `INSERT INTO gateway_calls (run_id, owner, fence, at) VALUES ($run, $owner, $token, $now)`,
  readReport: READ_REPORT,
  snapshot: TARGETS_SNAPSHOT,
};

const READ_RUN = `SELECT run_id AS runId, owner, lease_until AS leaseUntil, fence, status,
  cancel_epoch AS cancelEpoch FROM runs WHERE run_id = $run`;

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

/** Stores an output when the run row allows `allowed`; a retry of the stored op changes nothing. */
const writeOutputWhere = (
  allowed: string,
) => `INSERT INTO run_outputs (run_id, name, op_id, owner, fence, body, written_at)
SELECT run_id, $name, $op, $owner, $token, $body, $now FROM runs
 WHERE ${allowed}
ON CONFLICT (run_id, name) DO UPDATE
   SET op_id = excluded.op_id, owner = excluded.owner, fence = excluded.fence,
       body = excluded.body, written_at = excluded.written_at
 WHERE run_outputs.op_id <> excluded.op_id`;

/**
 * The lesson's design. The claim takes a queued run, or a running one whose lease has expired,
 * and bumps the fence in the same statement. Renewal and finish hold only while owner, fence,
 * lease and status all still match, checked in the statement that writes.
 */
export const fencedDesign: LeaseDesign = {
  id: 'fenced',
  name: 'Lease + fencing token (the lesson’s design)',
  summary:
    'An atomic claim bumps a growing fence; renew and finish match owner, fence, an unexpired lease and the running state in the same UPDATE.',
  schema: RUNS_SCHEMA,
  submit: `INSERT INTO runs (run_id) VALUES ($run)`,
  claim: `UPDATE runs
   SET owner = $owner, lease_until = $now + $lease, fence = fence + 1, status = 'running'
 WHERE run_id = $run
   AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))
RETURNING fence AS token`,
  renew: `UPDATE runs
   SET lease_until = $now + $lease
 WHERE run_id = $run AND owner = $owner AND fence = $token
   AND lease_until > $now AND status = 'running'`,
  finish: `UPDATE runs
   SET status = 'done'
 WHERE run_id = $run AND owner = $owner AND fence = $token
   AND lease_until > $now AND status = 'running'`,
  outputSchema: OUTPUTS_SCHEMA,
  writeOutput: writeOutputWhere(`run_id = $run AND owner = $owner AND fence = $token
   AND lease_until > $now AND status = 'running'`),
  readOutput: READ_OUTPUT,
  cancel: `UPDATE runs
   SET status = 'canceled', cancel_epoch = cancel_epoch + 1
 WHERE run_id = $run AND status IN ('queued', 'running')`,
  read: READ_RUN,
  targets: fencedTargets,
};

/**
 * A broken design the lesson warns about: a lease (TTL) and nothing else. Claims still take
 * over after expiry, but finish only checks that the run is running, so a paused old worker
 * that wakes up can still complete it.
 */
export const ttlOnlyDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'ttl-only',
  name: 'Lease (TTL) only, no fence',
  summary:
    'Takeover works after expiry, but the finish does not check who holds the run: the old worker’s late write lands.',
  renew: `UPDATE runs SET lease_until = $now + $lease WHERE run_id = $run AND status = 'running'`,
  finish: `UPDATE runs SET status = 'done' WHERE run_id = $run AND status = 'running'`,
  writeOutput: writeOutputWhere(`run_id = $run AND status = 'running'`),
  targets: uncheckedTargets,
};

/**
 * Claim split into a lock-free SELECT and an UPDATE that does not re-check: two workers can
 * both read "claimable" before either writes, and both compute the same next token.
 */
export const selectThenUpdateDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'select-then-update',
  name: 'Lock-free SELECT, then an unconditional UPDATE',
  summary:
    'The claim reads the row, decides in the worker, then writes without re-checking: two workers read the same row and both claim it with the same token.',
  claimRead: `SELECT fence AS seen_fence FROM runs
 WHERE run_id = $run
   AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))`,
  claim: `UPDATE runs
   SET owner = $owner, lease_until = $now + $lease, fence = $seen_fence + 1, status = 'running'
 WHERE run_id = $run
RETURNING fence AS token`,
};

/**
 * A "random" token. The checker must be deterministic, so a hash of owner, time and the old
 * value stands in for random(): what matters is that the new token need not be larger.
 */
export const randomTokenDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'random-token',
  name: 'A random token instead of a growing one',
  summary:
    'Each claim gets an unpredictable token. It is unique enough, but it does not grow: a newer generation can hold a smaller token, and highest-token fencing lets the old worker through.',
  claim: `UPDATE runs
   SET owner = $owner, lease_until = $now + $lease,
       fence = (unicode($owner) * 7919 + $now * 104729 + fence * 31) % 997 + 1,
       status = 'running'
 WHERE run_id = $run
   AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))
RETURNING fence AS token`,
};

/** Renewal matched on owner and lease but not on the token. */
export const renewWithoutTokenDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'renew-without-token',
  name: 'Renewal that does not check the token',
  summary:
    'Renew matches the owner name but not the fence: a worker restarted under the same name takes over, and the old, paused instance still extends the lease.',
  renew: `UPDATE runs
   SET lease_until = $now + $lease
 WHERE run_id = $run AND owner = $owner
   AND lease_until > $now AND status = 'running'`,
};

/** The worker checks its token, then writes to a store that checks nothing. */
export const workerSideCheckDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'worker-side-check',
  name: 'Token checked in the worker, not at the resource',
  summary:
    'Before writing the report the worker reads the run row and sees its own token; then it writes to a store that takes anything. A takeover between the check and the write lets the stale write land.',
  targets: {
    ...fencedTargets,
    workerCheck: `SELECT 1 AS ok FROM runs WHERE run_id = $run AND owner = $owner AND fence = $token`,
    writeReport: uncheckedTargets.writeReport,
  },
};

/** The worker bumps the token it presents on every batch; the store was never told. */
export const fencePerBatchDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'fence-per-batch',
  name: 'Fence bumped on every batch, downstream not agreeing',
  summary:
    'The worker presents token + batch number to the report store, which only knows claim generations: an old worker’s next batch reaches the new generation’s token and lands.',
  targets: {
    ...fencedTargets,
    writeReport: `UPDATE reports
   SET ref = ${REPORT_REF}, fence = $token + $batch
 WHERE run_id = $run AND fence <= $token + $batch`,
  },
};

/** Completion matched on the run id alone: the shape of real queue bugs. */
export const finishOnRunIdDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'finish-on-run-id',
  name: 'Completion matched on the run id alone',
  summary:
    'Finish looks only at the run id: a rescued run is completed by the stale worker, and a retried finish completes it twice.',
  finish: `UPDATE runs SET status = 'done' WHERE run_id = $run`,
};

/** Completion matched on the state alone. */
export const finishOnStateDesign: LeaseDesign = {
  ...fencedDesign,
  id: 'finish-on-state',
  name: 'Completion matched on state alone',
  summary:
    'Finish checks that the run is still running, not who is running it: the old worker completes the new owner’s run.',
  finish: `UPDATE runs SET status = 'done' WHERE run_id = $run AND status = 'running'`,
};

/** Every design the Compare designs page shows, the lesson's first. */
export const DESIGN_CATALOG: readonly LeaseDesign[] = [
  fencedDesign,
  ttlOnlyDesign,
  selectThenUpdateDesign,
  randomTokenDesign,
  renewWithoutTokenDesign,
  workerSideCheckDesign,
  fencePerBatchDesign,
  finishOnRunIdDesign,
  finishOnStateDesign,
];

/** The four conditions of the lesson's finish, as they appear in its WHERE clause. */
export const FINISH_CONDITIONS = {
  owner: /\s+AND\s+owner\s*=\s*\$owner\b/,
  fence: /\s+AND\s+fence\s*=\s*\$token\b/,
  lease: /\s+AND\s+lease_until\s*>\s*\$now\b/,
  status: /\s+AND\s+status\s*=\s*'running'/,
} as const;

export type FinishCondition = keyof typeof FINISH_CONDITIONS;

/**
 * The lesson's design with one condition removed from its finish (derived from the design's
 * own SQL, so there is no second copy). Throws if the condition is not found exactly once.
 */
export function dropFinishCondition(
  condition: FinishCondition,
  base: LeaseDesign = fencedDesign,
): LeaseDesign {
  const pattern = FINISH_CONDITIONS[condition];
  const matches = base.finish.match(new RegExp(pattern.source, 'g')) ?? [];
  if (matches.length !== 1)
    throw new Error(`The finish of ${base.id} does not contain the ${condition} condition once.`);
  return {
    ...base,
    id: `${base.id}-without-${condition}`,
    name: `Finish without the ${condition} check`,
    summary: `The lesson’s design with the ${condition} condition removed from its finish.`,
    finish: base.finish.replace(pattern, ''),
  };
}

/** A statement of a design, named for showing it. */
export interface NamedStatement {
  label: string;
  sql: string;
}

/**
 * The statements a design runs (claim, renew, finish and the targets' checks). With `base`,
 * only those that differ from it: what the design changes.
 */
export function designStatements(design: LeaseDesign, base?: LeaseDesign): NamedStatement[] {
  const pick = (d: LeaseDesign): (NamedStatement | null)[] => {
    const t = d.targets ?? fencedTargets;
    return [
      d.claimRead ? { label: 'Claim, first statement (read)', sql: d.claimRead } : null,
      { label: d.claimRead ? 'Claim, second statement (write)' : 'Claim', sql: d.claim },
      { label: 'Renew', sql: d.renew },
      { label: 'Finish', sql: d.finish },
      t.workerCheck
        ? { label: 'Worker’s own check before the report write', sql: t.workerCheck }
        : null,
      { label: 'Report write (downstream store)', sql: t.writeReport },
      { label: 'Gateway call', sql: t.sendGateway },
      {
        label: 'At takeover',
        sql: t.schema.includes('CREATE TRIGGER')
          ? t.schema.slice(t.schema.indexOf('CREATE TRIGGER'))
          : '-- Nothing: the report store is not told about a new generation.',
      },
    ];
  };
  const mine = pick(design).filter((s): s is NamedStatement => s !== null);
  if (!base) return mine;
  const theirs = new Map(
    pick(base)
      .filter((s): s is NamedStatement => s !== null)
      .map((s) => [s.label, s.sql]),
  );
  return mine.filter((s) => theirs.get(s.label) !== s.sql);
}

/** Every design the Compare designs page checks: the catalog and the lesson's finish without each condition. */
export function comparedDesigns(): LeaseDesign[] {
  return [
    ...DESIGN_CATALOG,
    ...(Object.keys(FINISH_CONDITIONS) as FinishCondition[]).map((c) => dropFinishCondition(c)),
  ];
}
