import { explainHistoryViolation, type Explained, WALL_CLOCK_VOCABULARY } from '@/lib/lease';
import { formatEntry, type HistoryEntry } from './history';
import {
  LAB_PROPERTIES,
  LAB_PROPERTY_CHECKS,
  type HistoryPick,
  type LabProperty,
} from './lab-property-checks';
import type { LabSnapshot } from './types';

export interface LabViolation {
  property: LabProperty;
  runId: string;
  /** What is wrong, in one sentence: the explainer's (lib/lease). */
  message: Explained;
  /** The shortest excerpt of the history that shows it (empty without a history). */
  excerpt: string[];
}

export interface Evaluation {
  passed: boolean;
  runs: number;
  succeeded: number;
  receipts: number;
  violations: LabViolation[];
  /** Per property: how many violations it has. */
  counts: Record<LabProperty, number>;
}

/**
 * Judges an experiment from what both databases hold (never from what a worker said), and uses
 * the history to find the stale writes the databases cannot date, and to print each
 * violation's shortest excerpt: the lines of that run that show it, nothing else. Each run is
 * checked for each property in turn (lab-property-checks.ts). The browser's evaluate panel and
 * the CLI's evaluate and chaos run this one function.
 */
export function evaluate(snapshot: LabSnapshot, history: readonly HistoryEntry[] = []): Evaluation {
  const violations: LabViolation[] = [];
  const t0 = history[0]?.t ?? 0;
  const excerpt = (picks: HistoryPick[]) =>
    history.filter((e) => picks.some((p) => p(e))).map((e) => formatEntry(e, t0));

  const claimsBy = new Map<string, typeof snapshot.claims>();
  for (const c of snapshot.claims) claimsBy.set(c.runId, [...(claimsBy.get(c.runId) ?? []), c]);

  for (const run of snapshot.runs) {
    const evidence = { snapshot, history, run, claims: claimsBy.get(run.runId) ?? [] };
    for (const property of LAB_PROPERTIES)
      for (const { fact, picks } of LAB_PROPERTY_CHECKS[property](evidence))
        violations.push({
          property,
          runId: fact.run,
          message: explainHistoryViolation(fact, WALL_CLOCK_VOCABULARY),
          excerpt: excerpt(picks),
        });
  }

  const counts = Object.fromEntries(
    LAB_PROPERTIES.map((p) => [p, violations.filter((v) => v.property === p).length]),
  ) as Record<LabProperty, number>;
  return {
    passed: violations.length === 0,
    runs: snapshot.runs.length,
    succeeded: snapshot.runs.filter((r) => r.status === 'done').length,
    receipts: snapshot.publisher.receipts.length,
    violations,
    counts,
  };
}
