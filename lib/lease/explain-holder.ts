import type { Vocabulary, WriteDecision } from './decision';
import { checkFact, tokenText } from './explain-words';

/* The facts every sentence of the explainer shares: who held the run, the checks as facts. */

/** Nobody has claimed the run yet: no write is anyone's stale write. */
export function unclaimed(d: WriteDecision): boolean {
  return d.authority.holder === null && d.authority.token === 0;
}

/** Whether the writer held the run when it wrote (the newest claim's holder and token). */
export function rightful(d: WriteDecision): boolean {
  if (unclaimed(d)) return true;
  const holds = d.holds ?? d.token;
  return d.authority.holder === d.writer && (holds === null || holds === d.authority.token);
}

/** "B holds the run (fence 2)", or after "no longer holds the run:", "B does (fence 2)". */
export function holderClause(d: WriteDecision, v: Vocabulary, short = false): string {
  const a = d.authority;
  const token = v.fenced ? ` (${tokenText(v, a.token)})` : '';
  // After "no longer holds the run:", the cancel alone ("it was canceled (fence 1)").
  if (!a.holder) return `${short ? '' : 'nobody holds the run: '}it was canceled${token}`;
  // A restarted process claims under the same name: a newer generation of the writer holds it.
  if (a.holder === d.writer) return `a newer generation of ${a.holder} holds the run${token}`;
  return `${a.holder} ${short ? 'does' : 'holds the run'}${token}`;
}

/** Facts joined for a sentence (each may hold a comma of its own). */
export function joined(facts: readonly string[]): string {
  return facts.join('; ');
}

/** "stale " only for a token below the current holder's. */
export function staleWord(d: WriteDecision): string {
  const holds = d.holds ?? d.token;
  return holds !== null && holds < d.authority.token ? 'stale ' : '';
}

export function facts(d: WriteDecision, v: Vocabulary, held: boolean): string[] {
  return d.checks.filter((c) => c.held === held).map((c) => checkFact(c, d, v));
}

/** A sentence's first letter in capitals; a holder's name ("worker-2") is left as it is written. */
export function capital(s: string, name: string | null = null): string {
  if (name && s.startsWith(name)) return s;
  return s.charAt(0).toUpperCase() + s.slice(1);
}
