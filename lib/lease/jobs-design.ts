import type { LeaseDesign } from './types';

/**
 * The lesson's own SQLite demo, as a design: the `jobs` table of the Python example (id, owner,
 * until, fence, state), with `ready` for a queued job. Same rules as the fenced design; the
 * claim/finish lab shows these statements to the learner as an editable program.
 */
export const lessonJobsDesign: LeaseDesign = {
  id: 'lesson-jobs',
  name: 'The lesson’s jobs table',
  summary:
    'The Python demo’s table and statements: the claim bumps the fence; finish and renew match owner, fence, an unexpired lease and the running state.',
  schema: `CREATE TABLE IF NOT EXISTS jobs(id TEXT PRIMARY KEY, owner TEXT, until INTEGER, fence INTEGER, state TEXT)`,
  submit: `INSERT INTO jobs VALUES ($run, '', 0, 0, 'ready')`,
  claim: `UPDATE jobs SET owner = $owner, until = $now + $lease, fence = fence + 1, state = 'running'
 WHERE id = $run AND until <= $now AND state IN ('ready', 'running')
RETURNING fence AS token`,
  renew: `UPDATE jobs SET until = $now + $lease
 WHERE id = $run AND owner = $owner AND fence = $token AND until > $now AND state = 'running'`,
  finish: `UPDATE jobs SET state = 'done'
 WHERE id = $run AND owner = $owner AND fence = $token AND until > $now AND state = 'running'`,
  cancel: `UPDATE jobs SET state = 'canceled' WHERE id = $run AND state IN ('ready', 'running')`,
  read: `SELECT id AS runId, owner, until AS leaseUntil, fence, state AS status, 0 AS cancelEpoch
  FROM jobs WHERE id = $run`,
};

/**
 * A broken design: the finish checks only the owner. A fresh process of the same worker, a
 * late finish after the lease ran out, and a second finish of a done job all get through.
 */
export const ownerOnlyJobsDesign: LeaseDesign = {
  ...lessonJobsDesign,
  id: 'lesson-jobs-owner-only',
  name: 'Finish checks only the owner',
  summary:
    'The finish matches the owner name and nothing else: generation, lease and state are ignored.',
  finish: `UPDATE jobs SET state = 'done'
 WHERE id = $run AND owner = $owner`,
};

/**
 * The racy claim the lesson warns about, split in two statements: a SELECT that decides the job
 * is free, then an UPDATE that takes it with no condition. Between the two, anyone may claim.
 */
export const selectThenUpdateClaim = {
  check: `SELECT until <= $now AND state IN ('ready', 'running') AS free FROM jobs WHERE id = $run`,
  take: `UPDATE jobs SET owner = $owner, until = $now + $lease, fence = fence + 1, state = 'running'
 WHERE id = $run
RETURNING fence AS token`,
} as const;
