'use client';

import { useEffect, useRef, useState } from 'react';
import { browserRecords, subscribeToRecords } from '@/lib/composition';
import type { SqlDriver } from '@/lib/sqlite';

/**
 * Reads something from the records database, and again whenever any tab writes it. `key` names
 * what is read (a new key reads anew); the answer carries the key it was read for, so a caller
 * can tell a stale one. Null until the first read lands. `failure` says why the records could
 * not be read (storage blocked, or throwing on access), so a page never waits on them forever.
 */
export function useRecordsReadOrFailure<T>(
  key: string,
  read: (db: SqlDriver) => T,
): { answer: { key: string; value: T } | null; failure: string | null } {
  const [answer, setAnswer] = useState<{ key: string; value: T } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
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
          (value) => {
            if (!live) return;
            setAnswer({ key, value });
            setFailure(null);
          },
          (e: unknown) => live && setFailure(e instanceof Error ? e.message : String(e)),
        );
    void refresh();
    const stop = subscribeToRecords(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, [key]);
  return { answer, failure };
}

/** The answer of useRecordsReadOrFailure alone: null until the first read lands. */
export function useRecordsRead<T>(
  key: string,
  read: (db: SqlDriver) => T,
): { key: string; value: T } | null {
  return useRecordsReadOrFailure(key, read).answer;
}
