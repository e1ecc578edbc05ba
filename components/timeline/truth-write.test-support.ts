import { TARGET_TOKEN_CHECKS } from '@/lib/lease';
import type { Scenario, Trace, WriteEffect } from '@/lib/timeline';
import {
  causes,
  esc,
  panelColumn,
  rowBefore,
  rowValue,
  RULE_PHRASES,
  tokenName,
  tokensUpTo,
} from './truth-facts.test-support';
import type { PageText } from './truth-render.test-support';

/*
 * The page truth test's oracle for a write (test support): what the page says about one write,
 * held against the row, the targets and the decision's data (never the explainer's words).
 */

/** Every disagreement between the page's words about a write and the trace's data. */
export function writeProblems(
  trace: Trace,
  scenario: Scenario,
  index: number,
  page: PageText,
  w: WriteEffect,
): string[] {
  const p: string[] = [];
  const tok = tokenName(trace);
  const shown = new Map(page.runRow);
  const d = w.decision;
  const ran = new Set(d.checks.map((c) => c.name));
  const failed = new Set(d.checks.filter((c) => !c.held).map((c) => c.name));
  const words = [page.row, ...page.rules].join(' \n ');

  // Every column a check of this write compares is on the run-row panel.
  for (const c of d.checks)
    for (const column of c.fields ??
      (c.field ? [c.field] : c.name === 'attempt' ? ['attempt'] : []))
      if (d.target.id === 'run-row' && !shown.has(panelColumn(column, trace)))
        p.push(`a check compares ${column}, and the run-row panel does not show it`);

  // A fingerprint's tuple: "(attempt, owner, claimed_at) is (2, B, 6)" are the row's values.
  const before = rowBefore(trace, index);
  for (const c of d.checks.filter((x) => x.name === 'fingerprint' && !x.held && x.fields)) {
    const names = c.fields!.map((f) => panelColumn(f, trace)).join(', ');
    const m = [...page.row.matchAll(/\(([^()]*)\) is \(([^()]*)\),/g)].find((x) => x[1] === names);
    if (!m) continue;
    const values = m[2].split(', ');
    c.fields!.forEach((f, i) => {
      if (values[i] !== rowValue(before, f))
        p.push(`quotes ${f} = ${values[i]}; the row held ${rowValue(before, f)}`);
    });
  }

  // Token values named are values the state holds.
  const tokens = tokensUpTo(trace, index, scenario.firstToken ?? 1);
  for (const m of page.row.matchAll(new RegExp(`\\b${esc(tok)} (-?\\d+)`, 'g')))
    if (!tokens.has(Number(m[1]))) p.push(`names ${tok} ${m[1]}, a value the state never held`);

  // The holder named is the one that held the run.
  const a = d.authority;
  for (const m of page.row.matchAll(/\b(\S+) (?:holds the run|does) \((?:\S+ )+?(-?\d+)\)/g)) {
    if (m[1] === 'generation' || m[1] === 'newer') continue;
    if (m[1] !== a.holder || Number(m[2]) !== a.token)
      p.push(`names ${m[1]} (${m[2]}) the holder; ${a.holder ?? 'nobody'} held it (${a.token})`);
  }

  // Rules: only of checks that ran here; a refusal's rules are of checks that failed.
  for (const rule of page.rules)
    for (const [re, name] of RULE_PHRASES) {
      if (!re.test(rule) || d.violation || d.outcome.database === 'duplicate') continue;
      if (!ran.has(name as never) && !(name === 'quorum' && d.quorum))
        p.push(`shows the ${name} rule; this write ran ${[...ran].join(', ') || 'no check'}`);
      else if (d.outcome.database === 'refused' && !d.quorum && !failed.has(name as never))
        p.push(`shows the ${name} rule; that check held`);
    }
  // "Still holds the current generation" only where a check compared a generation the target knew.
  const generation = d.checks.some(
    (c) =>
      ['fence', 'attempt', 'fingerprint'].includes(c.name) ||
      (TARGET_TOKEN_CHECKS.includes(c.name) &&
        Number(Array.isArray(c.expected) ? c.expected[0] : c.expected) > 0),
  );
  if (!generation && page.rules.some((r) => /still holds the current generation/.test(r)))
    p.push(`says the writer holds the current generation; no check compared one (${[...ran]})`);
  // An ended lease is the loss of authority the lease rule names, never "not about" it.
  if (failed.has('lease') && /the refusal is not about \S+ authority/.test(page.row))
    p.push("refused for an ended lease, and says the refusal is not about the writer's authority");
  if (/no longer holds the run: nobody holds the run/.test(page.row))
    p.push('says who holds the run twice ("no longer holds the run: nobody holds the run")');
  if (d.outcome.database === 'refused' && !d.quorum && failed.size > 0) {
    const named = page.rules.some((r) =>
      RULE_PHRASES.some(([re, n]) => re.test(r) && failed.has(n as never)),
    );
    const notSent =
      failed.has('worker-check') ||
      failed.has('paused') ||
      failed.has('version') ||
      failed.has('stuck');
    if (!named && !notSent && !failed.has('run') && !failed.has('claimable'))
      p.push(`the failing check (${[...failed].join(', ')}) has no rule on screen`);
  }
  if (d.quorum) {
    if (page.rules.some((r) => /^Highest-seen fencing/.test(r)))
      p.push('a replicated write shows the single-copy highest-seen rule');
    const q = d.quorum;
    const rule = page.rules.join(' ');
    for (const id of [...q.took, ...q.refused, ...q.missed])
      if (!new RegExp(`\\b${id}\\b`).test(rule))
        p.push(`the rule does not say what acceptor ${id} did`);
  }
  if (d.kind === 'cancel' && d.before && d.after && d.after.fence === d.before.fence)
    if (/new generation/.test(words))
      p.push('a cancel that does not raise the token claims a new generation');

  // "newer generation" and "stale" only below the current holder's token.
  const holds = d.holds ?? d.token;
  const below = holds !== null && holds < a.token;
  if (
    !below &&
    /newer generation holds|under a newer generation/.test(words) &&
    a.holder !== d.writer
  )
    p.push(`says a newer generation holds the run; the writer holds ${holds}, the run ${a.token}`);
  if (new RegExp(`\\b${esc(d.writer)}'s stale\\b`).test(page.row) && !below)
    p.push(`calls ${d.writer}'s write stale; its token ${holds} is not below ${a.token}`);

  // A property broken: culprit and victim named.
  if (d.violation) {
    if (!new RegExp(`the culprit is ${esc(d.violation.culprit)}\\b`).test(page.row))
      p.push(
        `breaks property ${d.violation.property}, and the culprit ${d.violation.culprit} is not named`,
      );
    if (
      d.violation.victim &&
      !new RegExp(`the victim is ${esc(d.violation.victim)}\\b`).test(page.row)
    )
      p.push(
        `breaks property ${d.violation.property}, and the victim ${d.violation.victim} is not named`,
      );
  }

  // A rightful holder refused because an earlier write changed the status: that write is named.
  if (d.outcome.database === 'refused' && a.holder === d.writer && holds === a.token && d.before) {
    const cause = trace.writes
      .filter((e) => e.eventIndex < w.eventIndex && e.database === 'applied' && e.target === 'run')
      .reverse()
      .find((e) => causes(e.decision, d));
    if (
      cause &&
      !new RegExp(`${esc(cause.decision.writer)}'s (?:stale |own earlier )?\\S+`).test(
        page.row.split('The cause:')[1] ?? '',
      )
    )
      p.push(
        `refuses the holder ${d.writer} and does not name the cause: ${cause.decision.writer}'s ${cause.decision.kind}`,
      );
  }

  // The clock named is the clock that judged the lease.
  if (ran.has('lease') || ran.has('claimable')) {
    const clock = d.clock;
    if (clock && clock.kind !== 'database' && /judged by database time/.test(words))
      p.push(
        `says the lease is judged by database time; ${clock.kind === 'worker' ? `${clock.holder}'s own clock` : 'the transaction clock'} judged it`,
      );
    for (const m of words.matchAll(/by (\S+)'s own clock/g))
      if (clock?.kind !== 'worker' || clock.holder !== m[1])
        p.push(`names ${m[1]}'s own clock; it did not judge`);
    if (
      clock?.kind === 'worker' &&
      failed.has('lease') &&
      d.outcome.database === 'refused' &&
      !words.includes(`${clock.holder}'s own clock`)
    )
      p.push(`the lease was judged by ${clock.holder}'s own clock, and the page does not say so`);
  }
  return p;
}
