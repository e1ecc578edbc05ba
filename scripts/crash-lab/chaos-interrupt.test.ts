import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { interruptChaosWhilePaused, killLeftovers } from './chaos-interrupt';

// Issue 42, point 8: Ctrl-C while the supervisor held a worker stopped (SIGSTOP) left that
// worker stopped and orphaned, its SQLite files open. Real processes, the real process table.
// The probe's own case, SIGINT to the process group, on SQLite and PostgreSQL, is replayed by
// e2e/fuzz-cli.spec.ts; here the other ways a supervisor is told to stop.
const dir = mkdtempSync(join(tmpdir(), 'chaos-interrupt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chaos on SQLite files, interrupted while a worker is paused', () => {
  for (const [signal, group, code] of [
    ['SIGTERM', false, 143],
    // The terminal closing (review of point 8): SIGHUP ended the supervisor and orphaned the
    // paused worker, as Ctrl-C did before.
    ['SIGHUP', false, 129],
  ] as const) {
    it(`${signal} to the ${group ? 'process group (Ctrl-C)' : 'supervisor alone'} ends every worker, the paused one too, and says so`, async () => {
      const database = join(dir, `${signal}.sqlite`);
      const result = await interruptChaosWhilePaused({
        database,
        history: join(dir, `${signal}.jsonl`),
        signal,
        group,
      });
      killLeftovers(result.left);
      expect(result.pausedAtSignal, result.stdout + result.stderr).toBe(true);
      expect(result.left, JSON.stringify(result.left)).toEqual([]);
      expect(result.code, result.stderr).toBe(code);
      expect(result.stdout).toMatch(
        new RegExp(
          `chaos interrupted \\(${signal}\\) .*ended (1 worker process|\\d+ worker processes) .*paused`,
        ),
      );
      expect(result.stderr).not.toContain('    at ');
    });
  }
});
