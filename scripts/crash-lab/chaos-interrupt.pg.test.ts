import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { interruptChaosWhilePaused, killLeftovers } from './chaos-interrupt';
import { labUrl } from './pg-server';
import { processesMentioning } from './process-table';

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
    // The server's own processes for the queue (its backends, "postgres: … chaos_int_<pid> …")
    // end once their clients have: waited for, up to 30 s, in the process table.
    const name = `chaos_int_${process.pid}`;
    let backends = processesMentioning(name);
    for (let i = 0; i < 300 && backends.length > 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      backends = processesMentioning(name);
    }
    expect(backends, JSON.stringify(backends)).toEqual([]);
  });
});
