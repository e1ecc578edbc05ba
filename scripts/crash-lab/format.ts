import {
  evaluationCounts,
  LAB_PROPERTIES,
  STEPS,
  type Evaluation,
  type LabSnapshot,
} from '@/lib/crashlab';
import { counted } from '@/lib/lease';

/** What `inspect` prints: every run (the first 20) and the publisher, read at database time `now`. */
export function formatSnapshot(snapshot: LabSnapshot, now: number): string {
  const counts = (status: string) => snapshot.runs.filter((r) => r.status === status).length;
  const lines = [
    `task database: ${counted(snapshot.runs.length, 'run')}: ${counts('queued')} queued, ${counts('running')} running, ${counts('done')} done` +
      (snapshot.removedFence ? ` (set up WITHOUT the ${snapshot.removedFence} fence)` : ''),
  ];
  for (const run of snapshot.runs.slice(0, 20)) {
    const steps = STEPS.map((s) => {
      const c = snapshot.checkpoints.find((x) => x.runId === run.runId && x.step === s);
      return c ? `${s}@fence=${c.generation}` : `${s}:-`;
    }).join(' ');
    const left = run.leaseUntil - now;
    const lease =
      run.status !== 'running'
        ? ''
        : left > 0
          ? `, lease ${left.toFixed(1)} s left`
          : `, lease expired ${(-left).toFixed(1)} s ago`;
    lines.push(
      `  ${run.runId}  ${run.status}  fence=${run.fence} ${run.owner || '(nobody)'}${lease}  ${steps}`,
    );
  }
  if (snapshot.runs.length > 20) lines.push(`  … ${snapshot.runs.length - 20} more`);
  const requests = snapshot.publisher.requests;
  lines.push(
    `publisher database: ${counted(snapshot.publisher.receipts.length, 'receipt')}; ${counted(requests.length, 'request')}: ` +
      ['applied', 'duplicate', 'refused']
        .map((o) => `${requests.filter((r) => r.outcome === o).length} ${o}`)
        .join(', '),
  );
  return lines.join('\n');
}

/** What `evaluate` prints: the verdict per property, then each violation with its excerpt. */
export function formatEvaluation(evaluation: Evaluation, limit = 5): string {
  const lines = [
    evaluationCounts(evaluation),
    ...LAB_PROPERTIES.map(
      (p) =>
        `${evaluation.counts[p] === 0 ? 'PASS' : 'FAIL'}  ${p.padEnd(20)} ${counted(evaluation.counts[p], 'violation')}`,
    ),
  ];
  for (const v of evaluation.violations.slice(0, limit)) {
    lines.push('', `violation of ${v.property}: ${v.message}`);
    if (v.excerpt.length)
      lines.push('  shortest history excerpt:', ...v.excerpt.map((l) => `    ${l}`));
  }
  if (evaluation.violations.length > limit)
    lines.push(
      '',
      `… and ${counted(evaluation.violations.length - limit, 'more violation', 'more violations')}`,
    );
  lines.push(
    '',
    evaluation.passed
      ? `all ${LAB_PROPERTIES.length} properties hold: 0 violations`
      : `FAILED: ${counted(evaluation.violations.length, 'violation')}`,
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
