import type { CheckName, LeaseDesign } from '@/lib/lease';
import type { Scenario, Trace } from './types';
import { clockFacts, holderFacts, rowFacts } from './truth-facts.test-support';
import { rescueFacts, rescueProperty } from './truth-rescue.test-support';
import {
  esc,
  statementConditions,
  writesAtSteps,
  type Check,
  type WriteAtStep,
  type Words,
} from './truth-state.test-support';

import {
  NOUN,
  NOUNS,
  RULE_PHRASES,
  claimNamed,
  labelCheck,
  tokenNameOf,
} from './truth-reading.test-support';
/*
 * The truth test's judge (test support, not shipped to the page): it reads every word the
 * learner reads about a write (the trace's sentence, the verdict line, the rule texts) and holds
 * each claim in them against the trace's state at that step (lib/timeline/truth-state.ts). It
 * knows the explainer's sentences only as a reader does: by what they say.
 */

/** The catalogue entries of a kind the write's statement checks. */
function picked(w: WriteAtStep, kind: 'lease-expired' | 'status-in') {
  return statementConditions(w.design, w.event).filter(
    (c) => typeof c !== 'string' && c.kind === kind,
  );
}

/** Whether a check holds in the state before the write (undefined: the state does not show it). */
function holdsThere(name: CheckName, w: WriteAtStep): boolean | undefined {
  const run = w.before.run;
  const token = w.lane?.token;
  switch (name) {
    case 'owner':
      return run.owner === w.writer;
    case 'fence':
      return token === undefined ? undefined : run.fence === token;
    case 'lease':
      // A claim's 'lease run out' is a lease check that holds once the lease has ended.
      return picked(w, 'lease-expired').length ? run.leaseUntil <= w.now : run.leaseUntil > w.now;
    case 'status': {
      if (w.event.kind === 'cancel') return run.status === 'queued' || run.status === 'running';
      // Status sets the statement checks ('status' is {running}; a list may hold several): all hold.
      const sets = statementConditions(w.design, w.event).flatMap((c) =>
        c === 'status'
          ? [['running']]
          : typeof c !== 'string' && c.kind === 'status-in'
            ? [c.statuses as readonly string[]]
            : [],
      );
      if (sets.length === 0) return run.status === 'running';
      return sets.every((set) => set.includes(run.status));
    }
    case 'claimable':
      return run.status === 'queued' || (run.status === 'running' && run.leaseUntil <= w.now);
    case 'paused':
      return w.lane ? !w.lane.paused : undefined;
    case 'stuck':
      return (
        w.read !== null && w.read.run.status === 'running' && w.read.run.leaseUntil <= w.read.at
      );
    default:
      return undefined;
  }
}

/** Every check the words name, with whether they say it held. */
function namedChecks(w: WriteAtStep, text: Words, tok: string): [CheckName, boolean | null][] {
  const named: [CheckName, boolean | null][] = [];
  const verdict = /^(?:refused, \d+ rows?|not sent): (.*)$/.exec(text.verdict);
  // Labels are separated by commas outside a fingerprint's tuple.
  for (const label of verdict?.[1].split(/, (?![^()]*\))/) ?? []) {
    // A claim's verdict calls its claimable test by what it found: the status, or a lease held;
    // a claim may also check a status set of its own (then 'status' is whichever failed).
    const claimStatus =
      w.ran.has('status') && (!w.ran.has('claimable') || holdsThere('claimable', w) !== false)
        ? 'status'
        : 'claimable';
    const name =
      w.event.kind === 'claim' && label === 'status' ? claimStatus : labelCheck(label, tok);
    // A fingerprint of the attempt alone and the attempt check read alike: the one that ran.
    const attemptAlone = label === 'attempt' || label === 'attempt column';
    const ran =
      attemptAlone && name === 'fingerprint' && !w.ran.has('fingerprint')
        ? 'attempt'
        : attemptAlone && name === 'attempt' && !w.ran.has('attempt')
          ? 'fingerprint'
          : name;
    named.push([ran ?? (('unknown label ' + label) as CheckName), false]);
  }
  const checks =
    /this design checks only (.*?), and /.exec(text.sentence) ??
    /this design checks (the owner, .*?), and /.exec(text.sentence);
  for (const part of checks?.[1].split(/, | and /) ?? []) {
    const name = part.replace(/^the /, '');
    named.push([
      name === tok ? 'fence' : name === `${tok} column` ? 'attempt' : (name as CheckName),
      null,
    ]);
  }
  for (const rule of w.effect.database === 'refused' ? text.rules : [])
    for (const [re, name] of RULE_PHRASES) if (re.test(rule)) named.push([name, false]);
  return named;
}

