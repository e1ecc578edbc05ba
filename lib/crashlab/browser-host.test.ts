import { describe, expect, it } from 'vitest';
import { CrashLabHost } from './browser-host';

describe('CrashLabHost', () => {
  it('overlapping resets leave one consistent experiment (regression: crash-lab-overlapping-reset)', async () => {
    const host = new CrashLabHost({
      leaseSeconds: 3,
      stepMs: 10,
      createWorker: () => {
        throw new Error('no worker is started in this test');
      },
    });
    await Promise.all([host.reset(), host.reset(3), host.reset(4)]);
    const state = host.getState();
    expect(state.error).toBeNull();
    expect(state.ready).toBe(true);
    expect(host.leaseSeconds).toBe(4);
    expect(state.snapshot?.runs.map((r) => r.status)).toEqual(['queued']);
    expect(state.tables.publisher.length).toBeGreaterThan(0);
    expect(await host.evaluate()).not.toBeNull();
    host.dispose();
  });
});
