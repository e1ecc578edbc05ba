import type { Lane } from './unit';

/** The database's lane: the run row and the draft (the lease design's own statements). */
export const RUN_LANE = {
  id: 'run',
  label: () => 'Database (run row, draft)',
  events: ['claim', 'renew', 'finish', 'cancel', 'draft', 'rescue'],
} as const satisfies Lane;
