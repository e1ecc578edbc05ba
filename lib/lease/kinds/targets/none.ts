import { idOnlyKind, type KindObject } from './unit';

/** The kind's id (its encoding in settings and share links). */
export type UncheckedId = typeof ID;
const ID = 'none';

/** Nothing is checked. */
export interface UncheckedFence {
  kind: typeof ID;
}

export const NO_CHECK = {
  ...idOnlyKind(ID),
  label: 'No check',
  comparesToken: false,
  comparesKey: false,
  rules: {
    admitSql: () => '1',
    admitsAll: true,
    keepsKey: () => false,
    comparesToken: () => false,
    registers: () => false,
    checks: () => [],
  },
} as const satisfies KindObject<typeof ID, UncheckedFence>;
