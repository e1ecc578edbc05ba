import { targetKind, type TargetCheckKind } from './kinds/targets';
import { TARGET_CHECK_LABELS } from './target-checks';
import type { TargetFacts } from './explain-state';

/*
 * The state panel's lines about the gateway: the highest token each resource that keeps one has
 * seen (what each acceptor of a replicated one promised), the resources that keep none, and the
 * writes it took. explain-state.ts puts them in the panel.
 */

/**
 * The gateway's lines: the highest token each resource that keeps one has seen, and which
 * resources keep none (each resource has its own check).
 */
export function gatewayLines(
  t: TargetFacts,
  checkOf: (resource: string | null) => TargetCheckKind,
  /** The token's name; null in a design that names no token (a write's line then shows none). */
  named: string | null,
  /** How many acceptors a replicated resource has. */
  acceptorsOf: (resource: string) => number,
): string[] {
  const token = named ?? 'token';
  const keepsToken = (resource: string | null) => targetKind(checkOf(resource)).keepsGenerations;
  const used = [
    ...new Set([...Object.keys(t.gatewayHighest), ...t.gatewayWrites.map((w) => w.resource)]),
  ];
  const keeping = used.length ? used.filter(keepsToken) : keepsToken(null) ? [null] : [];
  const none = used.length ? used.filter((r) => !keepsToken(r)) : keepsToken(null) ? [] : [null];
  const lines: string[] = [];
  if (keeping.length) {
    const highest = Object.entries(t.gatewayHighest).filter(([resource]) => keepsToken(resource));
    lines.push(
      `gateway highest ${token}: ${
        highest.length
          ? highest
              .map(([resource, value]) => {
                const promised = t.gatewayPromises?.[resource];
                return promised && targetKind(checkOf(resource)).acceptorsOf
                  ? `${resource} → ${promisesText(promised, acceptorsOf(resource), token)}`
                  : `${resource} → ${value}`;
              })
              .join('; ')
          : 'none seen'
      }`,
    );
  }
  // Beside a resource with another check, each one that keeps none is named; alone, one line says it.
  if (none.length && (keeping.length || new Set(none.map(checkOf)).size > 1))
    for (const r of none)
      lines.push(`gateway (${r}): keeps no ${token} (its check: ${checkText(checkOf(r))})`);
  else if (none.length)
    lines.push(`gateway: keeps no ${token} (its check: ${checkText(checkOf(none[0]))})`);
  if (!t.gatewayWrites.length) return lines;
  const writes = t.gatewayWrites
    .map((w) => {
      const notes = [
        named === null ? '' : `${token} ${w.token}`,
        w.committed === false
          ? `only ${w.acks} ${w.acks === 1 ? 'acceptor' : 'acceptors'}: not committed`
          : '',
      ].filter(Boolean);
      return `${w.resource} “${w.body}” by ${w.worker}${notes.length ? ` (${notes.join(', ')})` : ''}`;
    })
    .join('; ');
  return [...lines, `gateway writes: ${writes}`];
}

/** A check as the learner reads it: "idempotency key only", "equal to the run row (a trusted check)". */
function checkText(check: TargetCheckKind): string {
  // Inside the line's own brackets a label's aside reads after a comma, never "((…))".
  return TARGET_CHECK_LABELS[check].toLowerCase().replace(/ \((.*)\)$/, ', $1');
}

/**
 * What each acceptor of a replicated resource promised, grouped: "acceptors 1, 2 promised fence
 * 2; acceptor 3 promised fence 1; acceptors 4, 5 promised nothing yet" (0: nothing promised).
 */
function promisesText(promised: readonly number[], acceptors: number, token: string): string {
  const groups = new Map<number, number[]>();
  for (let i = 0; i < Math.max(acceptors, promised.length); i += 1) {
    const value = promised[i] ?? 0;
    groups.set(value, [...(groups.get(value) ?? []), i + 1]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => b - a)
    .map(([value, ids]) => {
      const who = `acceptor${ids.length > 1 ? 's' : ''} ${ids.join(', ')}`;
      return value > 0 ? `${who} promised ${token} ${value}` : `${who} promised nothing yet`;
    })
    .join('; ');
}
