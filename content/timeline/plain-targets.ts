import type { TargetsConfig } from '@/lib/timeline';

/** An object store that overwrites and a gateway that learns a token on its first write. */
export const PLAIN_TARGETS: TargetsConfig = { objectStore: 'overwrite', gateway: 'first-write' };
