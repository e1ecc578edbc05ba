import type { SqlDriver } from '@/lib/sqlite';
import type { RunRow } from './types';

/**
 * The check a resource makes when a write arrives from outside the run row: the rule of the
 * lesson's "fence where the effect lands", as one value per kind of resource.
 *
 * - highest-seen: the resource remembers the highest generation it has seen (from a write or a
 *   registration) and refuses anything lower (Kleppmann's storage, ZooKeeper's zxid check).
 * - run-row: a trusted gateway compares the writer's token with the run row's current one,
 *   atomically (etcd's Txn compare, Temporal's RangeID condition, Chubby's sequencer check).
 * - key-only: the resource knows idempotency keys and nothing else: a repeat of the same key is
 *   a duplicate, any other write lands whatever its token.
 * - none: the resource takes every write.
 * - majority: N acceptors each remember the highest generation they promised; a write counts
 *   only when a majority accepted it (quorum journals, Paxos acceptors).
 * A versioned object with a fenced reference switch is the timeline's object store
 * (`objectStore: 'versioned'`), so it is not repeated here.
 */
export const RESOURCE_FENCE_KINDS = [
  'highest-seen',
  'run-row',
  'key-only',
  'none',
  'majority',
] as const;
export type ResourceFenceKind = (typeof RESOURCE_FENCE_KINDS)[number];

/** A resource's check as a design value. `acceptors` counts only for 'majority' (default 3). */
export interface ResourceFence {
  kind: ResourceFenceKind;
  acceptors?: number;
}

export const RESOURCE_FENCE_LABELS: Record<ResourceFenceKind, string> = {
  'highest-seen': 'Highest token seen',
  'run-row': 'Equal to the run row (trusted gateway)',
  'key-only': 'Idempotency key only',
  none: 'No check',
  majority: 'Majority of acceptors',
};

/** The largest replicated resource the builder offers. */
export const MAX_ACCEPTORS = 5;

/**
 * What a holder presents as its token: the fence counter, the attempt number (the same counter
 * under a job queue's name), the time it claimed by its own clock, or the pair (attempt,
 * claimed_at) compared in that order.
 */
export const FINGERPRINT_KINDS = [
  'counter',
  'attempt',
  'claimed-at',
  'attempt-claimed-at',
] as const;
export type FingerprintKind = (typeof FINGERPRINT_KINDS)[number];

export const FINGERPRINT_LABELS: Record<FingerprintKind, string> = {
  counter: 'Fence counter',
  attempt: 'Attempt number',
  'claimed-at': 'claimed_at (the claimer’s clock)',
  'attempt-claimed-at': 'Pair (attempt, claimed_at)',
};

/** Keeps a pair's time part positive and below the attempt's place value. */
const PAIR_BASE = 1_000_000;
const PAIR_SHIFT = 100_000;

/** What a holder that claimed generation `fence` at `claimedAt` (its own clock) carries. */
export function fingerprintToken(
  kind: FingerprintKind,
  claim: { fence: number; claimedAt: number },
): number {
  switch (kind) {
    case 'counter':
    case 'attempt':
      return claim.fence;
    case 'claimed-at':
      return claim.claimedAt;
    case 'attempt-claimed-at':
      // Ordered by attempt first, then by time: one number whose order is the pair's order.
      return claim.fence * PAIR_BASE + (claim.claimedAt + PAIR_SHIFT);
  }
}

/** "attempt 2", "claimed_at 361", "(attempt 2, claimed_at 361)", "token 34". */
export function describeFingerprint(
  kind: FingerprintKind,
  value: number,
  tokenName = 'token',
): string {
  switch (kind) {
    case 'counter':
      return `${tokenName} ${value}`;
    case 'attempt':
      return `attempt ${value}`;
    case 'claimed-at':
      return `claimed_at ${value}`;
    case 'attempt-claimed-at': {
      const attempt = Math.floor(value / PAIR_BASE);
      return `(attempt ${attempt}, claimed_at ${value - attempt * PAIR_BASE - PAIR_SHIFT})`;
    }
  }
}

export const RESOURCE_FENCE_SCHEMA = `
CREATE TABLE IF NOT EXISTS resource_promises (
  resource TEXT    NOT NULL,
  acceptor INTEGER NOT NULL,
  highest  INTEGER NOT NULL,
  PRIMARY KEY (resource, acceptor)
);
CREATE TABLE IF NOT EXISTS acceptor_writes (
  seq       INTEGER PRIMARY KEY AUTOINCREMENT,
  resource  TEXT    NOT NULL,
  writer    TEXT    NOT NULL,
  token     INTEGER NOT NULL,
  body      TEXT    NOT NULL,
  idem_key  TEXT,
  acks      INTEGER NOT NULL,
  committed INTEGER NOT NULL
);`;

