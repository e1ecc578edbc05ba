import { conditionCheckRules, type RowState, type WriteDecision } from '@/lib/lease';
import type { RunRowView, Trace, WriteEffect } from '@/lib/timeline';

/* What the page truth test's oracle reads from a trace: the row, the tokens, the columns (test support). */

export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The token's name the page must use. */
export function tokenName(trace: Trace): string {
  const v = trace.vocabulary;
  return v.fenced || v.token !== 'fence' ? v.token : 'token';
}

/** The run row before step `index`. */
export function rowBefore(trace: Trace, index: number): RunRowView {
  return index === 0 ? trace.initial.run : trace.steps[index - 1].after.run;
}

export function writeOf(trace: Trace, index: number): WriteEffect | null {
  const w = trace.steps[index].effects.find((e) => e.kind === 'write');
  return w && w.kind === 'write' ? w : null;
}

/** Every token value the state holds up to step `index`: the row's, the workers', the targets'. */
export function tokensUpTo(trace: Trace, index: number, first: number): Set<number> {
  const seen = new Set<number>([0, first - 1, trace.initial.run.fence]);
  for (const step of trace.steps.slice(0, index + 1)) {
    const s = step.after;
    seen.add(s.run.fence);
    for (const w of s.workers) seen.add(w.token);
    const t = s.targets;
    for (const x of Object.values(t.gatewayHighest)) seen.add(x);
    for (const list of Object.values(t.gatewayPromises ?? {})) for (const x of list) seen.add(x);
    for (const w of t.gatewayWrites) seen.add(w.token);
    for (const r of t.reportVersions) seen.add(r.fence);
    if (t.draft) seen.add(t.draft.fence);
    if (t.reportRef) seen.add(t.reportRef.fence);
    for (const e of step.effects) if (e.kind === 'write' && e.token !== null) seen.add(e.token);
  }
  return seen;
}

/** The run-row panel's cells, expected from the row itself. */
export function expectedCells(run: RunRowView, trace: Trace): Map<string, string> {
  const v = trace.vocabulary;
  const cells = new Map<string, string>([
    ['owner', run.owner || '(nobody)'],
    ['lease_until', String(run.leaseUntil)],
    ['status', run.status],
  ]);
  if (v.fenced) cells.set(v.token, String(run.fence));
  // Where a write compares the token with a read, its column is there under the token's name.
  if (trace.writes.some((w) => w.decision.checks.some((c) => c.field === 'fence')))
    cells.set(panelColumn('fence', trace), String(run.fence));
  const attempt = v.fenced && v.token === 'attempt' ? 'attempt column' : 'attempt';
  if (run.attempt !== undefined) cells.set(attempt, String(run.attempt));
  if (run.claimedAt !== undefined) cells.set('claimed_at', String(run.claimedAt));
  if (run.attemptedAt !== undefined) cells.set('attempted_at', String(run.attemptedAt));
  return cells;
}

/** A run column a check compares, as the run-row panel labels it. */
export function panelColumn(column: string, trace: Trace): string {
  const v = trace.vocabulary;
  if (column === 'claimed_by') return 'owner';
  if (column === 'fence') return v.fenced || v.token !== 'fence' ? v.token : 'token';
  if (column === 'lease') return 'lease_until';
  if (column === 'attempt' && v.fenced && v.token === 'attempt') return 'attempt column';
  return column;
}

/** A row's value of a column a fingerprint or as-read check compares. */
export function rowValue(row: RunRowView | RowState, column: string): string {
  const r = row as RunRowView;
  const value =
    column === 'claimed_by' || column === 'owner'
      ? r.owner || 'nobody'
      : column === 'attempt'
        ? r.attempt
        : column === 'claimed_at'
          ? r.claimedAt
          : column === 'attempted_at'
            ? r.attemptedAt
            : column === 'fence'
              ? r.fence
              : undefined;
  return value === undefined ? 'none' : String(value);
}

/** The rule text of each check, by a phrase only it has. */
export const RULE_PHRASES: readonly [RegExp, string][] = [
  [/The commit names its owner/, 'owner'],
  [/names an execution generation/, 'fence'],
  [/(?:lease is judged|lease was judged)/, 'lease'],
  [/also checks the run state/, 'status'],
  [/^Highest-seen fencing/, 'highest-seen'],
  [/idempotency key identifies/, 'key'],
  [/operation id names the business action/, 'operation'],
  [/counts a write only when a majority/, 'quorum'],
  [/holds only when a majority of its acceptors promise/, 'quorum'],
  [/checked its own token/, 'worker-check'],
  [/nothing to switch/, 'version'],
  [/A paused worker sends nothing/, 'paused'],
  [/Only a holder registers/, 'claimed'],
  // Each condition kind's own check, by the opening of the rule its kind declares.
  ...conditionCheckRules().map(({ check, rule }): [RegExp, string] => [
    new RegExp(`^${rule.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
    check,
  ]),
];

/** Words no learner should read: ids, internal kinds, broken plurals and grammar. */
export const BANNED: readonly [RegExp, string][] = [
  [/\(its check: (?:run-row|key-only|none|highest-seen|majority|versioned)\)/, 'a check id'],
  [
    /\b(?:as-read|status-in|worker-check|key-only|lease-expired|claim-read)\b/,
    'an internal kind name',
  ],
  [/\(\(|\)\)/, 'doubled brackets'],
  [/\b1 (?:runs|rows|acceptors|versions)\b/, 'a plural after 1'],
  [/\w\(s\)/, 'an "(s)" plural'],
  [/(?:^|\n |[.:;!?] )A (?:attempt|epoch|RangeID|zxid)\b/, '"A attempt"-style grammar'],
  [/\bundefined\b|\bNaN\b|\[object/, 'a missing value'],
];

/** Whether `earlier` left the status as the refused write `d` found it. */
export function causes(earlier: WriteDecision, d: WriteDecision): boolean {
  if (earlier.writer === d.writer && (earlier.holds ?? earlier.token) === (d.holds ?? d.token))
    return false;
  const statusFailed = d.checks.some(
    (c) => !c.held && (c.name === 'status' || c.name === 'claimable'),
  );
  if (!statusFailed || !earlier.before || !earlier.after || !d.before) return false;
  return earlier.after.status === d.before.status && earlier.before.status !== earlier.after.status;
}
