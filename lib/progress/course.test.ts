import { describe, expect, it } from 'vitest';
import { createRecordsDb, logActivity } from '@/lib/records';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { memoryBlobStore } from '@/lib/storage';
import { recordEvent } from '@/lib/lesson';
import { pathProgress, stepAfter, stepDone, timelineSolved } from './course';
import { evidenceLines } from './evidence';
import { NO_FACTS, readCourseFacts, type CourseFacts } from './facts';
import type { StepEvidence } from './evidence';

const STEPS = [
  {
    href: '/learn#core-principles',
    label: 'Principles',
    doneWhen: [{ kind: 'read', sections: ['core-principles'] }],
  },
  {
    href: '/learn#impl-atomic-claim',
    label: 'Atomic claim',
    doneWhen: [{ kind: 'read', sections: ['impl-atomic-claim'] }],
  },
  {
    href: '/practice/claim-lab',
    label: 'Claim lab',
    doneWhen: [{ kind: 'lab-solved', challenges: ['renewal'] }],
  },
  {
    href: '/practice/timeline',
    label: 'Timeline',
    doneWhen: [{ kind: 'timeline-full-marks', scenarios: ['clock-offset'] }],
  },
  { href: '/practice/sql-sandbox', label: 'Sandbox', doneWhen: [] },
] as const satisfies readonly { href: string; label: string; doneWhen: readonly StepEvidence[] }[];

const facts = (over: Partial<CourseFacts>): CourseFacts => ({ ...NO_FACTS, ...over });

async function factsFrom(write: Parameters<ReturnType<typeof createRecordsDb>['write']>[0]) {
  const records = createRecordsDb({ blobs: memoryBlobStore(), key: 'r', schemas: FEATURE_SCHEMAS });
  await records.write(write);
  return records.read((db) => readCourseFacts(db, { 'impl-atomic-claim': 'implementation' }));
}

describe('course progress', () => {
  it('counts outcomes (a solve, full marks, a section read), not presses', async () => {
    const read = await factsFrom((db) => {
      logActivity(db, 1, 'lab.challenge.solved', 'renewal');
      logActivity(db, 2, 'timeline.scored', 'acceptance', { score: 3, total: 4 });
      logActivity(db, 3, 'timeline.scored', 'clock-offset', { score: 4, total: 4 });
      logActivity(db, 4, 'timeline.scored', 'acceptance', { score: 2, total: 4 });
      recordEvent(db, { kind: 'read', sectionId: 'implementation', at: 5 });
    });
    expect([...read.labSolved]).toEqual(['renewal']);
    expect(timelineSolved(read)).toEqual(['clock-offset']);
    expect(read.timelineBest.get('acceptance')).toEqual({ score: 3, total: 4 });
    const progress = pathProgress(STEPS, read);
    expect(progress.steps.map((s) => s.done)).toEqual([false, true, true, true, false]);
    // The sandbox records nothing: listed, never counted, never the next step.
    expect(progress.done).toBe(3);
    expect(progress.total).toBe(4);
    expect(progress.next?.label).toBe('Principles');
  });

  it('revealing the check question does not complete the follow-up questions', async () => {
    const read = await factsFrom((db) => {
      recordEvent(db, {
        kind: 'attempted',
        item: 'question',
        id: 'check-two-workers',
        how: 'dont-know',
        at: 1,
      });
      recordEvent(db, { kind: 'revealed', item: 'question', id: 'check-two-workers', at: 2 });
    });
    const check: StepEvidence[] = [{ kind: 'revealed', items: ['check-two-workers'] }];
    const followUps: StepEvidence[] = [{ kind: 'revealed', items: ['q-a', 'q-b', 'q-c'] }];
    expect(stepDone({ doneWhen: check }, read)).toBe(true);
    expect(stepDone({ doneWhen: followUps }, read)).toBe(false);
  });

  it('two of seven quiz answers do not complete the quiz; seven do', async () => {
    const items = ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7'];
    const quiz: StepEvidence[] = [{ kind: 'quiz-answered', items }];
    const two = await factsFrom((db) =>
      items
        .slice(0, 2)
        .forEach((id, at) =>
          recordEvent(db, { kind: 'quiz', id, choice: true, correct: false, at }),
        ),
    );
    expect(stepDone({ doneWhen: quiz }, two)).toBe(false);
    expect(evidenceLines(quiz, two)[0]).toMatchObject({ have: 2, need: 7, met: false });
    expect(stepDone({ doneWhen: quiz }, facts({ quizAnswered: new Set(items) }))).toBe(true);
  });

  it('a step is done only when every piece of its evidence is there', () => {
    const reflect: StepEvidence[] = [
      { kind: 'journal-answered', prompts: ['main'] },
      { kind: 'rated', items: ['std-a', 'std-b'] },
    ];
    expect(stepDone({ doneWhen: reflect }, facts({ journalAnswered: new Set(['main']) }))).toBe(
      false,
    );
    expect(
      stepDone(
        { doneWhen: reflect },
        facts({ journalAnswered: new Set(['main']), rated: new Set(['std-a', 'std-b']) }),
      ),
    ).toBe(true);
    expect(stepDone({ doneWhen: [] }, facts({}))).toBe(false);
    expect(evidenceLines(reflect, facts({}))[1].needs).toBe('all 2 standards rated');
  });

  it('finds the step after a page, skipping other anchors of the same page', () => {
    expect(stepAfter(STEPS, '/learn')?.label).toBe('Claim lab');
    expect(stepAfter(STEPS, '/practice/timeline')?.label).toBe('Sandbox');
    expect(stepAfter(STEPS, '/practice/sql-sandbox')).toBeNull();
    expect(stepAfter(STEPS, '/reflect')).toBeNull();
  });
});
