/**
 * Every value this page's storage door moved aside (or could not), kept for one notice: the
 * page's storage notice (components/storage/storage-notices.tsx, in the root layout) shows each
 * one, on whatever page the value was met, unless a part of the page that shows its own notice
 * for those keys has claimed them (the journal on /reflect). One place, so no key can be moved
 * aside in silence (issue 42: a foreign value under the prediction drafts was moved aside on
 * /practice/timeline with nothing said).
 */

/** One value moved aside: its key, where it went (null: it could not be kept), and the words. */
export interface SetAsideNotice {
  key: string;
  backupKey: string | null;
  message: string;
}

let notices: readonly SetAsideNotice[] = [];
const listeners = new Set<() => void>();
let pending = false;
let version = 0;

function changed(): void {
  version += 1;
  for (const listener of listeners) listener();
}

/** A number that changes whenever the notices or the claims change (for useSyncExternalStore). */
export function setAsideVersion(): number {
  return version;
}

/** Records a value moved aside; listeners hear of it in a microtask (never inside a render). */
export function announceSetAside(notice: SetAsideNotice): void {
  if (notices.some((n) => n.key === notice.key && n.message === notice.message)) return;
  notices = [...notices, notice];
  if (pending) return;
  pending = true;
  queueMicrotask(() => {
    pending = false;
    changed();
  });
}

/** The values moved aside so far and not dismissed (the same array until one is added). */
export function setAsideNotices(): readonly SetAsideNotice[] {
  return notices;
}

/** Those not claimed by a part of the page that shows its own notice (a new array each call). */
export function unclaimedSetAsideNotices(): SetAsideNotice[] {
  return notices.filter((n) => !isClaimed(n.key));
}

/** The learner read them: they are not shown again on this page. */
export function dismissSetAsideNotices(): void {
  notices = [];
  changed();
}

/** Calls listener whenever a value is moved aside or the notices are dismissed. */
export function subscribeToSetAside(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const claims = new Map<string, number>();

/**
 * A part of the page that shows its own notice for keys starting with `prefix` claims them while
 * it is shown; returns the release. The page's storage notice leaves claimed keys to it.
 */
export function claimSetAsideNotices(prefix: string): () => void {
  claims.set(prefix, (claims.get(prefix) ?? 0) + 1);
  changed();
  return () => {
    const left = (claims.get(prefix) ?? 1) - 1;
    if (left > 0) claims.set(prefix, left);
    else claims.delete(prefix);
    changed();
  };
}

/** Whether a part of the page shows its own notice for this key. */
export function isClaimed(key: string): boolean {
  for (const prefix of claims.keys()) if (key.startsWith(prefix)) return true;
  return false;
}
