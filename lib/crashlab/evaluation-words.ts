import { counted } from '@/lib/lease';
import type { Evaluation } from './evaluate';

/* The counts an evaluation shows, in words (the browser's panel and the CLI read the same line). */

/** "1 run, 1 done, 1 receipt at the publisher". */
export function evaluationCounts(e: Pick<Evaluation, 'runs' | 'succeeded' | 'receipts'>): string {
  return `${counted(e.runs, 'run')}, ${e.succeeded} done, ${counted(e.receipts, 'receipt')} at the publisher`;
}
