import { lessonSchema } from '@/lib/lesson/records';
import { browserRecords as openBrowserRecords, subscribeToRecords } from '@/lib/records/browser';
import type { Appended, FeatureSchema, Outbox, OutboxReport, RecordsDb } from '@/lib/records';
import { reflectSchema } from '@/lib/reflect/assessment';
import { reviewSchema } from '@/lib/review/records';
import { DAY_MS, REVIEW_DAYS } from '@/lib/review/schedule';
import { timelineSchema } from '@/lib/timeline/records';
import { featureOutbox, type OutboxEntry } from './outbox';

/**
 * The composition root of the records database: every feature's schema is passed in here, so
 * lib/records (a core module) never imports the features that use it. A feature adds its
 * FeatureSchema to this list.
 */
export const FEATURE_SCHEMAS: readonly FeatureSchema[] = [
  lessonSchema,
  timelineSchema,
  reflectSchema,
  reviewSchema,
  // Runs after both the lesson's and the review's tables exist: a foundation's question
  // answered wrong before such questions came back for review gets its review, due a day
  // after that first answer, so no learner stays locked out of a path by an old wrong answer.
  {
    feature: 'choice-reviews',
    migrations: [
      `INSERT OR IGNORE INTO review_items (item_id, item_kind, step, due_at, updated_at)
         SELECT item_id, 'choice', 1, answered_at + ${REVIEW_DAYS[0] * DAY_MS}, answered_at
         FROM lesson_choices WHERE correct = 0;`,
    ],
  },
];

let outbox: Outbox<OutboxEntry> | null = null;
let records: RecordsDb | null = null;
let replayed: Promise<void> | null = null;

/** The records outbox of this tab (browser storage), with every feature's entries. */
export function browserOutbox(): Outbox<OutboxEntry> {
  return (outbox ??= featureOutbox());
}

/**
 * The records database of this browser tab, with every feature's tables. Before its first read
 * or write, whatever a tab that went away left in the outbox is applied (once: a failed replay
 * is tried again by the next read or write), so every page reads the learner's latest actions.
 */
export function browserRecords(): RecordsDb {
  if (records) return records;
  const inner = openBrowserRecords(FEATURE_SCHEMAS);
  const box = browserOutbox();
  const ready = (): Promise<void> =>
    (replayed ??= box.replay(inner).then(
      () => undefined,
      () => {
        replayed = null;
      },
    ));
  records = {
    read: (fn) => ready().then(() => inner.read(fn)),
    write: (fn) => ready().then(() => inner.write(fn)),
    takeProblems: () => [...inner.takeProblems(), ...box.takeProblems()],
    invalidate: () => inner.invalidate(),
  };
  return records;
}

/**
 * Holds a learner's action in the outbox at once (synchronously, before anything awaits). A
 * batch storage refused (full, unavailable) comes back with held false and the problem to show:
 * it is still delivered, as before the outbox.
 */
export function appendToOutbox(entries: readonly OutboxEntry[]): Appended<OutboxEntry> {
  return browserOutbox().append(entries);
}

/** Writes an appended batch to the records database (applied and marked in one write). */
export function deliverFromOutbox(appended: Appended<OutboxEntry>): Promise<OutboxReport> {
  return browserOutbox().deliver(browserRecords(), appended);
}

export { subscribeToRecords };
