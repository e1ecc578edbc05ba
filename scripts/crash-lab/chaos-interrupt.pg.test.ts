import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { interruptChaosWhilePaused, killLeftovers } from './chaos-interrupt';
import { labUrl } from './pg-server';

// Issue 42, point 8, on PostgreSQL: two stopped workers were still there two hours later.
const port = inject('pgPort');
const dir = mkdtempSync(join(tmpdir(), 'chaos-interrupt-pg-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('chaos on PostgreSQL, interrupted by Ctrl-C while a worker is paused', () => {
  it('ends every worker process it started, the paused one too, and exits 130', async () => {
    const database = labUrl(port, `chaos_int_${process.pid}`);
    const result = await interruptChaosWhilePaused({
      database,
      history: join(dir, 'pg.jsonl'),
      signal: 'SIGINT',
      group: true,
    });
    killLeftovers(result.left);
    expect(result.pausedAtSignal, result.stdout + result.stderr).toBe(true);
    expect(result.left, JSON.stringify(result.left)).toEqual([]);
    expect(result.code, result.stderr).toBe(130);
    expect(result.stdout).toMatch(/chaos interrupted \(SIGINT\) .*paused/);
  });
});