/** One acceptor's answer to a write or registration. */
export interface AcceptorVote {
  acceptor: number;
  reached: boolean;
  accepted: boolean;
  /** The highest generation it had promised before this message. */
  highestBefore: number;
}

export interface ResourceDecision {
  outcome: 'applied' | 'refused' | 'duplicate';
  /** The condition that failed: 'token' (lower than seen / not equal), 'key', 'quorum'. */
  failed: ('token' | 'key' | 'quorum')[];
  /** For highest-seen: the highest before; for run-row: the run row's fence. */
  compared: number;
  votes: AcceptorVote[];
  /** Acceptors needed for a majority (1 for a single-copy resource). */
  needed: number;
}

export interface ResourceMessage {
  resource: string;
  writer: string;
  token: number;
  body: string;
  /** The idempotency key (key-only resources); the resource name when absent. */
  key?: string;
  /** Acceptor numbers (1-based) the message reaches; all when absent. */
  reach?: readonly number[];
}

function acceptorCount(fence: ResourceFence): number {
  return fence.kind === 'majority' ? Math.max(1, Math.min(MAX_ACCEPTORS, fence.acceptors ?? 3)) : 1;
}

function highestAt(db: SqlDriver, resource: string, acceptor: number): number {
  const row = db.get<{ highest: number }>(
    'SELECT highest FROM resource_promises WHERE resource = $resource AND acceptor = $acceptor',
    { resource, acceptor },
  );
  return row ? Number(row.highest) : 0;
}

/** Raises one acceptor's promise to `token` when it is not below it; true when it accepted. */
function promise(db: SqlDriver, resource: string, acceptor: number, token: number): boolean {
  return (
    db.run(
      `INSERT INTO resource_promises (resource, acceptor, highest) VALUES ($resource, $acceptor, $token)
       ON CONFLICT (resource, acceptor) DO UPDATE SET highest = excluded.highest
       WHERE excluded.highest >= resource_promises.highest`,
      { resource, acceptor, token },
    ) > 0
  );
}

/** Votes of every acceptor of a highest-seen or majority resource; promises are kept by the caller's transaction. */
function vote(db: SqlDriver, fence: ResourceFence, message: ResourceMessage): AcceptorVote[] {
  const n = acceptorCount(fence);
  const votes: AcceptorVote[] = [];
  for (let acceptor = 1; acceptor <= n; acceptor += 1) {
    const reached = message.reach === undefined || message.reach.includes(acceptor);
    const highestBefore = highestAt(db, message.resource, acceptor);
    const accepted = reached && promise(db, message.resource, acceptor, message.token);
    votes.push({ acceptor, reached, accepted, highestBefore });
  }
  return votes;
}

/**
 * Decides a write at a resource and records it, in one transaction. `run` is what a trusted
 * gateway reads from the run row (needed for 'run-row' only): the row, the current holder's
 * token in the form holders present it, and the time of the write.
 */
