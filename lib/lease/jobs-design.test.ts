import { describe, expect, it } from 'vitest';
import { openSqlJs } from '@/lib/sqlite';
import { createLeaseModel, LESSON_DEMO_OUTPUT, lessonJobsDesign, runLessonDemo } from './index';

describe('the lesson’s jobs-table design', () => {
  it('prints the lesson’s demo output: 1 2 / old: 0 / new: 1', async () => {
    expect(runLessonDemo(await openSqlJs(), lessonJobsDesign)).toEqual([...LESSON_DEMO_OUTPUT]);
  });

  it('refuses a stale renew by owner and fence, and a final state to a late claim', async () => {
    const m = createLeaseModel(await openSqlJs(), { design: lessonJobsDesign, leaseSeconds: 5 });
    m.setup();
    m.claim('A', 0);
    m.claim('B', 6);
    expect(m.renew('A', 1, 7)).toMatchObject({ ok: false, failed: ['owner', 'fence'] });
    expect(m.finish('B', 2, 7)).toMatchObject({ ok: true, changed: 1 });
    expect(m.claim('C', 100)).toMatchObject({ ok: false, decision: { failed: ['claimable'] } });
  });
});
