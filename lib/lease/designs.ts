import type { LeaseDesign } from './types';

const RUNS_SCHEMA = `CREATE TABLE IF NOT EXISTS runs (
  run_id       TEXT PRIMARY KEY,
  owner        TEXT    NOT NULL DEFAULT '',
  lease_until  INTEGER NOT NULL DEFAULT 0,
  fence        INTEGER NOT NULL DEFAULT 0,
  status       TEXT    NOT NULL DEFAULT 'queued'
               CHECK (status IN ('queued', 'running', 'done', 'canceled', 'failed')),
  cancel_epoch INTEGER NOT NULL DEFAULT 0
);`;

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
const writeOutputWhere = (allowed: string) => `INSERT INTO run_outputs (run_id, name, op_id, owner, fence, body, written_at)
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
};
