import type { Evaluation } from './evaluate';

/* The counts an evaluation shows, in words (the browser's panel and the CLI read the same line). */

/** "1 run", "2 runs": a count with its noun, never "run(s)". */
export function counted(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** "1 run, 1 done, 1 receipt at the publisher". */
export function evaluationCounts(e: Pick<Evaluation, 'runs' | 'succeeded' | 'receipts'>): string {
  return `${counted(e.runs, 'run')}, ${e.succeeded} done, ${counted(e.receipts, 'receipt')} at the publisher`;
}
