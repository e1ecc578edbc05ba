import { firstViolation, type LeaseEvent } from '@/lib/lease';
import type { LabSnapshot } from './types';
import { STEPS } from './types';

export type CheckId =
  | 'run-succeeded'
  | 'steps-checkpointed'
  | 'no-step-redone'
  | 'generation-per-claim'
  | 'one-receipt'
  | 'receipt-recorded'
  | 'publisher-fenced';

export interface Check {
  id: CheckId;
  title: string;
  passed: boolean;
  /** What the databases hold that decides the check, in a sentence. */
  evidence: string;
}

export interface Evaluation {
  passed: boolean;
  checks: Check[];
  /** The figures the sweep prints. */
  figures: { generation: number; collectCount: number; receipts: number };
}

/**
 * Judges a finished experiment from both databases alone (never from what a worker said).
 * The same checks run in the CLI's evaluate command and the browser's evaluate panel.
 */
export function evaluate(snapshot: LabSnapshot): Evaluation {
  const { run, checkpoints, attempts, claims, publisher, operationId } = snapshot;
  const checks: Check[] = [];
  const add = (id: CheckId, title: string, passed: boolean, evidence: string) =>
    checks.push({ id, title, passed, evidence });

  add(
    'run-succeeded',
    'The run succeeded',
    snapshot.status === 'succeeded',
    `status ${snapshot.status}, owner ${run.owner || '(nobody)'}, generation ${run.fence}`,
  );

  const saved = STEPS.map((step) => checkpoints.find((c) => c.step === step));
  const missing = STEPS.filter((_, i) => !saved[i]);
  add(
    'steps-checkpointed',
    'Every step has a checkpoint',
    missing.length === 0 && saved.every((c) => !c || c.generation <= run.fence),
    missing.length
      ? `missing: ${missing.join(', ')}`
      : saved.map((c) => `${c!.step}@gen${c!.generation}`).join(', '),
  );

  const redone: string[] = [];
  const counts = STEPS.map((step) => {
    const mine = attempts.filter((a) => a.step === step);
    const checkpoint = checkpoints.find((c) => c.step === step);
    const after = checkpoint ? mine.filter((a) => a.attemptId > checkpoint.attemptId) : [];
    if (after.length > 0) redone.push(`${step} ran ${after.length}× after its checkpoint`);
    return `${step} ran ${mine.length}×`;
  });
  add(
    'no-step-redone',
    'No checkpointed step was done again',
    redone.length === 0,
    redone.length ? redone.join('; ') : counts.join(', '),
  );

  const gaps = claims.some((c, i) => c.generation !== i + 1);
  add(
    'generation-per-claim',
    'Every claim raised the generation by one',
    !gaps && claims.length === run.fence,
    `${claims.length} claim(s): ${claims.map((c) => `gen${c.generation} by ${c.owner}`).join(', ') || 'none'}; run generation ${run.fence}`,
  );

  const mine = publisher.receipts.filter((r) => r.operationId === operationId);
  add(
    'one-receipt',
    'The publisher holds exactly one receipt',
    publisher.receipts.length === 1 && mine.length === 1,
    `${publisher.receipts.length} receipt(s) in the publisher database, ${mine.length} for operation ${operationId}; ` +
      `${publisher.requests.length} publish request(s): ${publisher.requests.map((r) => `gen${r.generation} ${r.outcome}`).join(', ') || 'none'}`,
  );

  const publishCheckpoint = checkpoints.find((c) => c.step === 'publish');
  let recordedId: number | null = null;
  try {
    recordedId = publishCheckpoint ? Number(JSON.parse(publishCheckpoint.output).receiptId) : null;
  } catch {
    recordedId = null;
  }
  add(
    'receipt-recorded',
    'The task database records the publisher’s receipt',
    recordedId !== null && mine.length === 1 && mine[0].receiptId === recordedId,
    `publish checkpoint says receipt ${recordedId ?? '(none)'}, publisher holds ${mine.map((r) => r.receiptId).join(', ') || 'none'}`,
  );

  // Replay the publisher's log as the neutral event log of lib/lease/properties.ts: each request
  // that raised the generation begins it, and an accepted publish from an older generation would
  // be a stale write that landed (property 1).
  const log: LeaseEvent[] = [];
  let latest = 0;
  for (const request of publisher.requests) {
    if (request.generation > latest) {
      for (let g = latest + 1; g <= request.generation; g++)
        log.push({ kind: 'claim', holder: `gen${g}`, token: g, finalBefore: false });
      latest = request.generation;
    }
    if (request.outcome === 'accepted')
      log.push({
        kind: 'landed',
        holder: `gen${request.generation}`,
        target: 'publisher',
        finish: false,
      });
  }
  const staleAccepted: string[] = [];
  for (
    let found = firstViolation(log);
    found && found.kind === 'stale-write';
    found = firstViolation(log)
  ) {
    const e = log[found.at];
    if (e.kind === 'landed') staleAccepted.push(e.holder);
    log.splice(found.at, 1);
  }
  add(
    'publisher-fenced',
    'The publisher refused stale generations and knows the current one',
    publisher.highestGeneration === run.fence && staleAccepted.length === 0,
    `publisher's highest generation ${publisher.highestGeneration}, run generation ${run.fence}` +
      (staleAccepted.length ? `; stale publish accepted from ${staleAccepted.join(', ')}` : ''),
  );

  return {
    passed: checks.every((c) => c.passed),
    checks,
    figures: {
      generation: run.fence,
      collectCount: attempts.filter((a) => a.step === 'collect').length,
      receipts: publisher.receipts.length,
    },
  };
}
