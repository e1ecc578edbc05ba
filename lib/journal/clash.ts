import type { EntryMeta } from './state';

/**
 * Two stored entries under one id: the same version stored twice (two imports at once), or
 * another version whose id was edited by hand, kept beside it as an import keeps a clash.
 */

/** Whether two stored entries under one id are one version stored twice (all fields alike). */
export function sameEntry(a: EntryMeta, b: EntryMeta): boolean {
  return (
    a.gen === b.gen &&
    a.base === b.base &&
    a.parent === b.parent &&
    a.time === b.time &&
    a.size === b.size &&
    a.kind === b.kind &&
    a.stale === b.stale &&
    a.restoredFrom === b.restoredFrom
  );
}

/** The id shown for an entry whose stored id another entry holds: the same in every tab. */
export function clashId(id: string, key: string): string {
  const [writer, seq] = key.split('.').slice(-2);
  return `${id}_${writer}_${seq}`.slice(-64); // an entry id's characters (schema.ts)
}
