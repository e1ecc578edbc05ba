import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  EMPTY_RECORDS,
  predictionCorrect,
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
const attempt = (id: string, how: 'answered' | 'dont-know' = 'answered'): LessonEvent => ({
  kind: 'attempted',
  item: 'question',
  id,
  how,
  at: 1,
});
const attemptedIn = (records: LessonRecords) => (id: string) => id in records.attempts;

describe('unlocking the question tree', () => {
  it('opens only the roots at first', () => {
    expect([...unlockedIds(tree, attemptedIn(EMPTY_RECORDS))]).toEqual(['a', 'b']);
  });

  it('opens a child once its parent is attempted, and the grandchild once the child is', () => {
    const afterA = applyEvent(EMPTY_RECORDS, attempt('a'));
    expect(unlockedIds(tree, attemptedIn(afterA)).has('a1')).toBe(true);
    expect(unlockedIds(tree, attemptedIn(afterA)).has('a11')).toBe(false);
    const afterA1 = applyEvent(afterA, attempt('a1', 'dont-know'));
    expect(unlockedIds(tree, attemptedIn(afterA1)).has('a11')).toBe(true);
  });

  it('a reveal alone opens nothing (regression: reveal-unlocked-children)', () => {
    const revealed = applyEvent(EMPTY_RECORDS, reveal('a'));
    expect(unlockedIds(tree, attemptedIn(revealed)).has('a1')).toBe(false);
  });

  it('never opens a node whose parent is locked or not attempted, whatever was recorded', () => {
    const ids = ['a', 'a1', 'a11', 'b'];
    const event = fc.oneof(
      fc.record({
        kind: fc.constant('revealed' as const),
        item: fc.constant('question' as const),
        id: fc.constantFrom(...ids),
        at: fc.nat(),
      }),
      fc.record({
        kind: fc.constant('attempted' as const),
        item: fc.constant('question' as const),
        id: fc.constantFrom(...ids),
        how: fc.constantFrom('answered' as const, 'dont-know' as const),
        at: fc.nat(),
      }),
    );
    fc.assert(
      fc.property(fc.array(event, { maxLength: 12 }), (events) => {
        const records = events.reduce<LessonRecords>(applyEvent, EMPTY_RECORDS);
        const open = unlockedIds(tree, attemptedIn(records));
        const tried = (id: string) => id in records.attempts;
        if (open.has('a1') && !(open.has('a') && tried('a'))) return false;
        if (open.has('a11') && !(open.has('a1') && tried('a1'))) return false;
        return open.has('a') && open.has('b');
      }),
    );
  });
});

describe('lesson records as a fold of events', () => {
  it('keeps the first reveal, attempt (an own answer after "I don’t know yet" replaces it) and quiz answer, counts tries, and keeps the latest rating', () => {
    const events: LessonEvent[] = [
      reveal('a', 5),
      reveal('a', 9),
      attempt('a', 'dont-know'),
      attempt('a', 'answered'),
      attempt('a', 'dont-know'),
      { kind: 'rated', id: 'a', rating: 'missed', at: 6 },
      { kind: 'rated', id: 'a', rating: 'got-it', at: 7 },
      { kind: 'quiz', id: 'm1', choice: true, correct: false, at: 8 },
      { kind: 'quiz', id: 'm1', choice: false, correct: true, at: 9 },
      { kind: 'read', sectionId: 'overview', at: 3 },
      { kind: 'read', sectionId: 'overview', at: 4 },
    ];
    const records = events.reduce(applyEvent, EMPTY_RECORDS);
    expect(records.revealed).toEqual({ a: 5 });
    expect(records.attempts).toEqual({ a: 'answered' });
    expect(records.ratings).toEqual({ a: 'got-it' });
    expect(records.quiz).toEqual({
      m1: { choice: true, correct: false, tries: 2, lastCorrect: true },
    });
    expect(records.read).toEqual({ overview: 3 });
  });

  it('scores the quiz on first tries only: a changed answer never raises the score', () => {
    const records = [
      { kind: 'quiz', id: 'm1', choice: true, correct: true, at: 1 },
      { kind: 'quiz', id: 'm2', choice: true, correct: false, at: 1 },
      { kind: 'quiz', id: 'm2', choice: false, correct: true, at: 2 },
      { kind: 'read', sectionId: 's1', at: 1 },
    ].reduce((r, e) => applyEvent(r, e as LessonEvent), EMPTY_RECORDS);
    expect(quizScore(['m1', 'm2', 'm3', 'm4'], records)).toEqual({
      total: 4,
      answered: 2,
      correct: 1,
      retried: 1,
    });
    expect(readingProgress(['s1', 's2', 's3'], records)).toEqual({
      read: 1,
      total: 3,
      percent: 33,
    });
  });

  it('grades a prediction as right only when every write is right', () => {
    const writes = [
      { id: 'a', fate: 'refused' as const },
      { id: 'b', fate: 'applied' as const },
    ];
    expect(predictionCorrect(writes, { a: 'refused', b: 'applied' })).toBe(true);
    expect(predictionCorrect(writes, { a: 'never-sent', b: 'applied' })).toBe(false);
    expect(predictionCorrect(writes, { a: 'refused' })).toBe(false);
  });
});
