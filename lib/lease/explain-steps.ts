import type { TimeSource } from './clocks';
import type { Vocabulary } from './decision';
import { explained, type Explained } from './explained';
import { list, readColumnName, targetName, tokenName, tokenText } from './explain-words';

/*
 * The explainer's words for a step that writes nothing: a read before a claim, a worker's own
 * check, a registration that is a note, the end of a cancel, time moving, a pause. An engine
 * hands over what happened as data (a StepFact) and gets the sentence; it writes none itself.
 */

/** An effect done before a cancel, listed for reconciliation. */
interface ReconciledEffect {
  /** The output's or resource's name. */
  name: string;
  holder: string;
  token: number;
}

/** What happened in one step that wrote nothing, as data. */
export type StepFact =
  /** A paused worker was asked to read, register or open a transaction. */
  | { kind: 'paused'; worker: string; act: 'read' | 'register' | 'begin' }
  /**
   * A worker opened a transaction and holds it open (`already`: one was open since `began`).
   * `judgedBy` is the clock the scenario's lease checks read: only the transaction clock reads
   * the time the transaction began.
   */
  | {
      kind: 'transaction-open';
      worker: string;
      began: number;
      already: boolean;
      judgedBy: TimeSource;
    }
  /** The design claims in one statement: there is no read to make first. */
  | { kind: 'claim-one-statement'; worker: string }
  /**
   * A lock-free read before a claim: the columns it saw, or null when it saw nothing to claim.
   * `compares`: what a compare-and-set claim's write will compare, with the values read.
   */
  | {
      kind: 'claim-read';
      worker: string;
      seen: Readonly<Record<string, unknown>> | null;
      compares?: readonly { column: string; value: string | number | null }[];
    }
  /** The design's worker makes no check of its own before the report write. */
  | { kind: 'no-own-check' }
  /** The worker's own read of the run row before its report write. */
  | { kind: 'own-check'; worker: string; token: number; stillShows: boolean }
  /** A worker that never claimed was asked to register. */
  | { kind: 'no-generation'; worker: string }
  /** A registration at the design's targets: the ones told (none: the design registers nowhere). */
  | { kind: 'register'; worker: string; token: number; told: readonly string[] }
  /**
   * A registration at a gateway resource (single copy): `registered` when it now refuses
   * anything below, `ignored` when it learns a generation only from a write, `kept-none` when its
   * check keeps no generation at all.
   */
  | {
      kind: 'gateway-register';
      worker: string;
      /** What the worker presented (its token, or the scenario's fingerprint of its claim). */
      token: number;
      target: string;
      result: 'registered' | 'ignored' | 'kept-none';
    }
  /** The end of a cancel: the effects done before it, or the status that stopped it. */
  | {
      kind: 'cancel-complete';
      ok: boolean;
      status: string | null;
      reconcile: readonly ReconciledEffect[];
    }
  /** Database time moved. */
  | { kind: 'advance'; seconds: number; now: number }
  /** A rescuer read the run row (rescue.ts): what it saw, and whether that is a stuck run. */
  | {
      kind: 'rescue-read';
      reader: string;
      row: { owner: string; fence: number; leaseUntil: number; status: string };
      now: number;
      stuck: boolean;
    }
  /** A worker paused or resumed (`already`: it was in that state). */
  | { kind: 'pause' | 'resume'; worker: string; token: number; already: boolean }
  /**
   * A counterexample's step that wrote nothing, as a phrase after the worker's name (the
   * checker's trace): its claim was refused before, the clock moved, a read, its own check, or
   * a statement that changed `changed` rows.
   */
  | { kind: 'after-refused-claim' }
  | { kind: 'clock'; now: number }
  | { kind: 'read-claimable'; claimable: boolean }
  | { kind: 'own-check-seen'; stillShows: boolean }
  | { kind: 'rows'; changed: number };

/** The sentence for a step that wrote nothing, in the scenario's vocabulary. */
export function explainStep(f: StepFact, v: Vocabulary): Explained {
  return explained(stepSentence(f, v));
}

