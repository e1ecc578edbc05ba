import { firstViolation, isStaleWrite, type LeaseEvent } from '@/lib/lease';
import type { HistoryEntry } from './history';
import type { LabSnapshot } from './types';

/** What the search for one run's stale writes reads: its claims, both databases, the history. */
export interface StaleWriteEvidence {
  snapshot: LabSnapshot;
  history: readonly HistoryEntry[];
  runId: string;
  claims: LabSnapshot['claims'];
}

/** A stale write: what was written by which generation, after which newer one claimed. */
export interface StaleWrite {
  what: string;
  generation: number;
  newer: number;
  pick: (e: HistoryEntry) => boolean;
}

/**
 * Property 1 of the rulebook over the databases' own log of this run, dated by the one server
 * clock: each claim begins a generation, each checkpoint and applied publish lands. On a tie a
 * generation's claim comes before its own writes and after older generations' (a newer claim
 * at the same instant did not precede a write).
 */
function inDatabases({ snapshot, runId: id, claims }: StaleWriteEvidence): StaleWrite[] {
  type Dated = { t: number; order: number; event: LeaseEvent; generation: number };
  const dated: (Dated & { pick?: StaleWrite['pick']; what?: string })[] = claims.map((c) => ({
    t: c.claimedAt,
    generation: c.generation,
    order: 0,
    event: {
      kind: 'claim',
      holder: `gen${c.generation}`,
      token: c.generation,
      finalBefore: false,
    },
  }));
  for (const c of snapshot.checkpoints.filter((c) => c.runId === id))
    dated.push({
      t: c.savedAt,
      generation: c.generation,
      order: 1,
      event: {
        kind: 'landed',
        holder: `gen${c.generation}`,
        target: 'checkpoint',
        finish: false,
      },
      what: `checkpoint of ${c.step}`,
      pick: (e) =>
        e.type !== 'process' &&
        e.type !== 'nemesis' &&
        e.op === 'checkpoint' &&
        e.run === id &&
        e.step === c.step &&
        e.generation === c.generation,
    });
  for (const r of snapshot.publisher.requests.filter(
    (r) => r.runId === id && r.outcome === 'applied',
  ))
    dated.push({
      t: r.at,
      generation: r.generation,
      order: 1,
      event: { kind: 'landed', holder: `gen${r.generation}`, target: 'publisher', finish: false },
      what: 'publish',
      pick: (e) =>
        e.type !== 'process' &&
        e.type !== 'nemesis' &&
        e.op === 'publish' &&
        e.run === id &&
        e.generation === r.generation,
    });
  dated.sort((a, b) => a.t - b.t || a.generation - b.generation || a.order - b.order);
  const staleWrites: StaleWrite[] = [];
  for (let found = firstViolation(dated.map((d) => d.event)); found?.kind === 'stale-write';) {
    const [write] = dated.splice(found.at, 1);
    const newer = Math.max(
      ...dated.slice(0, found.at).map((d) => (d.event.kind === 'claim' ? d.generation : 0)),
    );
    staleWrites.push({
      what: write.what!,
      generation: write.generation,
      newer,
      pick: write.pick!,
    });
    found = firstViolation(dated.map((d) => d.event));
  }
  return staleWrites;
}

/**
 * The stale writes the databases cannot date, from the history: an applied write invoked after
 * a newer generation's claim had completed (`known`: those the databases' log already found).
 */
function inHistory(
  { history, runId: id }: StaleWriteEvidence,
  known: readonly StaleWrite[],
): StaleWrite[] {
  const found: StaleWrite[] = [];
  const claimedAt = new Map<number, number>();
  for (const e of history)
    if (
      e.type === 'complete' &&
      e.op === 'claim' &&
      e.run === id &&
      e.outcome === 'applied' &&
      e.generation !== undefined
    )
      claimedAt.set(e.generation, e.t);
  for (const e of history) {
    if (
      e.type !== 'complete' ||
      e.run !== id ||
      e.outcome !== 'applied' ||
      e.op === 'claim' ||
      e.generation === undefined
    )
      continue;
    const invoked = history.find(
      (i) =>
        i.type === 'invoke' &&
        i.pid === e.pid &&
        i.op === e.op &&
        i.run === id &&
        i.generation === e.generation &&
        i.step === e.step &&
        i.t <= e.t,
    );
    // The newest generation whose claim had completed when this write was invoked.
    const latest = Math.max(
      0,
      ...[...claimedAt].filter(([, t]) => invoked && t < invoked.t).map(([g]) => g),
    );
    const what = e.op === 'checkpoint' || e.op === 'begin' ? `${e.op} of ${e.step}` : e.op;
    const seen = [...known, ...found].some((s) => s.generation === e.generation && s.what === what);
    if (isStaleWrite(e.generation, latest) && !seen) {
      found.push({
        what,
        generation: e.generation,
        newer: latest,
        pick: (x) => x === e || x === invoked,
      });
    }
  }
  return found;
}

/**
 * The stale writes of one run: those the databases' own log shows, then those only the history
 * dates. The crash lab's no-stale-write check (lab-property-checks.ts) reports each.
 */
export function staleWrites(evidence: StaleWriteEvidence): StaleWrite[] {
  const fromDatabases = inDatabases(evidence);
  return [...fromDatabases, ...inHistory(evidence, fromDatabases)];
}
