import { describe, expect, it } from 'vitest';
import {
  applyEvent,
  EMPTY_RECORDS,
  readLessonRecords,
  recordEvent,
  type LessonEvent,
} from '@/lib/lesson';
import { latestNotes, ratingHistory } from '@/lib/reflect';
import { createRecordsDb } from '@/lib/records';
import { coreSchema, migrate } from '@/lib/records/schema';
import { openSqlJs } from '@/lib/sqlite';
import { createLocalDoor, memoryBlobStore, memoryKeyValueStore } from '@/lib/storage';
import { featureOutbox, outboxEntrySchema, type OutboxEntry } from './outbox';
import { FEATURE_SCHEMAS } from './records';

const events: LessonEvent[] = [
  { kind: 'attempted', item: 'question', id: 'q-1', how: 'dont-know', at: 1 },
  { kind: 'revealed', item: 'question', id: 'q-1', at: 2 },
  { kind: 'rated', id: 'q-1', rating: 'missed', at: 3 },
  { kind: 'quiz', id: 'm-1', choice: false, correct: true, at: 4 },
  { kind: 'quiz', id: 'm-1', choice: true, correct: false, at: 5 },
  { kind: 'predicted', id: 'p-1', answers: { a: 'applied', b: 'refused' }, correct: true, at: 6 },
  { kind: 'read', sectionId: 's-1', at: 7 },
];

describe('the records outbox of every feature', () => {
  it('holds every lesson event and self-assessment entry, and refuses what does not fit', () => {
    for (const event of events)
      expect(outboxEntrySchema.safeParse({ kind: 'lesson', event }).success).toBe(true);
    const rating = { item: 'basic', rating: 'partly', note: 'half', at: 9 };
    expect(outboxEntrySchema.safeParse({ kind: 'reflect.rated', rating }).success).toBe(true);
    expect(
      outboxEntrySchema.safeParse({
        kind: 'reflect.note',
        note: { item: 'basic', note: '', at: 9 },
      }).success,
    ).toBe(true);
    for (const bad of [
      { kind: 'lesson', event: { kind: 'rated', id: 'q-1', rating: 'perfect', at: 3 } },
      {
        kind: 'lesson',
        event: { kind: 'quiz', id: 'x'.repeat(121), choice: true, correct: true, at: 1 },
      },
      { kind: 'lesson', event: { kind: 'read', sectionId: 's', at: -1 } },
      { kind: 'reflect.rated', rating: { ...rating, note: 'x'.repeat(2_001) } },
      { kind: 'timeline.scored', score: 3 },
    ])
      expect(outboxEntrySchema.safeParse(bad).success).toBe(false);
  });

  it('a tab that left before its writes landed: the next load applies its lesson events and ratings once', async () => {
    const blobs = memoryBlobStore();
    const store = memoryKeyValueStore();
    const gone = featureOutbox(createLocalDoor(store));
    for (const event of events) gone.append([{ kind: 'lesson', event }]);
    const entries: OutboxEntry[] = [
      { kind: 'reflect.rated', rating: { item: 'basic', rating: 'confident', note: 'n', at: 8 } },
      { kind: 'reflect.note', note: { item: 'basic', note: 'n', at: 8 } },
    ];
    gone.append(entries);

    for (let load = 0; load < 2; load += 1) {
      const records = createRecordsDb({ blobs, key: 'records', schemas: FEATURE_SCHEMAS });
      await featureOutbox(createLocalDoor(store)).replay(records);
      const [lesson, ratings, notes] = await records.read(
        (db) => [readLessonRecords(db), ratingHistory(db), latestNotes(db)] as const,
      );
      expect(lesson).toEqual(events.reduce(applyEvent, EMPTY_RECORDS));
      expect(lesson.quiz['m-1']).toMatchObject({ tries: 2, correct: true, lastCorrect: false });
      expect(ratings.map((r) => r.rating)).toEqual(['confident']);
      expect(notes.get('basic')?.note).toBe('n');
    }
  });

  it('an existing learner’s database (before the outbox) upgrades without losing a record', async () => {
    // The database as the app stored it before core schema version 2 added outbox_applied,
    // with records the old app wrote.
    const old = await openSqlJs();
    migrate(old, [
      { ...coreSchema, migrations: coreSchema.migrations.slice(0, 1) },
      ...FEATURE_SCHEMAS,
    ]);
    old.transaction(() => events.forEach((event) => recordEvent(old, event)));
    expect(old.get('SELECT version FROM schema_versions WHERE feature = ?', ['core'])).toEqual({
      version: 1,
    });
    const oldActivity = old.all('SELECT * FROM activity ORDER BY id');
    expect(oldActivity.length).toBeGreaterThan(3);
    const blobs = memoryBlobStore();
    await blobs.set('records', old.export());
    old.close();

    const store = memoryKeyValueStore();
    const outbox = featureOutbox(createLocalDoor(store));
    const appended = outbox.append([
      { kind: 'lesson', event: { kind: 'read', sectionId: 's-2', at: 10 } },
    ]);
    const records = createRecordsDb({ blobs, key: 'records', schemas: FEATURE_SCHEMAS });
    expect((await outbox.deliver(records, appended)).applied).toEqual([appended.batch.id]);
    expect(records.takeProblems()).toEqual([]);
    const [lesson, version, activity, applied] = await records.read(
      (db) =>
        [
          readLessonRecords(db),
          db.get('SELECT version FROM schema_versions WHERE feature = ?', ['core']),
          db.all('SELECT * FROM activity ORDER BY id'),
          db.all('SELECT id FROM outbox_applied'),
        ] as const,
    );
    expect(version).toEqual({ version: 2 });
    expect(lesson).toEqual(
      [...events, { kind: 'read', sectionId: 's-2', at: 10 } as const].reduce(
        applyEvent,
        EMPTY_RECORDS,
      ),
    );
    expect(activity).toEqual(oldActivity);
    expect(applied).toEqual([{ id: appended.batch.id }]);
  });
});
