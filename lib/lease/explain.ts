import type { Vocabulary, WriteDecision } from './decision';
import { explained, type Explained } from './explained';
import { rulesOf } from './explain-rules';
import { rescueSentence } from './explain-rescue';
import { resourceSentence } from './explain-resource';
import { facts, holderClause, joined, rightful, staleWord, unclaimed } from './explain-holder';
import {
  checkLabel,
  checkNoun,
  leaseEnd,
  list,
  tokenName,
  tokenText,
  withToken,
  WRITE_NOUNS,
} from './explain-words';
import { PROPERTY_OF, type ViolationKind } from './properties';
import { LESSON_VOCABULARY } from './decision';

export type { Explained } from './explained';

/** Every word the learner reads about one write, written from its decision. */
export interface Explanation {
  /** The trace's sentence: what the target decided, from the values it compared, and who holds the run. */
  sentence: Explained;
  /** The verdict line: "applied, 1 row", "refused, 0 rows: owner, fence", "duplicate, 0 rows: already done by A". */
  verdict: Explained;
  /** The rule texts of the lesson, chosen by the checks that decided (or the property broken). */
  rules: Explained[];
  /** The property broken, with culprit and victim; absent when none was. */
  violation?: Explained;
}

const PROPERTY_TEXT: Readonly<Record<ViolationKind, string>> = {
  'stale-write': 'only the current holder’s writes land',
  'fence-shrank': 'the token only grows',
  'shared-token': 'no two claims hold the same token',
  'final-claimed': 'a finished run is never claimed again',
  'second-finish': 'a run is finished at most once',
};

/**
 * The one explainer: a decision and the scenario's vocabulary in, every sentence, verdict line
 * and rule text about that write out. It names only the checks the target ran, calls each kind
 * of write by its name, tells a duplicate from a refusal, names culprit and victim when a
 * property breaks, and never mentions a fence in a design without one.
 */
export function explain(d: WriteDecision, v: Vocabulary = LESSON_VOCABULARY): Explanation {
  const violation = d.violation ? violationLine(d, v) : undefined;
  const body = sentence(d, v);
  const lost =
    d.outcome.caller === 'unknown'
      ? `The acknowledgement was lost: ${d.writer} cannot tell what happened (unknown). In the database: ${d.outcome.database}. `
      : '';
  return {
    sentence: explained(`${lost}${body}${violation ? ` ${violation}` : ''}`),
    verdict: explained(verdictLine(d, v)),
    rules: rulesOf(d, v).map(explained),
    ...(violation ? { violation: explained(violation) } : {}),
  };
}

/** Checks made before anything is sent: when one fails, the target never hears of the write. */
const NOT_SENT: readonly string[] = ['worker-check', 'paused', 'claimed', 'version', 'stuck'];

/** "3 acceptors", "1 acceptor". */
export function acceptorCount(n: number): string {
  return `${n} ${n === 1 ? 'acceptor' : 'acceptors'}`;
}

function rows(n: number): string {
  return `${n} ${n === 1 ? 'row' : 'rows'}`;
}

function verdictLine(d: WriteDecision, v: Vocabulary): string {
  const o = d.outcome;
  const decided = decidedLine(d, v);
  return o.caller === 'unknown' ? `unknown to ${d.writer}; in the database: ${decided}` : decided;
}

function decidedLine(d: WriteDecision, v: Vocabulary): string {
  const o = d.outcome;
  if (d.quorum && d.kind === 'register') {
    // A registration stores no copy: each acceptor that took it promised the generation.
    const q = d.quorum;
    return q.committed
      ? `registered, ${q.took.length} of ${acceptorCount(q.acceptors)} promised`
      : q.took.length > 0
        ? `not registered: promised by ${q.took.length} of ${acceptorCount(q.acceptors)}, a majority is ${q.needed}`
        : `refused: no acceptor promised it, a majority is ${q.needed}`;
  }
  if (d.quorum) {
    const q = d.quorum;
    return q.committed
      ? `committed, ${q.took.length} of ${acceptorCount(q.acceptors)}`
      : q.took.length > 0
        ? `not committed: stored by ${q.took.length} of ${acceptorCount(q.acceptors)}, a majority is ${q.needed}`
        : `refused: no acceptor took it, a majority is ${q.needed}`;
  }
  if (o.database === 'applied') return `applied, ${rows(o.rowsChanged)}`;
  if (o.database === 'duplicate')
    return `duplicate, ${rows(o.rowsChanged)}: already done by ${duplicateBy(d)}`;
  const failed = d.checks.filter((c) => !c.held);
  const unsent = failed.find((c) => NOT_SENT.includes(c.name));
  if (unsent) return `not sent: ${checkLabel(unsent, v)}`;
  const why = [...new Set(failed.map((c) => checkLabel(c, v)))];
  return `refused, ${rows(o.rowsChanged)}${why.length ? `: ${why.join(', ')}` : ''}`;
}

