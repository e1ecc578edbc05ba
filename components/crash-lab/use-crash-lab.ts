'use client';

import { useEffect, useState, useSyncExternalStore } from 'react';
import { CrashLabHost, EMPTY_STATE } from '@/lib/crashlab';
import { startCrashLabWorker } from '@/lib/crashlab/client';

/** Time each step's work takes in a browser worker: long enough to press Kill in the middle. */
export const STEP_MS = 1200;

/** The page's crash lab: two sql.js databases and the Web Workers that race for their runs. */
export function useCrashLab(leaseSeconds: number) {
  const [host] = useState(
    () => new CrashLabHost({ leaseSeconds, stepMs: STEP_MS, createWorker: startCrashLabWorker }),
  );
  const state = useSyncExternalStore(host.subscribe, host.getState, () => EMPTY_STATE);
  useEffect(() => {
    void host.reset();
    return () => host.dispose();
  }, [host]);
  return { host, state };
}

/** Database time, refreshed a few times a second while a lease is counting down. */
export function useDatabaseNow(host: CrashLabHost, ticking: boolean): number {
  const [now, setNow] = useState(() => host.now());
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setNow(host.now()), 200);
    return () => clearInterval(timer);
  }, [host, ticking]);
  return now;
}
