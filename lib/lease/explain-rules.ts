import type { CheckName, Vocabulary, WriteDecision } from './decision';
import { clockWords } from './explain-clock';
import { checkLabel, list, tokenName } from './explain-words';
import { kindOfCheck } from './kinds/conditions';
import { isTargetCheck, TARGET_TOKEN_CHECKS, targetCheckWords } from './kinds/targets';
import type { ViolationKind } from './properties';

/*
 * The lesson's rule texts, chosen by the check that decided a write (never by a coarse reason
 * code), in the scenario's words. explain.ts picks them; a component shows them as they are.
 */

/** The rule behind each check, when that check refused a write. */
function checkRule(name: CheckName, v: Vocabulary, d?: WriteDecision): string {
  if (isTargetCheck(name)) return targetCheckWords(name).rule(v);
  const token = tokenName(v);
  switch (name) {
    case 'owner':
      return `The commit names its owner. After a takeover by another worker the row names that worker, so the old one matches no row; after a restart under the same name the owner still matches, ${v.fenced ? `and only the ${token} refuses the old process` : 'and nothing tells the old process from the new one'}.`;
    case 'fence':
      return `Each ${token} names an execution generation. Every claim raises it, so an older ${token} can never match again.`;
    case 'lease':
      return leaseRule(d?.clock);
    case 'status':
      return 'The commit also checks the run state: a done or canceled run accepts no commit from any generation.';
    case 'key':
      return 'The idempotency key identifies one action: the same key twice creates one effect.';
    case 'operation':
      return 'The operation id names the business action and stays the same on retry, so a retry adds nothing.';
    case 'worker-check':
      return 'The worker checked its own token and saw it lost the run, so it sent nothing. A check in the worker is only a snapshot: a takeover right after it goes unseen.';
    case 'run':
      return 'The write names a run that does not exist.';
    case 'version':
      return 'There was nothing to switch: only an uploaded version can become the official reference.';
    case 'paused':
      return 'A paused worker sends nothing until it resumes.';
    case 'claimed':
      return 'Only a holder registers: a worker registers the generation its claim handed out, and one that has not claimed holds none, so it sends nothing.';
    case 'stuck':
      return 'A rescuer re-queues only a run it read as stuck: running, with its lease run out.';
    default:
      return kindOfCheck(name)!.words!.rule;
  }
}

/** The rule a write broke, by the property. */
function violationRule(kind: ViolationKind, v: Vocabulary, d: WriteDecision): string {
  const token = tokenName(v);
  switch (kind) {
    case 'stale-write':
      return staleRule(d, v);
    case 'final-claimed':
      return 'A finished run is never claimed again. A claim that writes without testing the row (it trusted an earlier read) reopens it.';
    case 'shared-token':
      return `No two claims may hold the same ${token}. A claim that computes the next ${token} from an earlier read hands the same one to two workers.`;
    case 'fence-shrank':
      return `The ${token} only grows: a ${token} that goes down lets an older generation pass a highest-seen check.`;
    case 'second-finish':
      return 'A run is finished at most once: a finish that does not check the run state finishes it again.';
  }
}

/** The rule of the lesson that decided this write. */
export function rulesOf(d: WriteDecision, v: Vocabulary): string[] {
  // A replicated resource decides by its acceptors, one by one: the rule says what each did.
  if (d.quorum && !d.violation) return [quorumRule(d, v)];
  if (d.violation && d.kind === 'rescue')
    return [
      `A rescuer that writes by the run id alone trusts a read made earlier: whatever happened to the run since (a finish, a newer claim) is undone. Compare in the write what was read (the ${tokenName(v)}, the status), so a changed run matches no row.`,
    ];
  if (d.violation)
    return [violationRule(d.violation.kind, v, d), ...(d.quorum ? [quorumRule(d, v)] : [])];
  if (d.outcome.database === 'duplicate')
    return [
      'Idempotency: the same action (same key, operation id, or the holder’s own finish) already landed, so the repeat changes nothing.',
    ];
  if (d.outcome.database === 'refused') {
    const failed = d.checks.filter((c) => !c.held).map((c) => c.name);
    // The holder's own check stops the write before any target check runs.
    return [...new Set(failed)].map((name) => checkRule(name, v, d));
  }
  return appliedRules(d, v);
}

function appliedRules(d: WriteDecision, v: Vocabulary): string[] {
  const token = tokenName(v);
  switch (d.kind) {
    case 'claim':
      // A compare-and-set claim: its checks of a value as read name the column (`field`).
      if (d.checks.some((c) => c.field))
        return [
          `This claim reads the row, then writes only where the columns it compares still hold what it read: a claim in between that changed them makes the write match no row. Compare a column every claim changes (the ${token}, the attempt).`,
        ];
      return d.checks.length
        ? [
            `A claim takes a queued run, or one whose lease has expired, in one atomic statement${v.fenced ? ` that also raises the ${token}: the new owner gets a new, higher ${token}` : ''}.`,
          ]
        : [
            'This claim’s write checks nothing: it trusted a read made before it, so another worker can claim between the two.',
          ];
    case 'cancel':
      return [cancelRule(d, v)];
    case 'renew':
      return [
        `A renewal extends the lease only while ${d.checks.map((c) => checkLabel(c, v)).join(', ') || 'nothing'} still hold${d.checks.length === 1 ? 's' : ''}.`,
      ];
    case 'rescue':
      return [
        'The run was as the rescuer read it: its holder’s lease had run out, so re-queuing it lets another worker take it over.',
      ];
    default:
      if (d.checks.length === 0)
        return [
          `This target checks no ${token}: it accepts any write, even from a stale worker. Local fencing cannot stop it.`,
        ];
      // Only a generation compared says the writer holds the current one; else each check's rule.
      return comparedGeneration(d)
        ? [
            'Every check held in the statement that wrote: this writer still holds the current generation.',
          ]
        : [...new Set(d.checks.map((c) => c.name))].map((name) => checkRule(name, v, d));
  }
}

