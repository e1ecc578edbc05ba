'use client';

import { useEffect, useSyncExternalStore } from 'react';
import { showList, showMessage, shownLine } from '@/lib/bounded';
import {
  browserStore,
  claimSetAsideNotices,
  dismissSetAsideNotices,
  setAsideVersion,
  subscribeToSetAside,
  unclaimedSetAsideNotices,
  STORAGE_UNAVAILABLE,
} from '@/lib/storage';
import { Button } from '@/components/ui/button';

const serverVersion = () => -1;
const noSubscription = () => () => {};
const storageAvailable = () => browserStore() !== null;
const serverAvailable = () => true;

/**
 * Whether this browser gives the site storage (false where its settings block it): known only
 * in the browser, so the server render and hydration assume it does.
 */
export function useStorageAvailable(): boolean {
  return useSyncExternalStore(noSubscription, storageAvailable, serverAvailable);
}

/**
 * The page's one notice for stored values moved aside (lib/storage's set-aside log): whatever
 * key a page met damaged or foreign, the learner reads that it was kept aside, and where. In the
 * root layout, so every page has it; a part of the page with its own notice for some keys claims
 * them (useOwnStorageNotices) and they are left to it.
 */
export function StorageNotices() {
  const version = useSyncExternalStore(subscribeToSetAside, setAsideVersion, serverVersion);
  const available = useStorageAvailable();
  if (!available)
    return (
      <div className="mx-auto max-w-6xl px-4 pt-4">
        <p
          role="alert"
          aria-label="Browser storage unavailable"
          className="rounded-md border-l-4 border-bad bg-surface-2 px-3 py-2"
        >
          {STORAGE_UNAVAILABLE}
        </p>
      </div>
    );
  if (version < 0) return null;
  const shown = showList(unclaimedSetAsideNotices(), 10);
  if (shown.items.length === 0) return null;
  const more = shownLine(shown.count, 'values');
  return (
    <div className="mx-auto max-w-6xl px-4 pt-4">
      <div
        role="alert"
        aria-label="Stored data kept aside"
        className="space-y-2 rounded-md border-l-4 border-bad bg-surface-2 px-3 py-2"
      >
        {shown.items.map((notice) => (
          <p key={`${notice.key}:${notice.message}`}>{showMessage(notice.message)}</p>
        ))}
        {more ? <p>{more}</p> : null}
        <Button onClick={dismissSetAsideNotices}>Dismiss</Button>
      </div>
    </div>
  );
}

/** Claims the keys starting with `prefix` for this component's own notice while it is shown. */
export function useOwnStorageNotices(prefix: string): void {
  useEffect(() => claimSetAsideNotices(prefix), [prefix]);
}
