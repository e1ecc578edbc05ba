import { lessonSchema } from '@/lib/lesson/records';
import { reflectSchema } from '@/lib/reflect/assessment';
import { reviewSchema } from '@/lib/review/records';
import { timelineSchema } from '@/lib/timeline/records';
import type { FeatureSchema } from './schema';

/**
 * Every feature's schema in the records database. A feature adds its FeatureSchema here; the
 * core schema (activity log) is always included.
 */
export const FEATURE_SCHEMAS: readonly FeatureSchema[] = [
  lessonSchema,
  timelineSchema,
  reflectSchema,
  reviewSchema,
];