/**
 * Whether a check of this write compared the writer's generation with one the target knew: the
 * run row's fence or a claim's identity, or a target's token check that had seen one (a first write finds none).
 */
function comparedGeneration(d: WriteDecision): boolean {
  return d.checks.some((c) => {
    // The run row's token, or a claim's own identity (its attempt, its fingerprint).
    if (c.name === 'fence' || kindOfCheck(c.name)?.words?.identifiesClaim) return true;
    if (!TARGET_TOKEN_CHECKS.includes(c.name)) return false;
    const known = Array.isArray(c.expected) ? c.expected[0] : c.expected;
    return Number(known) > 0;
  });
}

/** The lease rule, naming the clock that judged this lease (the lesson's rule: the database's). */
function leaseRule(clock: WriteDecision['clock']): string {
  const lesson = 'The lesson judges a lease by database time in the same statement that writes.';
  if (!clock || clock.kind === 'database')
    return 'The lease is judged by database time in the same statement that writes, not by the worker’s own clock.';
  if (clock.kind === 'worker')
    return `This lease was judged ${clockWords(clock)}, not by the database: a worker’s clock can run fast or slow, so its lease ends early or late. ${lesson}`;
  return `This lease was judged ${clockWords(clock)}: now() reads the time a transaction began, so a transaction held open judges its lease by a time already past. ${lesson}`;
}

/** A replicated write: what each acceptor did, and whether that made a majority. */
function quorumRule(d: WriteDecision, v: Vocabulary): string {
  const q = d.quorum!;
  const who = (ids: readonly number[]) =>
    `acceptor${ids.length > 1 ? 's' : ''} ${list(ids.map(String))}`;
  const did = [
    q.took.length ? `${who(q.took)} stored it` : '',
    q.refused.length
      ? `${who(q.refused)} refused it, having promised a ${tokenName(v)} above ${d.token ?? 0}`
      : '',
    q.missed.length ? `${who(q.missed)} never got it` : '',
  ].filter(Boolean);
  if (d.kind === 'register') return registrationRule(d, v, did);
  const counted = q.committed
    ? `${q.took.length} of ${q.acceptors} is a majority, so it is the resource’s answer`
    : `${q.took.length} of ${q.acceptors} is short of the majority of ${q.needed}, so a minority copy is never the resource’s answer`;
  return `A replicated resource counts a write only when a majority of its acceptors took it. Here ${list(did)}: ${counted}.`;
}

/**
 * A registration at a replicated resource: it holds when a majority promised the generation; an
 * acceptor that promised keeps its promise even when the registration fell short.
 */
function registrationRule(d: WriteDecision, v: Vocabulary, did: readonly string[]): string {
  const q = d.quorum!;
  const token = `${tokenName(v)} ${d.token ?? 0}`;
  const promised = did.map((x) => x.replace(' stored it', ' promised it'));
  const counted = q.committed
    ? `${q.took.length} of ${q.acceptors} is a majority, so the resource now refuses anything below ${token}`
    : q.took.length
      ? `${q.took.length} of ${q.acceptors} is short of the majority of ${q.needed}, so the resource has not learned ${token}; only the acceptors that promised it refuse anything below it`
      : `no acceptor promised it, so the resource has not learned ${token}`;
  return `A registration at a replicated resource holds only when a majority of its acceptors promise the generation. Here ${list(promised)}: ${counted}.`;
}

/** A cancel's rule: a fenced cancel raises the token; one that does not leaves every target as it was. */
function cancelRule(d: WriteDecision, v: Vocabulary): string {
  const fenced = d.before && d.after && d.after.fence > d.before.fence;
  if (!v.fenced) return 'The user may cancel a queued or running run.';
  return fenced
    ? `The user may cancel a queued or running run: cancel moves it to canceling under a new generation (${tokenName(v)} ${d.after!.fence}), so no older generation commits at the run row or at a target that registers generations (one that learns a generation only from a write there still accepts the old one); once the effects already done are reconciled, it is canceled.`
    : `This cancel does not raise the ${tokenName(v)}: the run row’s status changes, but it stays ${d.after?.fence ?? d.before?.fence}, so no check of the ${tokenName(v)}, at the run row or beyond it, can tell the cancel happened.`;
}

/** A stale write that landed: what it got past, from the checks that ran and who held the run. */
function staleRule(d: WriteDecision, v: Vocabulary): string {
  const token = tokenName(v);
  const mine = d.holds ?? d.token;
  const newer = mine !== null && mine < d.authority.token;
  if (!v.fenced)
    return 'A write from a holder that no longer holds the run got through: another worker holds it, but nothing where this write landed asked who holds it. A lease alone cannot tell an old holder from the new one.';
  if (!newer)
    return d.authority.holder === null
      ? `A write from a holder of a canceled run got through: the cancel did not raise the ${token}, so the writer’s ${token} still equals the run’s, and nothing where this write landed refused it.`
      : `A write from a holder that no longer holds the run got through: ${d.authority.holder} holds the run under the same ${token}, so only a check of who holds it could refuse it.`;
  const by =
    d.authority.holder === null
      ? 'the run was canceled under a newer generation'
      : 'a newer generation holds it';
  return `A write from a holder that no longer holds the run got through: ${by}, but nothing where this write landed compared the writer’s ${token} with the current one.`;
}