/** Who did the first attempt a duplicate repeats: the key's first writer, or the writer itself. */
function duplicateBy(d: WriteDecision): string {
  const key = d.checks.find((c) => (c.name === 'key' || c.name === 'operation') && !c.held);
  return key && typeof key.actual === 'string' && key.actual ? key.actual : d.writer;
}

function violationLine(d: WriteDecision, v: Vocabulary): string {
  const x = d.violation!;
  const [culprit, victim] = x.victim === x.culprit ? byClaim(d, v) : [x.culprit, x.victim];
  const whose = victim ? `the victim is ${victim}` : 'no holder is its victim';
  return `This breaks property ${PROPERTY_OF[x.kind]} (${PROPERTY_TEXT[x.kind].replace('token', tokenName(v))}): the culprit is ${culprit}, ${whose}.`;
}

/**
 * Culprit and victim under one name (a process restarted under the name it claimed with): each
 * is named by the claim it holds, "A (fence 1)" and "A (fence 2)". One claim finishing twice
 * keeps its one name.
 */
function byClaim(d: WriteDecision, v: Vocabulary): [string, string] {
  const x = d.violation!;
  const mine = d.holds ?? d.token;
  const theirs =
    x.kind === 'stale-write' ? d.authority.token : (d.before?.fence ?? d.authority.token);
  if (mine === null || mine === theirs) return [x.culprit, x.culprit];
  return [`${x.culprit} (${tokenText(v, mine)})`, `${x.culprit} (${tokenText(v, theirs)})`];
}

function sentence(d: WriteDecision, v: Vocabulary): string {
  if (d.checks.some((c) => NOT_SENT.includes(c.name) && !c.held))
    return `Nothing sent: ${joined(facts(d, v, false))}.`;
  switch (d.kind) {
    case 'claim':
      return claimSentence(d, v);
    case 'cancel':
    case 'complete-cancel':
      return cancelSentence(d, v);
    case 'renew':
    case 'finish':
    case 'output':
      return commitSentence(d, v);
    case 'rescue':
      return rescueSentence(d, v);
    default:
      return resourceSentence(d, v);
  }
}

function claimSentence(d: WriteDecision, v: Vocabulary): string {
  const after = d.after;
  if (d.outcome.database !== 'applied' || !after)
    return `0 rows changed: ${d.writer}'s claim was refused: ${joined(facts(d, v, false)) || 'it matched no row'}.`;
  const why = d.checks.length
    ? list(facts(d, v, true))
    : `this claim's write checks nothing (it trusted an earlier read), and the run was ${d.before?.status ?? 'there'}`;
  const reopened =
    d.violation?.kind === 'final-claimed' ? ` A ${d.before?.status} run is open again.` : '';
  return `1 row changed: ${why}; ${d.writer} now holds the run${withToken(v, after.fence)}, lease ${leaseEnd(v, after.leaseUntil, d.at)}.${reopened}`;
}

