import {
  decideClaim,
  decideCommit,
  decideMissingRun,
  explain,
  fencedDesign,
  type Authority,
  type Explained,
  type RunRow,
  type Vocabulary,
  type WriteDecision,
} from '@/lib/lease';

/*
 * The crash lab's words for the rulebook's decisions, and the decisions lib/lease's step does not
 * make for it: a claim that found no claimable run, and a checkpoint whose step was already
 * stored (its renewals, step starts and finishes are the step's: run-results.ts). Every word a
 * worker's log, the history and the CLI print about a write is explain()'s, in the lab's words.
 */

/** The crash lab's words: its token is the run row's fence; its times are a real clock's seconds. */
export const CRASHLAB_VOCABULARY: Vocabulary = { token: 'fence', fenced: true, clock: 'wall' };

/** What the learner reads about one of the lab's writes (explain()'s sentence). */
export function describeDecision(decision: WriteDecision): Explained {
  return explain(decision, CRASHLAB_VOCABULARY).sentence;
}

/** The verdict line of one of the lab's writes ("duplicate, 0 rows: already done by …"). */
export function decisionVerdict(decision: WriteDecision): Explained {
  return explain(decision, CRASHLAB_VOCABULARY).verdict;
}

/**
 * Who held the run when a write was decided, as the run row says: the lab's claims each set the
 * row's owner and generation, so its row names the newest claim's holder.
 */
export function rowAuthority(row: RunRow | undefined): Authority {
  return row ? { holder: row.owner || null, token: row.fence } : { holder: null, token: 0 };
}

/** A claim that took no run, judged on the row nearest to claimable (none: the queue is empty). */
export function claimRefusedOn(owner: string, row: RunRow | undefined, now: number): WriteDecision {
  const ctx = { writer: owner, at: now, authority: rowAuthority(row) };
  return row
    ? decideClaim(ctx, { before: row, after: row, changed: 0, checked: true })
    : decideMissingRun(ctx, { kind: 'claim', runId: '(any)', token: null });
}

/**
 * A checkpoint that changed nothing because the step's checkpoint is already stored (by
 * `storedBy`): a duplicate (refused on `run` when the run is gone). `fenced`: it was written
 * under the lesson's renewal.
 */
export function checkpointNotWritten(w: {
  owner: string;
  run: string;
  step: string;
  row: RunRow | undefined;
  token: number;
  now: number;
  storedBy: string;
  fenced: boolean;
}): WriteDecision {
  const ctx = { writer: w.owner, at: w.now, authority: rowAuthority(w.row) };
  if (!w.row) return decideMissingRun(ctx, { kind: 'output', runId: w.run, token: w.token });
  return decideCommit(ctx, {
    kind: 'output',
    conditions: w.fenced ? fencedDesign.rules!.renew : [],
    before: w.row,
    after: w.row,
    token: w.token,
    changed: 0,
    duplicate: { opId: `checkpoint of ${w.step}`, storedBy: w.storedBy },
  });
}
