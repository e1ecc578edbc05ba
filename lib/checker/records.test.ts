import { describe, expect, it } from 'vitest';
import { coreSchema, migrate } from '@/lib/records';
import { openSqlJs } from '@/lib/sqlite';
import { logCheck } from './records';

describe('logging checks in the records', () => {
  it('writes one checker.checked activity with the verdict', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema]);
    logCheck(db, 1_000, {
      designId: 'ttl-only',
      verdict: 'unsafe',
      total: 60_060,
      explored: 1,
      covered: 60_060,
      steps: 10,
      cacheHits: 0,
      ms: 5,
    });
    const row = db.get('SELECT at, kind, subject, detail FROM activity');
    expect(row).toMatchObject({ at: 1_000, kind: 'checker.checked', subject: 'ttl-only' });
    expect(JSON.parse(String(row?.detail))).toMatchObject({ verdict: 'unsafe', total: 60_060 });
  });
});
