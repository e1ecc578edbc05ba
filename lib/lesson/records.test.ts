import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRecordsDb } from '@/lib/records';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { openSqlJs } from '@/lib/sqlite';
import { memoryBlobStore } from '@/lib/storage';
import { migrate } from '@/lib/records/schema';
import { coreSchema } from '@/lib/records/schema';
import { applyEvent, EMPTY_RECORDS, RATINGS, type LessonEvent } from './progress';
import { lessonSchema, readLessonRecords, recordEvent } from './records';

const ids = ['q-a', 'q-b', 'case-x'];
const eventArb: fc.Arbitrary<LessonEvent> = fc.oneof(
  fc.record({
    kind: fc.constant('revealed' as const),
    item: fc.constantFrom('question' as const, 'case' as const),
    id: fc.constantFrom(...ids),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('answered' as const),
    item: fc.constantFrom('question' as const, 'case' as const),
    id: fc.constantFrom(...ids),
    text: fc.string({ minLength: 1, maxLength: 30 }).filter((t) => t.trim() !== ''),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('rated' as const),
    id: fc.constantFrom(...ids),
    rating: fc.constantFrom(...RATINGS),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('quiz' as const),
    id: fc.constantFrom('m1', 'm2'),
    choice: fc.boolean(),
    correct: fc.boolean(),
    at: fc.nat(),
  }),
  fc.record({
    kind: fc.constant('read' as const),
    sectionId: fc.constantFrom('s1', 's2'),
    at: fc.nat(),
  }),
);

describe('lesson records in the records database', () => {
  it('is registered as the "lesson" feature', () => {
    expect(FEATURE_SCHEMAS.map((s) => s.feature)).toContain('lesson');
  });

  it('stores what the in-memory fold computes, for any sequence of events', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema, lessonSchema]);
    await fc.assert(
      fc.asyncProperty(fc.array(eventArb, { maxLength: 15 }), async (events) => {
        db.exec(
          'DELETE FROM lesson_reveals; DELETE FROM lesson_answers; DELETE FROM lesson_ratings; DELETE FROM lesson_quiz; DELETE FROM lesson_reading;',
        );
        for (const event of events) db.transaction(() => recordEvent(db, event));
        expect(readLessonRecords(db)).toEqual(events.reduce(applyEvent, EMPTY_RECORDS));
      }),
      { numRuns: 60 },
    );
  });

  it('logs reveals once, and every rating and quiz answer, with the shared kinds', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema, lessonSchema]);
    recordEvent(db, { kind: 'revealed', item: 'question', id: 'q-a', at: 1 });
    recordEvent(db, { kind: 'revealed', item: 'question', id: 'q-a', at: 2 });
    recordEvent(db, { kind: 'rated', id: 'q-a', rating: 'partly', at: 3 });
    recordEvent(db, { kind: 'quiz', id: 'm1', choice: false, correct: true, at: 4 });
    recordEvent(db, { kind: 'revealed', item: 'case', id: 'case-x', at: 5 });
    expect(db.all('SELECT at, kind, subject, detail FROM activity ORDER BY id')).toEqual([
      { at: 1, kind: 'question.revealed', subject: 'q-a', detail: '{}' },
      { at: 3, kind: 'question.rated', subject: 'q-a', detail: '{"rating":"partly"}' },
      { at: 4, kind: 'quiz.answered', subject: 'm1', detail: '{"choice":false,"correct":true}' },
      { at: 5, kind: 'case.revealed', subject: 'case-x', detail: '{}' },
    ]);
  });

  it('refuses a blank answer or an unknown rating and stores nothing of it', async () => {
    const records = createRecordsDb({
      blobs: memoryBlobStore(),
      key: 'k',
      schemas: [lessonSchema],
    });
    await expect(
      records.write((db) =>
        recordEvent(db, { kind: 'answered', item: 'question', id: 'q-a', text: ' ', at: 1 }),
      ),
    ).rejects.toThrow(/empty answer/);
    await expect(
      records.write((db) =>
        recordEvent(db, { kind: 'rated', id: 'q-a', rating: 'perfect' as never, at: 1 }),
      ),
    ).rejects.toThrow(/Unknown rating/);
    expect(await records.read(readLessonRecords)).toEqual(EMPTY_RECORDS);
  });

  it('keeps hostile text exactly as typed and survives a reload', async () => {
    const blobs = memoryBlobStore();
    const hostile = "'); DROP TABLE lesson_answers; -- <script>alert(1)</script> \u0000 ✓";
    const first = createRecordsDb({ blobs, key: 'k', schemas: [lessonSchema] });
    await first.write((db) =>
      recordEvent(db, { kind: 'answered', item: 'question', id: 'q-a', text: hostile, at: 1 }),
    );
    const again = createRecordsDb({ blobs, key: 'k', schemas: [lessonSchema] });
    expect((await again.read(readLessonRecords)).answers).toEqual({ 'q-a': hostile });
  });
});
