'use client';

import { useEffect, useRef, useState } from 'react';
import { browserRecords, subscribeToRecords } from '@/lib/composition';
import type { SqlDriver } from '@/lib/sqlite';

/**
 * Reads something from the records database, and again whenever any tab writes it. `key` names
 * what is read (a new key reads anew); the answer carries the key it was read for, so a caller
 * can tell a stale one. Null until the first read lands.
 */
export function useRecordsRead<T>(
  key: string,
  read: (db: SqlDriver) => T,
): { key: string; value: T } | null {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  const readRef = useRef(read);
  useEffect(() => {
    readRef.current = read;
  });
  useEffect(() => {
    let live = true;
    const refresh = () =>
      browserRecords()
        .read((db) => readRef.current(db))
        .then(
          (value) => live && setAnswer({ key, value }),
          () => undefined,
        );
    void refresh();
    const stop = subscribeToRecords(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  return answer;
}
