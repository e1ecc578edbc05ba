import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  applyEvent,
  EMPTY_RECORDS,
  MAX_ANSWER_LENGTH,
  quizScore,
  readingProgress,
  unlockedIds,
  type LessonEvent,
  type LessonRecords,
} from './progress';

const tree = [
  { id: 'a', children: [{ id: 'a1', children: [{ id: 'a11', children: [] }] }] },
  { id: 'b', children: [] },
];

const reveal = (id: string, at = 1): LessonEvent => ({
  kind: 'revealed',
  item: 'question',
  id,
  at,
});

describe('unlocking the question tree', () => {
  it('opens only the roots at first', () => {
    expect([...unlockedIds(tree, EMPTY_RECORDS)]).toEqual(['a', 'b']);
  });

  it('opens a child once its parent is revealed, and the grandchild once the child is', () => {
    const afterA = applyEvent(EMPTY_RECORDS, reveal('a'));
    expect(unlockedIds(tree, afterA).has('a1')).toBe(true);
    expect(unlockedIds(tree, afterA).has('a11')).toBe(false);
    expect(unlockedIds(tree, applyEvent(afterA, reveal('a1'))).has('a11')).toBe(true);
  });

  it('opens a child once its parent is answered, but not for a blank answer', () => {
    const blank = applyEvent(EMPTY_RECORDS, {
      kind: 'answered',
      item: 'question',
      id: 'a',
      text: '   ',
      at: 1,
    });
    expect(unlockedIds(tree, blank).has('a1')).toBe(false);
    const answered = applyEvent(EMPTY_RECORDS, {
      kind: 'answered',
      item: 'question',
      id: 'a',
      text: 'a fence',
      at: 1,
    });
    expect(unlockedIds(tree, answered).has('a1')).toBe(true);
  });

  it('never opens a node whose parent is locked or unsettled, whatever was recorded', () => {
    const ids = ['a', 'a1', 'a11', 'b'];
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('revealed' as const),
        item: fc.constant('question' as const),
        id: fc.constantFrom(...ids),
        at: fc.nat(),
      }),
      fc.record({
        kind: fc.constant('answered' as const),
        item: fc.constant('question' as const),
        id: fc.constantFrom(...ids),
        text: fc.string({ maxLength: 5 }),
        at: fc.nat(),
      }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), (events) => {
        const records = events.reduce<LessonRecords>(applyEvent, EMPTY_RECORDS);
        const open = unlockedIds(tree, records);
        const settled = (id: string) =>
          id in records.revealed || (records.answers[id] ?? '').trim() !== '';
        if (open.has('a1') && !(open.has('a') && settled('a'))) return false;
        if (open.has('a11') && !(open.has('a1') && settled('a1'))) return false;
        return open.has('a') && open.has('b');
      }),
    );
  });
});

describe('lesson records as a fold of events', () => {
  it('keeps the first reveal time and the latest rating, answer and quiz choice', () => {
    const events: LessonEvent[] = [
      reveal('a', 5),
      reveal('a', 9),
      { kind: 'rated', id: 'a', rating: 'missed', at: 6 },
      { kind: 'rated', id: 'a', rating: 'got-it', at: 7 },
      { kind: 'quiz', id: 'm1', choice: true, correct: false, at: 8 },
      { kind: 'quiz', id: 'm1', choice: false, correct: true, at: 9 },
      { kind: 'read', sectionId: 'overview', at: 3 },
      { kind: 'read', sectionId: 'overview', at: 4 },
    ];
    const records = events.reduce(applyEvent, EMPTY_RECORDS);
    expect(records.revealed).toEqual({ a: 5 });
    expect(records.ratings).toEqual({ a: 'got-it' });
    expect(records.quiz).toEqual({ m1: { choice: false, correct: true } });
    expect(records.read).toEqual({ overview: 3 });
  });

  it('counts quiz answers and reading progress', () => {
    const records = [
      { kind: 'quiz', id: 'm1', choice: true, correct: true, at: 1 },
      { kind: 'quiz', id: 'm2', choice: true, correct: false, at: 1 },
      { kind: 'read', sectionId: 's1', at: 1 },
    ].reduce((r, e) => applyEvent(r, e as LessonEvent), EMPTY_RECORDS);
    expect(quizScore(['m1', 'm2', 'm3', 'm4'], records)).toEqual({
      total: 4,
      answered: 2,
      correct: 1,
    });
    expect(readingProgress(['s1', 's2', 's3'], records)).toEqual({
      read: 1,
      total: 3,
      percent: 33,
    });
  });
});

describe('own answers', () => {
  it('refuses blank and oversized answers with a clear message, accepts the limit exactly', () => {
    expect(answerProblem('  \n ')).toMatch(/empty answer/);
    expect(answerProblem('x'.repeat(MAX_ANSWER_LENGTH + 1))).toMatch(/limit is 20,000/);
    expect(answerProblem('x'.repeat(MAX_ANSWER_LENGTH))).toBeNull();
  });
});
