import type { SqlDriver } from '@/lib/sqlite';
import { MAJORITY } from './kinds/targets';

/*
 * A replicated resource whose acceptors each keep the highest generation they promised and
 * count a write only on a majority (quorum journals, Paxos acceptors): the majority kind's
 * statements (lib/lease/kinds/targets/majority.ts holds its checks and words). Also the
 * fingerprints a holder may present as its token.
 */

/**
 * What a holder presents as its token: the fence counter, the attempt number (the same counter
 * under a job queue's name), the time it claimed by its own clock, or the pair (attempt,
 * claimed_at) compared in that order. (The attempt number is not the run-row condition kind
 * `attempt`, which compares the runs table's column: this is what a holder carries elsewhere.)
 */
export const FINGERPRINT_KINDS = [
  'counter',
  'attempt-number',
  'claimed-at',
  'attempt-claimed-at',
] as const;
export type FingerprintKind = (typeof FINGERPRINT_KINDS)[number];

/**
 * The names a fingerprint had in links and saved scenarios made before it was renamed, with its
 * name now: the scenario schema reads an old name as the new one, so an old link still opens.
 */
export const FINGERPRINT_FORMER_NAMES: Readonly<Record<string, FingerprintKind>> = {
  attempt: 'attempt-number',
};

export const FINGERPRINT_LABELS: Record<FingerprintKind, string> = {
  counter: 'Fence counter',
  'attempt-number': 'Attempt number',
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
    case 'attempt-number':
      return claim.fence;
    case 'claimed-at':
      return claim.claimedAt;
    case 'attempt-claimed-at':
      // Ordered by attempt first, then by time: one number whose order is the pair's order.
      return claim.fence * PAIR_BASE + (claim.claimedAt + PAIR_SHIFT);
  }
}

/** "attempt 2", "claimed_at 361", "(attempt 2, claimed_at 361)", "token 34", "producer epoch 6". */
export function describeFingerprint(
  kind: FingerprintKind,
  value: number,
  tokenName = 'token',
): string {
  switch (kind) {
    case 'counter':
      return `${tokenName} ${value}`;
    case 'attempt-number':
      return `attempt ${value}`;
    case 'claimed-at':
      return `claimed_at ${value}`;
    case 'attempt-claimed-at': {
      const attempt = Math.floor(value / PAIR_BASE);
      return `(attempt ${attempt}, claimed_at ${value - attempt * PAIR_BASE - PAIR_SHIFT})`;
    }
  }
}

export const REPLICA_SCHEMA = `
CREATE TABLE IF NOT EXISTS acceptor_promises (
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

export interface MajorityDecision {
  outcome: 'applied' | 'refused';
  /** 'token': an acceptor reached had promised a higher generation; 'quorum': no majority. */
  failed: ('token' | 'quorum')[];
  /** The highest generation promised among the acceptors reached. */
  compared: number;
  votes: AcceptorVote[];
  /** Acceptors needed for a majority. */
  needed: number;
}

export interface ReplicaMessage {
  resource: string;
  writer: string;
  token: number;
  body: string;
  /** Acceptor numbers (1-based) the message reaches; all when absent. */
  reach?: readonly number[];
}

function acceptorCount(acceptors: number | undefined): number {
  return MAJORITY.acceptorsOf({ acceptors });
}

/** Each acceptor reached raises its promise to `token` unless it promised higher; in the caller's transaction. */
function vote(db: SqlDriver, n: number, message: Omit<ReplicaMessage, 'body'>): AcceptorVote[] {
  const votes: AcceptorVote[] = [];
  for (let acceptor = 1; acceptor <= n; acceptor += 1) {
    const reached = message.reach === undefined || message.reach.includes(acceptor);
    const row = db.get<{ highest: number }>(
      'SELECT highest FROM acceptor_promises WHERE resource = $resource AND acceptor = $acceptor',
      { resource: message.resource, acceptor },
    );
    const highestBefore = row ? Number(row.highest) : 0;
    const accepted =
      reached &&
      db.run(
        `INSERT INTO acceptor_promises (resource, acceptor, highest) VALUES ($resource, $acceptor, $token)
         ON CONFLICT (resource, acceptor) DO UPDATE SET highest = excluded.highest
         WHERE excluded.highest >= acceptor_promises.highest`,
        { resource: message.resource, acceptor, token: message.token },
      ) > 0;
    votes.push({ acceptor, reached, accepted, highestBefore });
  }
  return votes;
}

function decide(votes: AcceptorVote[], n: number): MajorityDecision {
  const needed = Math.floor(n / 2) + 1;
  const acks = votes.filter((v) => v.accepted).length;
  const compared = Math.max(0, ...votes.filter((v) => v.reached).map((v) => v.highestBefore));
  if (acks >= needed) return { outcome: 'applied', failed: [], compared, votes, needed };
  const stale = votes.some((v) => v.reached && !v.accepted);
  return {
    outcome: 'refused',
    failed: stale ? ['token', 'quorum'] : ['quorum'],
    compared,
    votes,
    needed,
  };
}

/**
 * A write to a replicated resource: every acceptor reached takes it unless it promised a higher
 * generation; it is committed only when a majority took it. A minority copy is kept (and shown)
 * but is never the resource's answer.
 */
export function writeToMajority(
  db: SqlDriver,
  acceptors: number | undefined,
  message: ReplicaMessage,
): MajorityDecision {
  return db.transaction(() => {
    const n = acceptorCount(acceptors);
    const decision = decide(vote(db, n, message), n);
    const acks = decision.votes.filter((v) => v.accepted).length;
    if (acks > 0) {
      db.run(
        `INSERT INTO acceptor_writes (resource, writer, token, body, acks, committed)
         VALUES ($resource, $writer, $token, $body, $acks, $committed)`,
        {
          resource: message.resource,
          writer: message.writer,
          token: message.token,
          body: message.body,
          acks,
          committed: decision.outcome === 'applied' ? 1 : 0,
        },
      );
    }
    return decision;
  });
}

/** A registration at a replicated resource: the acceptors reached promise the generation; it holds on a majority. */
export function registerAtMajority(
  db: SqlDriver,
  acceptors: number | undefined,
  message: Omit<ReplicaMessage, 'body' | 'writer'>,
): MajorityDecision {
  return db.transaction(() => {
    const n = acceptorCount(acceptors);
    return decide(vote(db, n, { ...message, writer: '' }), n);
  });
}

/** What each acceptor has promised, per resource (index 0 is acceptor 1). */
export function readPromises(db: SqlDriver): Record<string, number[]> {
  const out: Record<string, number[]> = {};
  for (const r of db.all(
    'SELECT resource, acceptor, highest FROM acceptor_promises ORDER BY resource, acceptor',
  )) {
    const list = (out[String(r.resource)] ??= []);
    list[Number(r.acceptor) - 1] = Number(r.highest);
  }
  for (const list of Object.values(out)) for (let i = 0; i < list.length; i += 1) list[i] ??= 0;
  return out;
}

/** Every write a replicated resource took (committed or held by a minority), oldest first. */
export function readAcceptorWrites(db: SqlDriver): {
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
