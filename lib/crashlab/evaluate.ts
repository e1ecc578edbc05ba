import {
  explainHistoryViolation,
  firstViolation,
  isStaleWrite,
  type Explained,
  type HistoryViolationFact,
  type LeaseEvent,
  WALL_CLOCK_VOCABULARY,
} from '@/lib/lease';
import { formatEntry, type HistoryEntry } from './history';
import { STEPS, type LabSnapshot } from './types';

/**
 * What evaluate checks, over both databases and the history: the rulebook's properties (no
 * stale write lands, the generation only grows; lib/lease/properties.ts decides both) and the
 * crash lab's own promises (every run succeeds, one receipt each, no checkpointed step redone).
 */
export const LAB_PROPERTIES = [
  'every-run-succeeded',
  'one-receipt-per-run',
  'no-stale-write',
  'no-step-redone',
  'fences-increase',
] as const;
export type LabProperty = (typeof LAB_PROPERTIES)[number];

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

type Pick = (e: HistoryEntry) => boolean;

/**
 * Judges an experiment from what both databases hold (never from what a worker said), and uses
 * the history to find the stale writes the databases cannot date, and to print each
 * violation's shortest excerpt: the lines of that run that show it, nothing else. The browser's
 * evaluate panel and the CLI's evaluate and chaos run this one function.
 */
export function evaluate(snapshot: LabSnapshot, history: readonly HistoryEntry[] = []): Evaluation {
  const violations: LabViolation[] = [];
  const t0 = history[0]?.t ?? 0;
  const excerpt = (picks: Pick[]) =>
    history.filter((e) => picks.some((p) => p(e))).map((e) => formatEntry(e, t0));
  const claimOf =
    (run: string, generation: number): Pick =>
    (e) =>
      e.type === 'complete' &&
      e.op === 'claim' &&
      e.run === run &&
      e.generation === generation &&
      e.outcome === 'applied';
  const add = (property: LabProperty, found: HistoryViolationFact, picks: Pick[]) =>
    violations.push({
      property,
      runId: found.run,
      message: explainHistoryViolation(found, WALL_CLOCK_VOCABULARY),
      excerpt: excerpt(picks),
    });

  const claimsBy = new Map<string, typeof snapshot.claims>();
  for (const c of snapshot.claims) claimsBy.set(c.runId, [...(claimsBy.get(c.runId) ?? []), c]);

  for (const run of snapshot.runs) {
    const id = run.runId;
    const claims = claimsBy.get(id) ?? [];
    if (run.status !== 'done') {
      add(
        'every-run-succeeded',
        { kind: 'not-succeeded', run: id, status: run.status, token: run.fence },
        [(e) => e.type === 'complete' && e.run === id],
      );
    }
    const op = snapshot.operations[id];
    const receipts = snapshot.publisher.receipts.filter(
      (r) => r.runId === id || r.operationId === op,
    );
    const publishCheckpoint = snapshot.checkpoints.find(
      (c) => c.runId === id && c.step === 'publish',
    );
    let recorded: number | null = null;
    try {
      recorded = publishCheckpoint ? Number(JSON.parse(publishCheckpoint.output).receiptId) : null;
    } catch {
      recorded = null;
    }
    if (run.status === 'done' && (receipts.length !== 1 || receipts[0].receiptId !== recorded)) {
      add(
        'one-receipt-per-run',
        { kind: 'receipts', run: id, receipts: receipts.length, recorded },
        [(e) => e.type === 'complete' && e.op === 'publish' && e.run === id],
      );
    } else if (receipts.length > 1) {
      add('one-receipt-per-run', { kind: 'receipts', run: id, receipts: receipts.length }, [
        (e) => e.type === 'complete' && e.op === 'publish' && e.run === id,
      ]);
    }

    // Property 1 of the rulebook over the databases' own log of this run, dated by the one
    // server clock: each claim begins a generation, each checkpoint and applied publish lands.
    // On a tie a generation's claim comes before its own writes and after older generations'
    // (a newer claim at the same instant did not precede a write).
    type Dated = { t: number; order: number; event: LeaseEvent; generation: number };
    const dated: (Dated & { pick?: Pick; what?: string })[] = claims.map((c) => ({
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
    const staleWrites: { what: string; generation: number; newer: number; pick: Pick }[] = [];
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
      const known = staleWrites.some((s) => s.generation === e.generation && s.what === what);
      if (isStaleWrite(e.generation, latest) && !known) {
        staleWrites.push({
          what,
          generation: e.generation,
          newer: latest,
          pick: (x) => x === e || x === invoked,
        });
      }
    }
    for (const s of staleWrites) {
      const stalePid = history.find((e) => claimOf(id, s.generation)(e))?.pid;
      add(
        'no-stale-write',
        { kind: 'stale-write', run: id, what: s.what, token: s.generation, newer: s.newer },
        [
          claimOf(id, s.generation),
          claimOf(id, s.newer),
          (e) =>
            e.type === 'nemesis' &&
            e.pid === stalePid &&
            (e.action === 'pause' || e.action === 'resume'),
          s.pick,
        ],
      );
    }

    for (const step of STEPS) {
      const checkpoint = snapshot.checkpoints.find((c) => c.runId === id && c.step === step);
      if (!checkpoint) continue;
      const after = snapshot.attempts.filter(
        (a) => a.runId === id && a.step === step && a.attemptId > checkpoint.attemptId,
      );
      if (after.length > 0) {
        add(
          'no-step-redone',
          { kind: 'step-redone', run: id, step, times: after.length, token: checkpoint.generation },
          [
            (e) =>
              e.type !== 'process' &&
              e.type !== 'nemesis' &&
              e.run === id &&
              e.step === step &&
              (e.op === 'checkpoint' || e.op === 'begin') &&
              e.type === 'complete',
          ],
        );
      }
    }

    const gaps = claims.some(
      (c, i) => c.generation !== i + 1 || (i > 0 && c.claimedAt < claims[i - 1].claimedAt),
    );
    const seen = history
      .filter((e) => claimOf(id, e.type === 'complete' ? (e.generation ?? -1) : -1)(e))
      .map((e) => (e as { generation: number }).generation);
    const backwards = seen.some((g, i) => i > 0 && g <= seen[i - 1]);
    if (gaps || backwards || claims.length !== run.fence) {
      add(
        'fences-increase',
        { kind: 'generations', run: id, claims: claims.map((c) => c.generation), token: run.fence },
        [(e) => e.type === 'complete' && e.op === 'claim' && e.run === id],
      );
    }
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