const checkNames: Check = (w, text, tok) => {
  const problems: string[] = [];
  for (const [name, saidHeld] of namedChecks(w, text, tok)) {
    if (!w.ran.has(name)) {
      problems.push(
        `names the ${name} check, which this target does not run (it runs: ${[...w.ran].join(', ') || 'nothing'})`,
      );
      continue;
    }
    const there = holdsThere(name, w);
    if (saidHeld === false && there === true)
      problems.push(`says the ${name} check failed, but it holds in the state`);
  }
  return problems;
};

/** The property a write broke, judged from the state: culprit and victim named right. */
const propertyFacts: Check = (w, { sentence }) => {
  const p: string[] = [];
  const said = /the culprit is (.+?), (?:the victim is (.+?)|no holder is its victim)\./.exec(
    sentence,
  );
  const culprit = claimNamed(said?.[1]);
  const victim = claimNamed(said?.[2]);
  // Names the sentences below compare: the holder's name, its claim's token checked here.
  const named = said ? [said[0], culprit.name, victim.name] : null;
  if (named && named[1] !== w.writer)
    p.push(`names ${named[1]} the culprit; the writer is ${w.writer}`);
  if (culprit.token !== null && culprit.token !== w.lane?.token)
    p.push(`names the culprit's claim ${culprit.token}; the writer held ${w.lane?.token}`);
  if (victim.token !== null && victim.token !== w.held.token && w.event.kind !== 'claim')
    p.push(`names the victim's claim ${victim.token}; the holder held ${w.held.token}`);
  if (w.effect.database !== 'applied') {
    if (named) p.push('names a culprit for a write that did not land');
    return p;
  }
  const { held } = w;
  const kind = w.event.kind;
  if (kind === 'claim') {
    const final = ['done', 'canceled', 'failed'].includes(w.before.run.status);
    if (final && !named)
      p.push(`a claim reopened a ${w.before.run.status} run, and no property is named`);
    if (final && named && (named[2] ?? '') !== w.before.run.owner)
      p.push(`names ${named[2] ?? 'no one'} the victim; the run was ${w.before.run.owner}'s`);
    return p;
  }
  if (kind === 'cancel') return p;
  if (kind === 'rescue') return [...p, ...rescueProperty(w, named?.[2])];
  const unclaimed = held.holder === null && held.token === 0;
  const rightful = unclaimed || (held.holder === w.writer && w.lane?.token === held.token);
  if (!rightful && !named)
    p.push(
      `a write by ${w.writer} (${w.lane?.token}) landed while ${held.holder ?? 'nobody'} held the run (${held.token}), and no property is named`,
    );
  if (!rightful && named && (named[2] ?? null) !== held.holder)
    p.push(`names ${named[2] ?? 'no one'} the victim; the holder was ${held.holder ?? 'nobody'}`);
  return p;
};

/** The kind of write, named by its noun; no word from before the rulebook. */
const kindFacts: Check = (w, text) => {
  const p: string[] = [];
  const all = [text.sentence, text.verdict, ...text.rules].join(' ');
  if (/lost the right to commit/.test(all)) p.push('says "lost the right to commit"');
  for (const m of text.sentence.matchAll(
    // "A's claim left (1, 0)" names what a claim wrote, not the kind of this write.
    new RegExp(`\\b${esc(w.writer)}'s (?:stale |own earlier )?(${NOUNS})\\b(?! left)`, 'g'),
  ))
    if (m[1] !== NOUN[w.event.kind]) p.push(`calls a ${w.event.kind} event a ${m[1]}`);
  return p;
};

/** The scenario's token name everywhere; no fence where nothing compares one; no invented values. */
const vocabularyFacts: Check = (w, text, tok) => {
  const p: string[] = [];
  const words = [text.sentence, text.verdict, ...text.rules].join(' ');
  if (tok !== 'fence' && /\bfence\b/i.test(words))
    p.push(`says "fence" where the token is called ${tok}`);
  for (const m of text.sentence.matchAll(new RegExp(`\\b${esc(tok)} (-?\\d+)`, 'g')))
    if (!w.tokens.has(+m[1])) p.push(`names ${tok} ${m[1]}, a value the state does not hold`);
  return p;
};

const CHECKS: readonly Check[] = [
  checkNames,
  rescueFacts,
  rowFacts,
  holderFacts,
  propertyFacts,
  kindFacts,
  vocabularyFacts,
  clockFacts,
];

/** Every disagreement between the words about a trace's writes and the trace's state. */
export function truthProblems(scenario: Scenario, design: LeaseDesign, trace: Trace): string[] {
  const tok = tokenNameOf(trace);
  return writesAtSteps(scenario, design, trace).flatMap((w) => {
    const text: Words = {
      sentence: w.effect.explanation,
      verdict: w.effect.verdictLine,
      rules: w.effect.rules,
    };
    return CHECKS.flatMap((check) => check(w, text, tok)).map(
      (problem) =>
        `${w.event.id} (${w.event.kind}): ${problem}\n    sentence: ${text.sentence}\n    verdict: ${text.verdict}`,
    );
  });
}