function cancelSentence(d: WriteDecision, v: Vocabulary): string {
  const { before, after } = d;
  if (d.outcome.database !== 'applied' || !before || !after)
    return `0 rows changed: the ${WRITE_NOUNS[d.kind]} was refused: ${joined(facts(d, v, false))}.`;
  if (d.kind === 'complete-cancel') return `1 row changed: the run is ${after.status}.`;
  if (after.fence > before.fence)
    return v.fenced
      ? `1 row changed: the run is ${after.status} under a new generation (${tokenText(v, after.fence)}); nobody holds it now. The run row refuses ${tokenText(v, before.fence)} and below, and so does every target that registers the new generation; a target that learns a generation only from a write there never learns this one (no holder writes with it), so it still accepts the old one.`
      : `1 row changed: the run is ${after.status}; nobody holds it now.`;
  return v.fenced
    ? `1 row changed: the run is ${after.status}; the ${v.token} stays ${after.fence}, so no target beyond the run row hears of the cancel.`
    : `1 row changed: the run is ${after.status}; no target beyond the run row hears of the cancel.`;
}

function checkedClause(d: WriteDecision, v: Vocabulary): string {
  if (d.checks.length === 0) return 'this design checks nothing but the run id';
  const names = d.checks.map((c) => `the ${checkNoun(c, v)}`);
  return `this design checks ${d.checks.length === 4 ? '' : 'only '}${list(names)}, and ${list(facts(d, v, true))}`;
}

/**
 * What a stale write got past: the token check the design does not make ("; nothing compared A's
 * fence 1 with the run's fence 2"), so the cause is named, not only the checks that held.
 */
function unchecked(d: WriteDecision, v: Vocabulary): string {
  const mine = d.holds ?? d.token;
  if (!v.fenced || mine === null || d.checks.some((c) => c.name === 'fence')) return '';
  if (mine >= d.authority.token) return '';
  return `; nothing compared ${d.writer}'s ${tokenText(v, mine)} with the run's ${tokenText(v, d.authority.token)}`;
}

/**
 * A rightful holder refused. An ended lease is the loss of authority the lease rule names: nobody
 * has claimed since, so the fence still names the writer as its last holder, and that is all.
 * Any other refusal (an earlier write changed the status) is not about the writer's authority.
 */
function leaseEnded(d: WriteDecision, v: Vocabulary): string {
  if (d.failed.includes('lease'))
    return ` Under the lease rule ${d.writer}'s authority ended with its lease; nobody has claimed the run since, so the row still names ${d.writer} as its last holder${withToken(v, d.token)}.`;
  return ` ${d.writer} still holds the run${withToken(v, d.token)}: the refusal is not about ${d.writer}'s authority.`;
}

function commitSentence(d: WriteDecision, v: Vocabulary): string {
  const noun = WRITE_NOUNS[d.kind];
  const o = d.outcome;
  if (o.database === 'duplicate') {
    const op = d.checks.find((c) => c.name === 'operation' && !c.held);
    return op
      ? `0 rows changed, and that is not a refusal: operation ${op.expected} already landed (by ${duplicateBy(d)}); the retry adds nothing.`
      : `0 rows changed, and that is not a refusal: ${d.writer}'s own earlier ${noun}${withToken(v, d.token)} already landed (the run is ${d.after?.status ?? d.before?.status}). The retry is a duplicate: already done by ${d.writer}.`;
  }
  if (o.database === 'refused') {
    const owner = d.failed.includes('run')
      ? ''
      : unclaimed(d)
        ? ' Nobody has claimed the run yet.'
        : rightful(d)
          ? leaseEnded(d, v)
          : ` ${d.writer} no longer holds the run: ${holderClause(d, v, true)}.`;
    return `0 rows changed: ${d.writer}'s ${noun} was refused: ${joined(facts(d, v, false)) || 'it matched no row'}.${owner}`;
  }
  const head = `${rows(o.rowsChanged)} changed: ${d.writer}'s ${staleWord(d)}${noun} landed`;
  if (!rightful(d))
    return `${head}, though ${d.writer} no longer holds the run: ${checkedClause(d, v)}${unchecked(d, v)}; ${holderClause(d, v)}.`;
  const done =
    d.kind === 'renew'
      ? ` ${d.writer}'s lease now runs ${leaseEnd(v, d.after?.leaseUntil ?? d.at, d.at)}.`
      : d.kind === 'finish'
        ? ' The run is done.'
        : '';
  return `${head}: ${checkedClause(d, v)}.${done}`;
}
