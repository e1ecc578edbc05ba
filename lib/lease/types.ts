/** Where a run is in its life. done, canceled and failed are final: nobody may claim them again. */
export type RunStatus = 'queued' | 'running' | 'done' | 'canceled' | 'failed';

export const FINAL_STATUSES: readonly RunStatus[] = ['done', 'canceled', 'failed'];

/** The run row as stored: the whole state the lease and fence rules look at. */
export interface RunRow {
  runId: string;
  owner: string;
  leaseUntil: number;
  fence: number;
  status: RunStatus;
  cancelEpoch: number;
}

/** The four conditions of a fenced commit; a refusal names the ones that did not hold. */
export type CommitCondition = 'owner' | 'fence' | 'lease' | 'status';

/** Why a claim was refused. */
export type ClaimRefusal = 'missing' | 'final-state' | 'lease-held';

export type ClaimResult =
  | { ok: true; changed: 1; fenceToken: number; leaseUntil: number; row: RunRow }
  | { ok: false; changed: 0; reason: ClaimRefusal; explanation: string; row: RunRow | undefined };

export type CommitResult =
  | { ok: true; changed: number; row: RunRow }
  | {
      ok: false;
      changed: 0;
      failed: CommitCondition[];
      explanation: string;
      row: RunRow | undefined;
    };

/**
 * A lease design: the SQL of every operation, as one value. The correct design of the lesson is
 * one value; each broken design is another. Every tool (lab, timeline, checker, crash lab) runs
 * designs through lib/lease, so none keeps its own copy of the SQL.
 *
 * Parameters, bound by name: $run, $owner, $now, $lease (seconds), $token.
 * `claim` must return the new token as a column named `token` (UPDATE ... RETURNING).
 */
export interface LeaseDesign {
  id: string;
  name: string;
  summary: string;
  schema: string;
  submit: string;
  claim: string;
  renew: string;
  finish: string;
  cancel: string;
  read: string;
}
