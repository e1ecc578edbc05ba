import type { FaultPoint } from '@/lib/crashlab';

/** Each fault point in words; the code name stays beside it (the CLI and the logs use it). */
export const FAULT_NAMES: Record<FaultPoint, string> = {
  'before_checkpoint:collect': 'dies inside collect, before its checkpoint',
  after_collect: 'dies just after collect’s checkpoint',
  'before_checkpoint:draft': 'dies inside draft, before its checkpoint',
  after_draft: 'dies just after draft’s checkpoint',
  'before_checkpoint:verify': 'dies inside verify, before its checkpoint',
  after_verify: 'dies just after verify’s checkpoint',
  after_effect: 'dies after the publisher wrote the receipt, before publish’s checkpoint',
  after_publish: 'dies after every checkpoint, before the run is finished',
};

/** Whether a table cell holds a clock reading (seconds since 1970) rather than a count. */
export function isClockReading(column: string, value: unknown): value is number {
  return typeof value === 'number' && value > 1e9 && /until|_at$|^at$|time/i.test(column);
}

/** A clock reading relative to the experiment's first one: "t = 3.2 s". */
export function relativeTime(value: number, origin: number): string {
  return `t = ${(value - origin).toFixed(1)} s`;
}
