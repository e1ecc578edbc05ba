import type { SqlDriver } from '@/lib/sqlite';
import { createLeaseModel } from './model';
import type { LeaseDesign } from './types';

/**
 * The lesson's demo: A claims at time 0, B claims at 6 (A's 5-second lease has run out), then
 * A and B each try to finish at 7. Returns the printed lines: `1 2`, `old: 0`, `new: 1`.
 */
export function runLessonDemo(db: SqlDriver, design?: LeaseDesign): string[] {
  const model = createLeaseModel(db, { design, leaseSeconds: 5 });
  model.setup();
  const a = model.claim('A', 0);
  const b = model.claim('B', 6);
  const tokenA = a.ok ? a.fenceToken : 0;
  const tokenB = b.ok ? b.fenceToken : 0;
  return [
    `${a.ok ? a.fenceToken : 'None'} ${b.ok ? b.fenceToken : 'None'}`,
    `old: ${model.finish('A', tokenA, 7).changed}`,
    `new: ${model.finish('B', tokenB, 7).changed}`,
  ];
}

/** The demo's expected output, exactly as the lesson prints it. */
export const LESSON_DEMO_OUTPUT = ['1 2', 'old: 0', 'new: 1'] as const;
