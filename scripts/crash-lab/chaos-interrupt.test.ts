import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  interruptChaosWhileCreating,
  interruptChaosWhilePaused,
  killLeftovers,
} from './chaos-interrupt';

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

// Issue 42 review F2: interrupted while it wrote a queue of 100,000 runs, chaos exited 130/143
// printing nothing and left a 0-byte X.sqlite, its journal, the publisher and an empty history,
// which refused the rerun ("already exists").
describe('chaos on SQLite files, interrupted while it creates the queue', () => {
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    it(`${signal} to the process group: one line, exit ${code}, nothing left in the folder`, async () => {
      const folder = join(dir, `creating-${signal}`);
      mkdirSync(folder);
      const result = await interruptChaosWhileCreating({ dir: folder, signal });
      killLeftovers(result.left);
      expect(result.pausedAtSignal, result.stdout + result.stderr).toBe(true);
      expect(result.code, result.stderr).toBe(code);
      expect(result.stdout.trim().split('\n')).toEqual([
        expect.stringMatching(
          new RegExp(
            `^chaos interrupted \\(${signal}\\) while creating the queue of 100000 runs: nothing ran; removed what it had made \\(.*X\\.sqlite, .*X\\.publisher\\.sqlite, .*H\\.jsonl\\)$`,
          ),
        ),
      ]);
      expect(result.stderr).toBe('');
      expect(result.left).toEqual([]);
      expect(result.files).toEqual([]);
    }, 120_000);
  }
});
