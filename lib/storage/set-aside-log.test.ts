import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createLocalDoor } from './local';
import { memoryKeyValueStore } from './memory';
import {
  claimSetAsideNotices,
  dismissSetAsideNotices,
  setAsideNotices,
  subscribeToSetAside,
  unclaimedSetAsideNotices,
} from './set-aside-log';

// Issue 42, point 5: a value moved aside by the door is announced to the page's one storage
// notice, whatever key it was under, unless a part of the page that tells of it itself claims it.

describe('every value the door moves aside is announced', () => {
  it('a damaged read and a value set aside by its caller are announced once each; claims leave them to their reader', async () => {
    dismissSetAsideNotices();
    const store = memoryKeyValueStore();
    store.setItem('lease-lab.prediction-drafts.v1', '{"x":5}');
    store.setItem('lease-lab.journal.v1.main.w.0', '{"v":1}');
    const door = createLocalDoor(store, () => 7);
    let heard = 0;
    const stop = subscribeToSetAside(() => (heard += 1));
    const drafts = z.record(z.string(), z.object({ at: z.number() }));
    expect(door.read('lease-lab.prediction-drafts.v1', drafts, {}).ok).toBe(false);
    expect(door.read('lease-lab.prediction-drafts.v1', drafts, {}).ok).toBe(true); // moved aside
    door.setAside('lease-lab.journal.v1.main.w.0');
    await Promise.resolve();
    expect(heard).toBe(1); // once per microtask, never inside the read (a render)
    expect(setAsideNotices().map((n) => [n.key, n.backupKey])).toEqual([
      ['lease-lab.prediction-drafts.v1', 'lease-lab.prediction-drafts.v1.corrupt.7'],
      ['lease-lab.journal.v1.main.w.0', 'lease-lab.journal.v1.main.w.0.corrupt.7'],
    ]);
    expect(setAsideNotices()[0].message).toMatch(
      /^Stored data under "lease-lab\.prediction-drafts\.v1" was damaged .*kept aside as "lease-lab\.prediction-drafts\.v1\.corrupt\.7"/,
    );
    const release = claimSetAsideNotices('lease-lab.journal.v1.');
    expect(unclaimedSetAsideNotices().map((n) => n.key)).toEqual([
      'lease-lab.prediction-drafts.v1',
    ]);
    release();
    expect(unclaimedSetAsideNotices()).toHaveLength(2);
    dismissSetAsideNotices();
    expect(setAsideNotices()).toEqual([]);
    stop();
  });
});
