import { lessonSchema } from '@/lib/lesson/records';
import { browserRecords as openBrowserRecords, subscribeToRecords } from '@/lib/records/browser';
import type { FeatureSchema, RecordsDb } from '@/lib/records';
import { reflectSchema } from '@/lib/reflect/assessment';
import { timelineSchema } from '@/lib/timeline/records';

/**
 * The composition root of the records database: every feature's schema is passed in here, so
 * lib/records (a core module) never imports the features that use it. A feature adds its
 * FeatureSchema to this list.
 */
export const FEATURE_SCHEMAS: readonly FeatureSchema[] = [
  lessonSchema,
  timelineSchema,
  reflectSchema,
];

/** The records database of this browser tab, with every feature's tables. */
export function browserRecords(): RecordsDb {
  return openBrowserRecords(FEATURE_SCHEMAS);
}

export { subscribeToRecords };
