import { NO_CHECK } from './none';
import { idOnlyKind, type KindObject } from './unit';

/** The kind's id (its encoding in settings and share links). */
export type VersionedId = typeof ID;
const ID = 'versioned';

/** Every put makes an immutable version; only a fenced commit (the run row) moves the reference. */
export interface VersionedFence {
  kind: typeof ID;
}

export const VERSIONED = {
  ...idOnlyKind(ID),
  label: 'Versions + fenced reference',
  comparesToken: false,
  comparesKey: false,
  /** An upload is stored as a version; only the fenced commit makes one official. */
  storesVersions: true,
  // It admits every upload, as a store with no check does: the commit at the run row decides.
  rules: NO_CHECK.rules,
} as const satisfies KindObject<typeof ID, VersionedFence>;
