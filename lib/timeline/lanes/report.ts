import type { Lane } from './unit';

/** The design's own downstream report store (a checker design's report write and its own check). */
export const REPORT_LANE = {
  id: 'report',
  label: () => 'Report store (the design’s own check)',
  events: ['report-write'],
} as const satisfies Lane;