function stepSentence(f: StepFact, v: Vocabulary): string {
  switch (f.kind) {
    case 'paused':
      return `${f.worker} is paused: it ${PAUSED_ACTS[f.act]} nothing.`;
    case 'transaction-open':
      return transactionOpened(f);
    case 'claim-one-statement':
      return `This design claims in one statement: ${f.worker} has nothing to read first.`;
    case 'claim-read': {
      if (!f.seen) return `${f.worker} reads the row and sees nothing to claim.`;
      const saw = Object.entries(f.seen)
        .map(([c, x]) => `${c} = ${String(x)}`)
        .join(', ');
      const still = (f.compares ?? []).map(
        (c) => `the ${readColumnName(c.column, v)} is still ${c.value}`,
      );
      return still.length
        ? `${f.worker} reads the row without a lock and sees the run as claimable (${saw}). Its claim writes only if ${list(still)}: a claim by another worker before then changes that, and the write matches no row.`
        : `${f.worker} reads the row without a lock and sees the run as claimable (${saw}). Nothing stops another worker before its claim.`;
    }
    case 'no-own-check':
      return 'This design’s worker makes no check of its own before the report write.';
    case 'own-check':
      return f.stillShows
        ? `${f.worker} reads the run row itself: it still shows ${tokenText(v, f.token)}, so ${f.worker} will write. Nothing stops a takeover before the write.`
        : `${f.worker} reads the run row itself: it no longer shows ${tokenText(v, f.token)}, so ${f.worker} will not write.`;
    case 'no-generation':
      return `${f.worker} holds no ${tokenName(v)} yet: there is nothing to register.`;
    case 'register':
      return f.told.length
        ? `${f.worker} registers ${tokenText(v, f.token)} at the ${list([...f.told])}; from now on they refuse older generations of this run.`
        : `This design registers nowhere: no target learns ${f.worker}'s ${tokenText(v, f.token)} before it writes.`;
    case 'gateway-register': {
      const token = tokenText(v, f.token, true);
      const target = targetName(v, f.target);
      if (f.result === 'kept-none')
        return `${f.worker} registers ${token} at ${target}, but this gateway keeps no generation: it cannot refuse an older one later.`;
      if (f.result === 'ignored')
        return `${target.charAt(0).toUpperCase()}${target.slice(1)} learns a generation only from a write: ${f.worker}'s registration is ignored.`;
      return `${f.worker} registered ${token} at ${target} for this run: from now on it refuses anything below.`;
    }
    case 'cancel-complete': {
      if (!f.ok) return `Nothing to complete: the run is ${f.status ?? 'missing'}, not canceling.`;
      const effects = f.reconcile.map((e) => `${e.name} by ${e.holder} (${tokenText(v, e.token)})`);
      return `The run is canceled. ${effects.length ? `Effects done before the cancel, to reconcile: ${effects.join('; ')}.` : 'No effect had landed: nothing to reconcile.'}`;
    }
    case 'after-refused-claim':
      return 'does nothing: its claim was refused';
    case 'clock':
      return `the clock moves to ${f.now}`;
    case 'read-claimable':
      return f.claimable ? 'sees the run as claimable' : 'sees nothing to claim';
    case 'own-check-seen':
      return f.stillShows ? 'the row still shows its token' : 'sees it lost the run';
    case 'rows':
      return `${f.changed} rows changed`;
    case 'advance':
      return `Database time moves ${f.seconds} s forward, to ${f.now}.`;
    case 'rescue-read': {
      const r = f.row;
      const held = r.owner
        ? ` under ${r.owner}${v.fenced ? ` with ${tokenText(v, r.fence)}` : ''}`
        : '';
      const reader = f.reader.charAt(0).toUpperCase() + f.reader.slice(1);
      const seen = `${reader} reads the run row: ${r.status}${held}, lease until ${r.leaseUntil} (it is now ${f.now})`;
      return f.stuck
        ? `${seen}. The run looks stuck, so ${f.reader} will re-queue it. Nothing stops the run from changing before that write.`
        : `${seen}: nothing to rescue.`;
    }
    case 'pause':
    case 'resume': {
      const pausing = f.kind === 'pause';
      if (f.already)
        return `${f.worker} is already ${pausing ? 'paused' : 'running'}: nothing changes.`;
      const token = v.fenced ? ` ${tokenText(v, f.token)}` : ' its lease';
      return pausing
        ? `${f.worker} stops (a long GC pause, a partition). It keeps${token} and believes it holds the run.`
        : `${f.worker} resumes and carries on as if no time had passed, still with${token}.`;
    }
  }
}

/** What a paused worker does not do. */
const PAUSED_ACTS = { read: 'reads', register: 'registers', begin: 'opens' } as const;

/** A long transaction opened: what now() reads in it, and whether the lease checks read it. */
function transactionOpened(f: Extract<StepFact, { kind: 'transaction-open' }>): string {
  if (f.already)
    return `${f.worker}'s transaction is already open since ${f.began}: now() in it still reads ${f.began}.`;
  const opened = `${f.worker} opens a transaction at ${f.began} and holds it open`;
  if (f.judgedBy === 'transaction')
    return `${opened}: now() in it reads ${f.began} until ${f.worker}'s next write to the database runs in it and commits it.`;
  const judged =
    f.judgedBy === 'worker' || f.judgedBy === 'application'
      ? 'each writer’s own clock'
      : 'the database statement clock';
  return `${opened}; the lease checks read ${judged}, not now(), so the time it began decides none of them.`;
}
