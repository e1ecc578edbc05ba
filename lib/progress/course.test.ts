import { describe, expect, it } from 'vitest';
import { createRecordsDb, logActivity } from '@/lib/records';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { memoryBlobStore } from '@/lib/storage';
import { recordEvent } from '@/lib/lesson';
import { pathProgress, readCourseFacts, stepAfter, timelineSolved } from './course';

const STEPS = [
  { href: '/learn#core-principles', label: 'Principles' },
  { href: '/learn#impl-atomic-claim', label: 'Atomic claim' },
  { href: '/practice/claim-lab', label: 'Claim lab' },
  { href: '/practice/timeline', label: 'Timeline' },
  { href: '/practice/sql-sandbox', label: 'Sandbox' },
];

describe('course progress', () => {
  it('counts outcomes (a solve, full marks, a section read), not presses', async () => {
    const records = createRecordsDb({
      blobs: memoryBlobStore(),
      key: 'r',
      schemas: FEATURE_SCHEMAS,
    });
    await records.write((db) => {
      logActivity(db, 1, 'lab.challenge.solved', 'renewal');
      logActivity(db, 2, 'timeline.scored', 'acceptance', { score: 3, total: 4 });
      logActivity(db, 3, 'timeline.scored', 'clock-offset', { score: 4, total: 4 });
      logActivity(db, 4, 'timeline.scored', 'acceptance', { score: 2, total: 4 });
      recordEvent(db, { kind: 'read', sectionId: 'implementation', at: 5 });
    });
    const facts = await records.read((db) =>
      readCourseFacts(db, { 'impl-atomic-claim': 'implementation' }),
    );
    expect([...facts.labSolved]).toEqual(['renewal']);
    expect(timelineSolved(facts)).toEqual(['clock-offset']);
    expect(facts.timelineBest.get('acceptance')).toEqual({ score: 3, total: 4 });
    const progress = pathProgress(STEPS, facts);
    expect(progress.steps.map((s) => s.done)).toEqual([false, true, true, true, false]);
    expect(progress.done).toBe(3);
    expect(progress.next?.label).toBe('Principles');
  });

  it('finds the step after a page, skipping other anchors of the same page', () => {
    expect(stepAfter(STEPS, '/learn')?.label).toBe('Claim lab');
    expect(stepAfter(STEPS, '/practice/timeline')?.label).toBe('Sandbox');
    expect(stepAfter(STEPS, '/practice/sql-sandbox')).toBeNull();
    expect(stepAfter(STEPS, '/reflect')).toBeNull();
  });
});