export function writeAtResource(
  db: SqlDriver,
  fence: ResourceFence,
  message: ResourceMessage,
  run?: { row: RunRow | undefined; holderToken: number; now: number },
): ResourceDecision {
  return db.transaction(() => {
    const n = acceptorCount(fence);
    const needed = Math.floor(n / 2) + 1;
    const record = (acks: number, committed: boolean) =>
      db.run(
        `INSERT INTO acceptor_writes (resource, writer, token, body, idem_key, acks, committed)
         VALUES ($resource, $writer, $token, $body, $key, $acks, $committed)`,
        {
          resource: message.resource,
          writer: message.writer,
          token: message.token,
          body: message.body,
          key: message.key ?? null,
          acks,
          committed: committed ? 1 : 0,
        },
      );
    switch (fence.kind) {
      case 'none':
        record(1, true);
        return { outcome: 'applied', failed: [], compared: 0, votes: [], needed };
      case 'key-only': {
        const key = message.key ?? message.resource;
        const seen = db.get(
          'SELECT 1 AS seen FROM acceptor_writes WHERE resource = $resource AND idem_key = $key AND committed = 1',
          { resource: message.resource, key },
        );
        if (seen) return { outcome: 'duplicate', failed: ['key'], compared: 0, votes: [], needed };
        db.run(
          `INSERT INTO acceptor_writes (resource, writer, token, body, idem_key, acks, committed)
           VALUES ($resource, $writer, $token, $body, $key, 1, 1)`,
          {
            resource: message.resource,
            writer: message.writer,
            token: message.token,
            body: message.body,
            key,
          },
        );
        return { outcome: 'applied', failed: [], compared: 0, votes: [], needed };
      }
      case 'run-row': {
        const row = run?.row;
        // The gateway's authority check, atomic with the write: the holder's token, a running
        // run and a lease that has not ended, as in the lesson's commit.
        const holds =
          row !== undefined &&
          run !== undefined &&
          message.token === run.holderToken &&
          row.status === 'running' &&
          row.leaseUntil > run.now;
        if (!holds)
          return {
            outcome: 'refused',
            failed: ['token'],
            compared: run?.holderToken ?? 0,
            votes: [],
            needed,
          };
        record(1, true);
        return { outcome: 'applied', failed: [], compared: run.holderToken, votes: [], needed };
      }
      case 'highest-seen':
      case 'majority': {
        const votes = vote(db, fence, message);
        const acks = votes.filter((v) => v.accepted).length;
        const committed = acks >= needed;
        const compared = Math.max(0, ...votes.filter((v) => v.reached).map((v) => v.highestBefore));
        if (acks > 0) record(acks, committed);
        if (committed) return { outcome: 'applied', failed: [], compared, votes, needed };
        const stale = votes.some((v) => v.reached && !v.accepted);
        return {
          outcome: 'refused',
          // One copy: the token was too low. Several: the write missed its majority, perhaps also on a stale token.
          failed: n === 1 ? ['token'] : stale ? ['token', 'quorum'] : ['quorum'],
          compared,
          votes,
          needed,
        };
      }
    }
  });
}

/**
 * A registration: the holder (or the claim, at takeover) tells the resource its generation
 * before writing, so the resource refuses older generations at once. Only resources that keep a
 * generation (highest-seen, majority) change; it succeeds on a majority of acceptors.
 */
export function registerAtResource(
  db: SqlDriver,
  fence: ResourceFence,
  message: Pick<ResourceMessage, 'resource' | 'token' | 'reach'>,
): ResourceDecision | null {
  if (fence.kind !== 'highest-seen' && fence.kind !== 'majority') return null;
  return db.transaction(() => {
    const n = acceptorCount(fence);
    const needed = Math.floor(n / 2) + 1;
    const votes = vote(db, fence, { ...message, writer: '', body: '' });
    const acks = votes.filter((v) => v.accepted).length;
    const compared = Math.max(0, ...votes.filter((v) => v.reached).map((v) => v.highestBefore));
    return acks >= needed
      ? { outcome: 'applied', failed: [], compared, votes, needed }
      : {
          outcome: 'refused',
          failed: n === 1 ? ['token'] : ['token', 'quorum'],
          compared,
          votes,
          needed,
        };
  });
}

/** What each acceptor has promised, per resource (index 0 is acceptor 1). */
export function readPromises(db: SqlDriver): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of db.all(
    'SELECT resource, acceptor, highest FROM resource_promises ORDER BY resource, acceptor',
  )) {
    const list = (out[String(r.resource)] ??= []);
    list[Number(r.acceptor) - 1] = Number(r.highest);
  }
  for (const list of Object.values(out)) for (let i = 0; i < list.length; i += 1) list[i] ??= 0;
  return out;
}

/** Every write a resource took (committed or held by a minority), oldest first. */
export function readResourceWrites(db: SqlDriver): {
  resource: string;
  worker: string;
  token: number;
  body: string;
  acks: number;
  committed: boolean;
}[] {
  return db
    .all('SELECT resource, writer, token, body, acks, committed FROM acceptor_writes ORDER BY seq')
    .map((r) => ({
      resource: String(r.resource),
      worker: String(r.writer),
      token: Number(r.token),
      body: String(r.body),
      acks: Number(r.acks),
      committed: Number(r.committed) === 1,
    }));
}

/** Sets the run's fence before its first claim, so the first claim hands out `first` (case files start at "token 33"). */
export function seedFence(db: SqlDriver, runId: string, first: number): void {
  db.run('UPDATE runs SET fence = $fence WHERE run_id = $run AND fence = 0', {
    run: runId,
    fence: Math.max(0, first - 1),
  });
}
