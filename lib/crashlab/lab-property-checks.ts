import type { HistoryViolationFact } from '@/lib/lease';
import type { HistoryEntry } from './history';
import { staleWrites } from './lab-stale-writes';
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

/** Picks the history lines that show a violation (its shortest excerpt). */
export type HistoryPick = (e: HistoryEntry) => boolean;

/** What one property's check reads: both databases, the history, and one run with its claims. */
export interface RunEvidence {
  snapshot: LabSnapshot;
  history: readonly HistoryEntry[];
  run: LabSnapshot['runs'][number];
  claims: LabSnapshot['claims'];
}

/** A violation as a check finds it: the fact the explainer words, and the lines that show it. */
export interface LabFinding {
  fact: HistoryViolationFact;
  picks: HistoryPick[];
}

/** The applied claim of `run` by `generation` in the history. */
const claimOf =
  (run: string, generation: number): HistoryPick =>
  (e) =>
    e.type === 'complete' &&
    e.op === 'claim' &&
    e.run === run &&
    e.generation === generation &&
    e.outcome === 'applied';

/** Every run ends done. */
function everyRunSucceeded({ run }: RunEvidence): LabFinding[] {
  if (run.status === 'done') return [];
  const id = run.runId;
  return [
    {
      fact: { kind: 'not-succeeded', run: id, status: run.status, token: run.fence },
      picks: [(e) => e.type === 'complete' && e.run === id],
    },
  ];
}

/** A done run has one receipt at the publisher, the one its publish checkpoint records. */
function oneReceiptPerRun({ snapshot, run }: RunEvidence): LabFinding[] {
  const id = run.runId;
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
  const picks: HistoryPick[] = [(e) => e.type === 'complete' && e.op === 'publish' && e.run === id];
  if (run.status === 'done' && (receipts.length !== 1 || receipts[0].receiptId !== recorded))
    return [{ fact: { kind: 'receipts', run: id, receipts: receipts.length, recorded }, picks }];
  if (receipts.length > 1)
    return [{ fact: { kind: 'receipts', run: id, receipts: receipts.length }, picks }];
  return [];
}

/** No write of an older generation lands after a newer generation claimed the run. */
function noStaleWrite(evidence: RunEvidence): LabFinding[] {
  const id = evidence.run.runId;
  const { snapshot, history, claims } = evidence;
  return staleWrites({ snapshot, history, runId: id, claims }).map((s) => {
    const stalePid = history.find((e) => claimOf(id, s.generation)(e))?.pid;
    return {
      fact: { kind: 'stale-write', run: id, what: s.what, token: s.generation, newer: s.newer },
      picks: [
        claimOf(id, s.generation),
        claimOf(id, s.newer),
        (e) =>
          e.type === 'nemesis' &&
          e.pid === stalePid &&
          (e.action === 'pause' || e.action === 'resume'),
        s.pick,
      ],
    };
  });
}

/** No step is started again after its checkpoint. */
function noStepRedone({ snapshot, run }: RunEvidence): LabFinding[] {
  const id = run.runId;
  const found: LabFinding[] = [];
  for (const step of STEPS) {
    const checkpoint = snapshot.checkpoints.find((c) => c.runId === id && c.step === step);
    if (!checkpoint) continue;
    const after = snapshot.attempts.filter(
      (a) => a.runId === id && a.step === step && a.attemptId > checkpoint.attemptId,
    );
    if (after.length > 0)
      found.push({
        fact: {
          kind: 'step-redone',
          run: id,
          step,
          times: after.length,
          token: checkpoint.generation,
        },
        picks: [
          (e) =>
            e.type !== 'process' &&
            e.type !== 'nemesis' &&
            e.run === id &&
            e.step === step &&
            (e.op === 'checkpoint' || e.op === 'begin') &&
            e.type === 'complete',
        ],
      });
  }
  return found;
}

/** The run's claims carry generations 1, 2, … in claim order, as many as its fence says. */
function fencesIncrease({ history, run, claims }: RunEvidence): LabFinding[] {
  const id = run.runId;
  const gaps = claims.some(
    (c, i) => c.generation !== i + 1 || (i > 0 && c.claimedAt < claims[i - 1].claimedAt),
  );
  const seen = history
    .filter((e) => claimOf(id, e.type === 'complete' ? (e.generation ?? -1) : -1)(e))
    .map((e) => (e as { generation: number }).generation);
  const backwards = seen.some((g, i) => i > 0 && g <= seen[i - 1]);
  if (!gaps && !backwards && claims.length === run.fence) return [];
  return [
    {
      fact: {
        kind: 'generations',
        run: id,
        claims: claims.map((c) => c.generation),
        token: run.fence,
      },
      picks: [(e) => e.type === 'complete' && e.op === 'claim' && e.run === id],
    },
  ];
}

/** One check per property of the lab, each over one run. */
export const LAB_PROPERTY_CHECKS: Record<LabProperty, (evidence: RunEvidence) => LabFinding[]> = {
  'every-run-succeeded': everyRunSucceeded,
  'one-receipt-per-run': oneReceiptPerRun,
  'no-stale-write': noStaleWrite,
  'no-step-redone': noStepRedone,
  'fences-increase': fencesIncrease,
};
