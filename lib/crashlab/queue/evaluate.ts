import { STEPS } from '@/lib/crashlab/types';
import { formatEntry, type HistoryEntry } from './history';
import type { QueueSnapshot } from './types';

/** The rulebook's properties, checked over both databases and the history. */
export const QUEUE_PROPERTIES = [
  'every-run-succeeded',
  'one-receipt-per-run',
  'no-stale-write',
  'no-step-redone',
  'generations-increase',
] as const;
export type QueueProperty = (typeof QUEUE_PROPERTIES)[number];

export interface QueueViolation {
  property: QueueProperty;
  runId: string;
  /** What is wrong, in one sentence. */
  message: string;
  /** The shortest excerpt of the history that shows it (empty without a history). */
  excerpt: string[];
}

export interface QueueEvaluation {
  passed: boolean;
  runs: number;
  succeeded: number;
  receipts: number;
  violations: QueueViolation[];
  /** Per property: how many violations it has. */
  counts: Record<QueueProperty, number>;
}

type Pick = (e: HistoryEntry) => boolean;

/**
 * Judges a queue experiment from what both databases hold (never from what a worker said),
 * and uses the history to find the stale writes the databases cannot date, and to print each
 * violation's shortest excerpt: the lines of that run that show it, nothing else.
 */
export function evaluateQueue(
  snapshot: QueueSnapshot,
  history: readonly HistoryEntry[] = [],
): QueueEvaluation {
  const violations: QueueViolation[] = [];
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
  const add = (property: QueueProperty, runId: string, message: string, picks: Pick[]) =>
    violations.push({ property, runId, message, excerpt: excerpt(picks) });

  const claimsBy = new Map<string, typeof snapshot.claims>();
  for (const c of snapshot.claims) claimsBy.set(c.runId, [...(claimsBy.get(c.runId) ?? []), c]);

  for (const run of snapshot.runs) {
    const id = run.runId;
    const claims = claimsBy.get(id) ?? [];
    if (run.status !== 'done') {
      add(
        'every-run-succeeded',
        id,
        `${id} is ${run.status} (generation ${run.fence}), not succeeded`,
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
        id,
        `${id} has ${receipts.length} receipt(s) at the publisher; its publish checkpoint records receipt ${recorded ?? '(none)'}`,
        [(e) => e.type === 'complete' && e.op === 'publish' && e.run === id],
      );
    } else if (receipts.length > 1) {
      add('one-receipt-per-run', id, `${id} has ${receipts.length} receipts at the publisher`, [
        (e) => e.type === 'complete' && e.op === 'publish' && e.run === id,
      ]);
    }

    // A write by generation g is stale once a later generation has claimed the run. The
    // databases date each write and each claim by the same server clock; the history dates
    // the moment a worker asked, which catches a write whose timestamp was read before the claim.
    const newerClaimBefore = (generation: number, at: number) =>
      claims.find((c) => c.generation > generation && c.claimedAt < at);
    const staleWrites: { what: string; generation: number; newer: number; pick: Pick }[] = [];
    for (const c of snapshot.checkpoints.filter((c) => c.runId === id)) {
      const newer = newerClaimBefore(c.generation, c.savedAt);
      if (newer)
        staleWrites.push({
          what: `checkpoint of ${c.step}`,
          generation: c.generation,
          newer: newer.generation,
          pick: (e) =>
            e.type !== 'process' &&
            e.type !== 'nemesis' &&
            e.op === 'checkpoint' &&
            e.run === id &&
            e.step === c.step &&
            e.generation === c.generation,
        });
    }
    for (const r of snapshot.publisher.requests.filter(
      (r) => r.runId === id && r.outcome === 'applied',
    )) {
      const newer = newerClaimBefore(r.generation, r.at);
      if (newer)
        staleWrites.push({
          what: 'publish',
          generation: r.generation,
          newer: newer.generation,
          pick: (e) =>
            e.type !== 'process' &&
            e.type !== 'nemesis' &&
            e.op === 'publish' &&
            e.run === id &&
            e.generation === r.generation,
        });
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
      const newer = [...claimedAt].find(([g, t]) => g > e.generation! && invoked && t < invoked.t);
      const what = e.op === 'checkpoint' || e.op === 'begin' ? `${e.op} of ${e.step}` : e.op;
      if (newer && !staleWrites.some((s) => s.generation === e.generation && s.what === what)) {
        staleWrites.push({
          what,
          generation: e.generation,
          newer: newer[0],
          pick: (x) => x === e || x === invoked,
        });
      }
    }
    for (const s of staleWrites) {
      const stalePid = history.find((e) => claimOf(id, s.generation)(e))?.pid;
      add(
        'no-stale-write',
        id,
        `${id}: the ${s.what} of generation ${s.generation} was applied after generation ${s.newer} claimed the run`,
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
          id,
          `${id}: ${step} was started ${after.length}× after its checkpoint (generation ${checkpoint.generation})`,
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
        'generations-increase',
        id,
        `${id}: claims ${claims.map((c) => `gen${c.generation}`).join(', ')} for a run at generation ${run.fence}`,
        [(e) => e.type === 'complete' && e.op === 'claim' && e.run === id],
      );
    }
  }

  const counts = Object.fromEntries(
    QUEUE_PROPERTIES.map((p) => [p, violations.filter((v) => v.property === p).length]),
  ) as Record<QueueProperty, number>;
  return {
    passed: violations.length === 0,
    runs: snapshot.runs.length,
    succeeded: snapshot.runs.filter((r) => r.status === 'done').length,
    receipts: snapshot.publisher.receipts.length,
    violations,
    counts,
  };
}

/** What `evaluate` prints: the verdict per property, then each violation with its excerpt. */
export function formatQueueEvaluation(evaluation: QueueEvaluation, limit = 5): string {
  const lines = [
    `${evaluation.runs} run(s), ${evaluation.succeeded} succeeded, ${evaluation.receipts} receipt(s) at the publisher`,
    ...QUEUE_PROPERTIES.map(
      (p) =>
        `${evaluation.counts[p] === 0 ? 'PASS' : 'FAIL'}  ${p.padEnd(20)} ${evaluation.counts[p]} violation(s)`,
    ),
  ];
  for (const v of evaluation.violations.slice(0, limit)) {
    lines.push('', `violation of ${v.property}: ${v.message}`);
    if (v.excerpt.length)
      lines.push('  shortest history excerpt:', ...v.excerpt.map((l) => `    ${l}`));
  }
  if (evaluation.violations.length > limit)
    lines.push('', `… and ${evaluation.violations.length - limit} more violation(s)`);
  lines.push(
    '',
    evaluation.passed
      ? `all ${QUEUE_PROPERTIES.length} properties hold: 0 violations`
      : `FAILED: ${evaluation.violations.length} violation(s)`,
  );
  return lines.join('\n');
}
