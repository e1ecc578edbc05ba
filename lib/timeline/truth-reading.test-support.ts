import { CLAIM_COLUMNS, FINGERPRINT_COLUMNS, type CheckName } from '@/lib/lease';
import type { Trace } from './types';

/*
 * How the truth test reads the learner's words back (test support): the token's name, the noun
 * of each kind of write, a verdict line's check labels, a rule text's check and a named claim.
 * The judge in truth.test-support.ts holds what these read against the trace's state.
 */

/** The token's name as the words use it ("fence", "RangeID"; "token" in a design without a fence). */
export function tokenNameOf(trace: Trace): string {
  const v = trace.vocabulary;
  return v.fenced || v.token !== 'fence' ? v.token : 'token';
}

/** The noun the words must use for each kind of write event. */
export const NOUN: Readonly<Record<string, string>> = {
  claim: 'claim',
  renew: 'renewal',
  finish: 'finish',
  cancel: 'cancel',
  draft: 'output write',
  'object-commit': 'output write',
  'object-put': 'write',
  ticket: 'write',
  'gateway-write': 'write',
  'report-write': 'write',
  'gateway-send': 'write',
  rescue: 're-queue',
  register: 'registration',
};
export const NOUNS =
  'output write|replicated write|claim|renewal|finish|cancel|write|registration|publish|re-queue';

/** A check's label in a verdict line, back to the check. */
export function labelCheck(label: string, tok: string): CheckName | null {
  const labels: Record<string, CheckName> = {
    owner: 'owner',
    [tok]: 'fence',
    lease: 'lease',
    status: 'status',
    'lease held': 'claimable',
    [`highest ${tok} seen`]: 'highest-seen',
    'its own check': 'worker-check',
    'no majority': 'quorum',
    paused: 'paused',
    [`no ${tok} yet`]: 'claimed',
    'nothing to point at': 'version',
    key: 'key',
    operation: 'operation',
    run: 'run',
    'nothing to rescue': 'stuck',
    ...Object.fromEntries(
      ['owner', tok, 'lease end', 'status', ...CLAIM_COLUMNS, `${tok} column`].map((f) => [
        `${f} changed since the read`,
        'as-read',
      ]),
    ),
  };
  if (Object.hasOwn(labels, label)) return labels[label];
  // Beside a token named after a column, the column reads "attempt column".
  if (label === `${tok} column` && (CLAIM_COLUMNS as readonly string[]).includes(tok))
    return tok === 'attempt' ? 'attempt' : 'fingerprint';
  // A fingerprint is labelled by its columns: one column, or a tuple "(attempt, claimed_at)".
  // claimed_by is read as the owner column, and a fingerprint names it so.
  const columns = (/^\((.*)\)$/.exec(label)?.[1].split(', ') ?? [label]).map((c) =>
    c === `${tok} column` ? tok : c === 'owner' ? 'claimed_by' : c,
  );
  return columns.every((c) => (FINGERPRINT_COLUMNS as readonly string[]).includes(c))
    ? 'fingerprint'
    : null;
}

/** The rule text of each check (what a refused write's rule says), by a phrase only it has. */
export const RULE_PHRASES: readonly [RegExp, CheckName][] = [
  [/The commit names its owner/, 'owner'],
  [/names an execution generation/, 'fence'],
  [/judged by database time/, 'lease'],
  [/also checks the run state/, 'status'],
  [/A claim succeeds only on/, 'claimable'],
  [/^Highest-seen fencing/, 'highest-seen'],
  [/idempotency key identifies/, 'key'],
  [/operation id names the business action/, 'operation'],
  [/only when a majority of its acceptors|counts a write only when a majority/, 'quorum'],
  [/checked its own token/, 'worker-check'],
  [/nothing to switch/, 'version'],
  [/A paused worker sends nothing/, 'paused'],
  [/Only a holder registers/, 'claimed'],
];

/** "A (fence 1)" → A and the token of its claim; "A" → A (one name, one claim). */
export function claimNamed(s: string | undefined): {
  name: string | undefined;
  token: number | null;
} {
  const m = s === undefined ? null : /^(.+?) \([^()]*?(\d+)\)$/.exec(s);
  return m ? { name: m[1], token: Number(m[2]) } : { name: s, token: null };
}
