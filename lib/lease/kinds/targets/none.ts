import type { KindObject } from './unit';

/** The kind's id (its encoding in settings and share links). */
export type UncheckedId = typeof ID;
const ID = 'none';

/** Nothing is checked. */
export interface UncheckedFence {
  kind: typeof ID;
}

export const NO_CHECK = {
  id: ID,
  label: 'No check',
  setting: () => ({ kind: ID }),
  comparesToken: false,
  comparesKey: false,
  keepsGenerations: false,
  fenceOf: (): UncheckedFence => ({ kind: ID }),
  fence: (): UncheckedFence => ({ kind: ID }),
  rules: {
    admitSql: () => '1',
    admitsAll: true,
    keepsKey: () => false,
    comparesToken: () => false,
    registers: () => false,
    checks: () => [],
  },
  samples: [{ kind: ID }],
} as const satisfies KindObject<typeof ID, UncheckedFence>;
