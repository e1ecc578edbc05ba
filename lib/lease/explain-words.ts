import type { CheckResult, CheckValue, Vocabulary, WriteDecision, WriteKind } from './decision';
import { clockAt, clockWords } from './explain-clock';
import { pastEveryStatus } from './explain-status';
import { kindOfCheck, type WordKit } from './kinds/conditions';
import { describeFingerprint } from './replicated-fence';
import { isTargetCheck, RUN_ROW, targetCheckWords } from './kinds/targets';

/*
 * The explainer's words for the parts of a decision: a token in the scenario's name, a target's
 * name, each check as a fact about the values it compared. explain.ts puts them in sentences.
 */

/** "1 run", "2 runs": a count with its noun, never "run(s)". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "A and B", "owner, fence and status"; with `or`, "running or failed". */
export function list(words: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/** A status outside the set a statement accepts: "the run is already done", "the run is queued, not running". */
function statusOutsideSet(actual: CheckValue, expected: CheckValue): string {
  const set = (Array.isArray(expected) ? expected : [expected]).map(String);
  return pastEveryStatus(String(actual), set)
    ? `the run is already ${actual}`
    : `the run is ${actual}, not ${list(set, 'or')}`;
}

/** The token's name for a check or a row line; never "fence" in a design without one. */
export function tokenName(v: Vocabulary): string {
  return v.fenced || v.token !== 'fence' ? v.token : 'token';
}

/**
 * A run-row column beside the token: "attempt column" where a fenced scenario calls its token
 * attempt, so the fence's check and the catalogue's attempt check never read alike. Without
 * a fence no check names the token, and the column keeps its plain name.
 */
export function columnName(column: string, v: Vocabulary): string {
  return v.fenced && column === tokenName(v) ? `${column} column` : column;
}

/**
 * Whether a write's token is worth naming: a fence somewhere compares it, or holders present
 * it to a resource. In a design with neither, "token 1" would name a number nothing reads.
 */
export function namesToken(v: Vocabulary): boolean {
  return v.fenced || v.carried !== undefined;
}

/** "fence 2", "RangeID 42"; at a resource beyond the run row, "claimed_at 361" when holders present that. */
export function tokenText(v: Vocabulary, value: number, atResource = false): string {
  if (atResource && v.carried && v.carried !== 'counter')
    return describeFingerprint(v.carried, value, tokenName(v));
  return `${tokenName(v)} ${value}`;
}

/** " with fence 2" after a holder's name; nothing in a design without a fence. */
export function withToken(v: Vocabulary, value: number | null): string {
  return v.fenced && value !== null ? ` with ${tokenText(v, value)}` : '';
}

/** Seconds between two clock readings, as the learner reads them ("3.2 s"). */
function span(seconds: number): string {
  return `${Math.abs(seconds).toFixed(1)} s`;
}

/**
 * A lease's end as of `now`: "until 11" on the scenario's clock; on a wall clock relative to
 * now, "for another 3.2 s" or "ended 1.5 s ago" (never a raw clock reading).
 */
export function leaseEnd(v: Vocabulary, until: number, now: number): string {
  if (v.clock !== 'wall') return `until ${until}`;
  return until > now ? `for another ${span(until - now)}` : `that ended ${span(now - until)} ago`;
}

/** The designs' own targets (a scenario names its others in its vocabulary's `resources`). */
const TARGET_NAMES: Readonly<Record<string, string>> = {
  report: 'the report store',
  gateway: 'the design’s gateway',
  publisher: 'the publisher',
};

/** A target's name in the scenario's words: "the report store", "the gateway (email)". */
export function targetName(v: Vocabulary, id: string): string {
  if (id === RUN_ROW.target.id) return 'the run row';
  const named = v.resources?.[id] ?? TARGET_NAMES[id];
  if (named) return named;
  if (id.startsWith('gateway:')) return `the gateway (${id.slice('gateway:'.length)})`;
  return `the ${id}`;
}

/** What the write is, as a noun: "renewal", "finish", "claim". */
export const WRITE_NOUNS: Readonly<Record<WriteKind, string>> = {
  claim: 'claim',
  renew: 'renewal',
  finish: 'finish',
  cancel: 'cancel',
  'complete-cancel': 'completion of the cancel',
  output: 'output write',
  resource: 'write',
  register: 'registration',
  quorum: 'replicated write',
  publish: 'publish',
  rescue: 're-queue',
};

/** A check's short name for a verdict line: "owner", "fence", "highest fence seen". */
export function checkLabel(c: CheckResult, v: Vocabulary): string {
  if (isTargetCheck(c.name)) return targetCheckWords(c.name).label(c, v);
  switch (c.name) {
    case 'fence':
      return tokenName(v);
    case 'worker-check':
      return 'its own check';
    case 'paused':
      return 'paused';
    case 'claimed':
      return `no ${tokenName(v)} yet`;
    case 'version':
      return 'nothing to point at';
    case 'stuck':
      return 'nothing to rescue';
    default:
      return kindOfCheck(c.name)?.words?.label(c, v, KIT) ?? c.name;
  }
}

/** A check's name in "this design checks only the …": the token's name, "attempt column". */
export function checkNoun(c: CheckResult, v: Vocabulary): string {
  if (c.name === 'fence') return tokenName(v);
  return kindOfCheck(c.name)?.words?.noun?.(v, KIT) ?? c.name;
}

function who(value: CheckValue): string {
  return value === '' || value === null ? '(nobody)' : String(value);
}

/** Whether the writer presents the scenario's fingerprint here: only at the gateway lane. */
export function presentsFingerprint(d: WriteDecision): boolean {
  return d.target.id.startsWith('gateway:');
}

/** A lease check as a fact, by its clock; a claim's lease run out (not-after) is live when it fails. */
function leaseFact(c: CheckResult, d: WriteDecision, v: Vocabulary): string {
  const live = c.relation === 'not-after' ? !c.held : c.held;
  const by = d.clock ? ` ${clockWords(d.clock)}` : '';
  if (v.clock === 'wall')
    return live
      ? `the lease had ${span(Number(c.actual) - Number(c.expected))} left`
      : `the lease ended ${span(Number(c.expected) - Number(c.actual))} before`;
  if (!live) return `the lease ended at ${c.actual}, it is now ${c.expected}${by}`;
  const now = c.relation === 'not-after' ? `, it is now ${c.expected}${by}` : '';
  return `the lease ${now ? 'runs' : 'ran'} until ${c.actual}${now || (by && ` (it is ${c.expected}${by})`)}`;
}

/**
 * One check as a fact about the values it compared: "the owner is B, not A", "the gateway
 * (email) has seen fence 2, higher than A's fence 1". `d` gives the writer, the target and the
 * row (for a lease's end).
 */
export function checkFact(c: CheckResult, d: WriteDecision, v: Vocabulary): string {
  if (isTargetCheck(c.name)) return targetCheckWords(c.name).fact(c, d, v);
  const writer = d.writer;
  switch (c.name) {
    case 'owner':
      return c.held ? `the owner was ${writer}` : `the owner is ${who(c.actual)}, not ${writer}`;
    case 'fence':
      return c.held
        ? `the ${tokenName(v)} was ${c.actual}`
        : `the ${tokenName(v)} is ${c.actual}, ${writer} holds ${c.expected}`;
    case 'lease':
      return leaseFact(c, d, v);
    case 'status':
      if (c.relation === 'one-of')
        return c.held ? `the run was ${c.actual}` : statusOutsideSet(c.actual, c.expected);
      return c.held
        ? `the status was ${c.actual}`
        : `the status is ${c.actual}, not ${String(c.expected)}`;
    case 'key':
      return c.held
        ? `key ${c.expected} is new`
        : `key ${c.expected} already landed (by ${who(c.actual)})`;
    case 'operation':
      return c.held
        ? `operation ${c.expected} is new`
        : `operation ${c.expected} already landed (by ${who(c.actual)})`;
    case 'worker-check':
      return c.held
        ? `${writer} read the run row itself, and it still showed ${tokenText(v, Number(c.expected))}`
        : `${writer} read the run row itself, and it showed ${tokenText(v, Number(c.actual))}, not ${writer}'s ${c.expected}`;
    case 'run':
      return `run ${c.expected} does not exist`;
    case 'version':
      return c.held
        ? `${writer} points at its own version ${c.actual}`
        : `${writer} has no uploaded version to point at`;
    case 'paused':
      return `${writer} is paused: a paused worker sends nothing until it resumes`;
    case 'claimed':
      return `${writer} has not claimed the run: it holds no ${tokenName(v)} to register`;
    case 'stuck':
      return stuckFact(c, d, v);
    default:
      return kindOfCheck(c.name)!.words!.fact(c, d, v, KIT);
  }
}

/** A tuple of values as the learner reads it: "(2, 6)"; one value alone. */
function tuple(value: CheckValue): string {
  const values = Array.isArray(value) ? value : [value];
  // Inside a tuple nobody is a plain word: "(nobody, 0)", never "((nobody), 0)".
  const shown = values.map((x) => (x === '' || x === null ? 'nobody' : String(x)));
  return shown.length === 1 ? shown[0] : `(${shown.join(', ')})`;
}

/** A run row's column compared with a read: the token's name, "lease end", else as columnName. */
export function readColumnName(column: string, v: Vocabulary): string {
  if (column === 'fence') return tokenName(v);
  return column === 'lease' ? 'lease end' : columnName(column, v);
}

/** What the rescuer's read showed: a stuck run, or why there was nothing to rescue. */
function stuckFact(c: CheckResult, d: WriteDecision, v: Vocabulary): string {
  const r = d.read;
  const read = `${d.writer}'s read`;
  switch (c.actual) {
    case 'unread':
      return `${d.writer} has read nothing yet: it rescues only a run it read as stuck`;
    case 'expired':
      return `${read} showed the run stuck (running under ${who(r?.owner ?? null)}${withToken(v, r?.fence ?? null)}, its lease ended at ${r?.leaseUntil})`;
    case 'held':
      return `${read} showed ${who(r?.owner ?? null)} holding the lease until ${r?.leaseUntil}: nothing to rescue`;
    default:
      return `${read} showed the run ${String(c.actual)}: nothing to rescue`;
  }
}

/** What a claim saw in the row (the claimable test's check), as a fact. */
function claimFact(c: CheckResult, d: WriteDecision, v: Vocabulary): string {
  const row = d.before;
  const wall = v.clock === 'wall' && row;
  switch (c.actual) {
    case 'queued':
      return 'the run was queued';
    case 'expired':
      return wall
        ? `the lease had ended ${span(d.at - row.leaseUntil)} before`
        : `the lease had ended at ${row?.leaseUntil} (it is now ${d.at}${clockAt(d)})`;
    case 'held':
      return wall
        ? `${who(row.owner)} holds the lease for another ${span(row.leaseUntil - d.at)}`
        : `${who(row?.owner ?? null)} holds the lease until ${row?.leaseUntil} (it is now ${d.at}${clockAt(d)})`;
    case 'canceling':
      return 'the run is canceling: nobody may claim it';
    default:
      return `the run is ${String(c.actual)}: a final run is never claimed again`;
  }
}

/** The helpers a condition kind's words use (lib/lease/kinds/conditions). */
const KIT: WordKit = {
  tokenName,
  columnName,
  readColumnName,
  who,
  tuple,
  claimStateFact: claimFact,
};
