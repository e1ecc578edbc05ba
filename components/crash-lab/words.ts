import type { FaultPoint } from '@/lib/crashlab';

/** Each fault point in words; the code name stays beside it (the CLI and the logs use it). */
export const FAULT_NAMES: Record<FaultPoint, string> = {
  'before_checkpoint:collect': 'inside collect, before checkpoint',
  after_collect: 'after collect’s checkpoint',
  'before_checkpoint:draft': 'inside draft, before checkpoint',
  after_draft: 'after draft’s checkpoint',
  'before_checkpoint:verify': 'inside verify, before checkpoint',
  after_verify: 'after verify’s checkpoint',
  after_effect: 'after the receipt, before checkpoint',
  after_publish: 'after every checkpoint',
};

/** Whether a table cell holds a clock reading (seconds since 1970) rather than a count. */
export function isClockReading(column: string, value: unknown): value is number {
  return typeof value === 'number' && value > 1e9 && /until|_at$|^at$|time/i.test(column);
}

/** A clock reading relative to the experiment's first one: "t = 3.2 s". */
export function relativeTime(value: number, origin: number): string {
  return `t = ${(value - origin).toFixed(1)} s`;
}
