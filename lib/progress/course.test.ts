import { describe, expect, it } from 'vitest';
import { createRecordsDb, logActivity } from '@/lib/records';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { memoryBlobStore } from '@/lib/storage';
import { recordEvent } from '@/lib/lesson';
import { DAY_MS } from '@/lib/review';
import { saveTimelineResult, type TimelineResult } from '@/lib/timeline';
import { pathProgress, stepAfter, stepDone, stepMark, timelineSolved } from './course';
import { exerciseResult, TIMELINE_REVIEW_MS } from './graded';
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
    doneWhen: [{ kind: 'graded', exercises: [{ kind: 'challenge', id: 'renewal' }] }],
  },
  {
    href: '/practice/timeline',
    label: 'Timeline',
    doneWhen: [{ kind: 'graded', exercises: [{ kind: 'timeline', id: 'clock-offset' }] }],
  },
  { href: '/practice/sql-sandbox', label: 'Sandbox', doneWhen: [] },
] as const satisfies readonly { href: string; label: string; doneWhen: readonly StepEvidence[] }[];

const result = (id: string, at: number, score: number, total: number): TimelineResult => ({
  at,
  scenario: {
    version: 1,
    id,
    title: id,
    leaseSeconds: 5,
    workers: [],
    events: [],
    targets: { objectStore: 'overwrite', gateway: 'first-write' },
  },
  predictions: {},
  score,
  total,
  seconds: 1,
});

const facts = (over: Partial<CourseFacts>): CourseFacts => ({ ...NO_FACTS, ...over });

async function factsFrom(write: Parameters<ReturnType<typeof createRecordsDb>['write']>[0]) {
  const records = createRecordsDb({ blobs: memoryBlobStore(), key: 'r', schemas: FEATURE_SCHEMAS });
  await records.write(write);
  return records.read((db) => readCourseFacts(db, { 'impl-atomic-claim': 'implementation' }));
}

describe('course progress', () => {
  it('counts graded outcomes (a solve, full marks on the first scored run, a section read), not presses', async () => {
    const read = await factsFrom((db) => {
      logActivity(db, 1, 'lab.challenge.judged', 'renewal', { passed: true });
      logActivity(db, 1, 'lab.challenge.solved', 'renewal');
      saveTimelineResult(db, result('acceptance', 2, 3, 4));
      saveTimelineResult(db, result('clock-offset', 3, 4, 4));
      saveTimelineResult(db, result('acceptance', 4, 4, 4));
      recordEvent(db, { kind: 'read', sectionId: 'implementation', at: 5 });
    });
    expect([...read.labSolved]).toEqual(['renewal']);
    // Full marks on a later run is not a first try: acceptance stays unpassed.
    expect(timelineSolved(read)).toEqual(['acceptance', 'clock-offset']);
    const progress = pathProgress(STEPS, read);
    expect(progress.steps.map((s) => s.done)).toEqual([false, true, true, true, false]);
    // The sandbox records nothing: listed, never counted, never the next step.
    expect(progress.done).toBe(3);
    expect(progress.total).toBe(4);
    expect(progress.complete).toBe(false);
    expect(progress.next?.label).toBe('Principles');
  });

  it('a wrong first run of a scenario is passed only by full marks on a review a day later', async () => {
    const timelineStep = { doneWhen: STEPS[3].doneWhen };
    const soon = await factsFrom((db) => {
      saveTimelineResult(db, result('clock-offset', 1, 2, 4));
      saveTimelineResult(db, result('clock-offset', 2, 4, 4));
    });
    expect(stepDone(timelineStep, soon)).toBe(false);
    expect(exerciseResult(soon.work, { kind: 'timeline', id: 'clock-offset' }).passed).toBe(false);
    const later = await factsFrom((db) => {
      saveTimelineResult(db, result('clock-offset', 1, 2, 4));
      saveTimelineResult(db, result('clock-offset', 1 + TIMELINE_REVIEW_MS, 4, 4));
    });
    expect(stepDone(timelineStep, later)).toBe(true);
  });

  it('"I don’t know yet" and a reveal, or filler and a reveal, do not mark a question attempted; a real answer does', async () => {
    const check: StepEvidence[] = [{ kind: 'attempted', items: ['check-two-workers'] }];
    const dontKnow = await factsFrom((db) => {
      recordEvent(db, {
        kind: 'attempted',
        item: 'question',
        id: 'check-two-workers',
        how: 'dont-know',
        at: 1,
      });
      recordEvent(db, { kind: 'revealed', item: 'question', id: 'check-two-workers', at: 2 });
    });
    expect(stepMark({ doneWhen: check }, dontKnow)).toBe('todo');
    const answered = await factsFrom((db) => {
      recordEvent(db, {
        kind: 'attempted',
        item: 'question',
        id: 'check-two-workers',
        how: 'dont-know',
        at: 1,
      });
      // An own answer saved later still counts as the attempt.
      recordEvent(db, {
        kind: 'attempted',
        item: 'question',
        id: 'check-two-workers',
        how: 'answered',
        at: 2,
      });
      recordEvent(db, { kind: 'revealed', item: 'question', id: 'check-two-workers', at: 3 });
    });
    expect(stepMark({ doneWhen: check }, answered)).toBe('attempted');
    const followUps: StepEvidence[] = [{ kind: 'attempted', items: ['q-a', 'q-b', 'q-c'] }];
    expect(stepDone({ doneWhen: followUps }, answered)).toBe(false);
  });

  it('the quiz is done only when every statement is right (first try, or a due review); answering is not enough', async () => {
    const items = ['m1', 'm2', 'm3'];
    const quiz: StepEvidence[] = [
      { kind: 'graded', exercises: items.map((id) => ({ kind: 'quiz' as const, id })) },
    ];
    const allAnswered = await factsFrom((db) => {
      recordEvent(db, { kind: 'quiz', id: 'm1', choice: true, correct: true, at: 1 });
      recordEvent(db, { kind: 'quiz', id: 'm2', choice: true, correct: true, at: 2 });
      recordEvent(db, { kind: 'quiz', id: 'm3', choice: true, correct: false, at: 3 });
      // Right straight after seeing the explanation: a retry, not a review.
      recordEvent(db, { kind: 'quiz', id: 'm3', choice: false, correct: true, at: 4 });
    });
    expect(stepDone({ doneWhen: quiz }, allAnswered)).toBe(false);
    expect(evidenceLines(quiz, allAnswered)[0]).toMatchObject({ have: 2, need: 3, met: false });
    const reviewed = await factsFrom((db) => {
      recordEvent(db, { kind: 'quiz', id: 'm1', choice: true, correct: true, at: 1 });
      recordEvent(db, { kind: 'quiz', id: 'm2', choice: true, correct: true, at: 2 });
      recordEvent(db, { kind: 'quiz', id: 'm3', choice: true, correct: false, at: 3 });
      recordEvent(db, { kind: 'quiz', id: 'm3', choice: false, correct: true, at: 3 + DAY_MS });
    });
    expect(stepDone({ doneWhen: quiz }, reviewed)).toBe(true);
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
