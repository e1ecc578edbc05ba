import { idOnlyKind, keyCheck, keySeenSql, type KindObject } from './unit';

/** The kind's id (its encoding in settings and share links). */
export type KeyOnlyId = typeof ID;
const ID = 'key-only';

/** Only an idempotency key: a repeat of the same key is a duplicate; tokens are not known. */
export interface KeyOnlyFence {
  kind: typeof ID;
}

export const KEY_ONLY = {
  ...idOnlyKind(ID),
  label: 'Idempotency key only',
  comparesToken: false,
  comparesKey: true,
  rules: {
    admitSql: (_fence, resource) => `NOT ${keySeenSql(resource)}`,
    keepsKey: () => true,
    comparesToken: () => false,
    registers: () => false,
    checks(_fence, w) {
      if (!w.key) throw new Error(`A key-only fence at ${w.target} needs the key it compared.`);
      return [keyCheck('key', w.key.key, w.key.storedBy)];
    },
  },
} as const satisfies KindObject<typeof ID, KeyOnlyFence>;
