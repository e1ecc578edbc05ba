import type { Evaluation, LabSnapshot } from '@/lib/crashlab';
import { STEPS } from '@/lib/crashlab';

const seconds = (s: number) => `${s.toFixed(1)} s`;

/** What `inspect` prints: both databases, read at database time `now`. */
export function formatSnapshot(snapshot: LabSnapshot, now: number): string {
  const { run } = snapshot;
  const left = run.leaseUntil - now;
  const lease =
    run.status !== 'running'
      ? 'none'
      : left > 0
        ? `${seconds(left)} left`
        : `expired ${seconds(-left)} ago: another worker may take over`;
  const lines = [
    `task database`,
    `  run:        ${snapshot.runId} (publish operation ${snapshot.operationId})`,
    `  status:     ${snapshot.status}`,
    `  owner:      ${run.owner || '(nobody)'}`,
    `  generation: ${run.fence}`,
    `  lease:      ${lease}`,
    ...STEPS.map((step) => {
      const saved = snapshot.checkpoints.find((c) => c.step === step);
      const ran = snapshot.attempts.filter((a) => a.step === step).length;
      return `  ${`${step}:`.padEnd(11)} ${saved ? `checkpoint saved (generation ${saved.generation}, ${saved.owner})` : 'no checkpoint'}, ran ${ran}×`;
    }),
    `  claims:     ${snapshot.claims.map((c) => `gen${c.generation} ${c.owner}`).join(', ') || 'none'}`,
    `publisher database`,
    `  highest generation seen: ${snapshot.publisher.highestGeneration}`,
    `  receipts:   ${snapshot.publisher.receipts.length}${snapshot.publisher.receipts.map((r) => ` [#${r.receiptId} ${r.operationId} gen${r.generation}]`).join('')}`,
    `  requests:   ${snapshot.publisher.requests.map((r) => `gen${r.generation} ${r.outcome}`).join(', ') || 'none'}`,
  ];
  return lines.join('\n');
}

/** What `evaluate` prints: each check with its evidence, then the verdict. */
export function formatEvaluation(evaluation: Evaluation): string {
  const lines = evaluation.checks.map(
    (c) => `${c.passed ? 'PASS' : 'FAIL'}  ${c.id.padEnd(20)} ${c.title}: ${c.evidence}`,
  );
  const failed = evaluation.checks.filter((c) => !c.passed).map((c) => c.id);
  lines.push(
    failed.length
      ? `FAILED: ${failed.join(', ')}`
      : `all ${evaluation.checks.length} checks passed`,
  );
  return lines.join('\n');
}

/** A plain text table with aligned columns. */
export function table(header: string[], rows: (string | number)[][]): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells
    .map((r) =>
      r
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}
