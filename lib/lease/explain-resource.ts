import type { Vocabulary, WriteDecision } from './decision';
import { capital, facts, holderClause, joined, rightful, staleWord } from './explain-holder';
import {
  checkFact,
  list,
  namesToken,
  presentsFingerprint,
  targetName,
  tokenText,
  WRITE_NOUNS,
} from './explain-words';

import { acceptorCount } from './explain';
import { targetKind } from './kinds/targets';

/* The explainer's sentences for writes beyond the run row: resource fences and replicated resources. */

export function resourceSentence(d: WriteDecision, v: Vocabulary): string {
  const target = targetName(v, d.target.id);
  const o = d.outcome;
  const noun = WRITE_NOUNS[d.kind];
  const carried =
    d.token === null || !namesToken(v) ? '' : ` ${tokenText(v, d.token, presentsFingerprint(d))}`;
  if (d.quorum) return quorumSentence(d, v, target);
  if (d.checks.some((c) => c.name === 'worker-check' && !c.held))
    return `Nothing sent: ${joined(facts(d, v, false))}.`;
  const ownCheck = d.checks.find((c) => c.name === 'worker-check');
  const targetChecks = d.checks.filter((c) => c.name !== 'worker-check');
  const own = ownCheck ? ` ${checkFact(ownCheck, d, v)} before sending.` : '';
  const holds = rightful(d) ? '' : ` ${capital(holderClause(d, v), d.authority.holder)}.`;
  if (o.database === 'duplicate')
    return `Duplicate: ${joined(facts(d, v, false))}, so ${target} returns the first write and adds nothing.`;
  if (o.database === 'refused') return `Refused: ${joined(facts(d, v, false))}.${holds}`;
  if (targetKind(d.target.guard).storesVersions)
    return `Stored as a new version: ${target} checks nothing at upload; only a fenced commit makes a version official.`;
  if (targetChecks.length === 0)
    return `Applied: ${target} checks nothing, so ${d.writer}'s ${staleWord(d)}${noun}${carried ? ` with${carried}` : ''} is never compared with anything.${own}${holds}`;
  return `Applied: ${list(targetChecks.map((c) => checkFact(c, d, v)))}.${own}${holds}`;
}

function quorumSentence(d: WriteDecision, v: Vocabulary, target: string): string {
  const q = d.quorum!;
  const parts = [
    q.took.length
      ? `acceptor${q.took.length > 1 ? 's' : ''} ${q.took.join(', ')} took it`
      : 'no acceptor took it',
    q.refused.length ? `${q.refused.join(', ')} had promised a higher ${v.token}` : '',
    q.missed.length ? `${q.missed.join(', ')} never got the message` : '',
  ].filter(Boolean);
  const of = `Of ${acceptorCount(q.acceptors)}, ${parts.join('; ')}; a majority is ${q.needed}.`;
  if (d.kind === 'register') {
    const token = tokenText(v, d.token ?? 0, true);
    return q.committed
      ? `${d.writer} registered ${token} at ${target}: a majority now refuses anything below. ${of}`
      : `${d.writer}'s registration of ${token} at ${target} did not reach a majority. ${of}`;
  }
  const noun = `${d.writer}'s write`;
  if (q.committed) return `Committed at ${target}: ${noun} reached a majority. ${of}`;
  return q.took.length
    ? `Not committed at ${target}: ${noun} is stored by a minority only, and a minority copy is never the resource's answer. ${of}`
    : `Refused at ${target}: ${noun} was taken by no acceptor. ${of}`;
}
