import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { runScript } from '@/lib/sqlite/console';
import { SANDBOX_SCRIPT, SANDBOX_SEED } from './sandbox';

describe('the SQL sandbox content', () => {
  it('replays the lesson demo: tokens 1 and 2, old finish 0 rows, new finish 1 row', async () => {
    const db = (await openSqlJs()).raw;
    expect(runScript(db, SANDBOX_SEED).error).toBeNull();
    const { grids, error } = runScript(db, SANDBOX_SCRIPT);
    expect(error).toBeNull();
    expect(grids[0].rows).toEqual([[1]]);
    expect(grids[1].rows).toEqual([[2]]);
    expect(grids[2].changed).toBe(0);
    expect(grids[3].changed).toBe(1);
    expect(grids[4].rows[0]).toEqual(['r', 'B', 11, 2, 'done']);
  });
});
