import * as z from 'zod/mini';
import { browserSessionStore, createLocalDoor, STORAGE_KEYS, type LocalDoor } from '@/lib/storage';
import type { CrashPrediction, PredictionGrade } from './prediction';
import { FAULT_POINTS, STEPS, type FaultPoint } from './types';

/**
 * A prediction that went with a worker and is not graded yet, with how it stands against the
 * databases now: `grade` is gradePrediction's answer at the last change of the experiment (null
 * before the first). An experiment lives in the page's memory, so a reload ends it; what is kept
 * here is what the page can still say, and grade, after that.
 */
export interface KeptPrediction {
  owner: string;
  fault: FaultPoint;
  prediction: CrashPrediction;
  grade: PredictionGrade | null;
}

/** At most this many are kept (a learner starts a handful of workers, not hundreds). */
export const MAX_KEPT_PREDICTIONS = 40;

const said = z.object({
  again: z.array(z.enum(STEPS)).check(z.maxLength(STEPS.length)),
  receipts: z.number().check(z.int(), z.gte(0), z.lte(99)),
});
const why = z.string().check(z.maxLength(300));
const keptSchema = z
  .array(
    z.object({
      owner: z.string().check(z.maxLength(40)),
      fault: z.enum(FAULT_POINTS),
      prediction: said,
      grade: z.nullable(
        z.union([
          z.object({ kind: z.literal('waiting'), why }),
          z.object({ kind: z.literal('void'), why }),
          z.object({ kind: z.literal('graded'), right: z.boolean(), actual: said }),
        ]),
      ),
    }),
  )
  .check(z.maxLength(MAX_KEPT_PREDICTIONS));

// The tab's own store: the experiment lives in this tab's memory, and another tab's experiment
// (with predictions of its own, still running) must not be taken for one a reload ended.
const door = (): LocalDoor => createLocalDoor(browserSessionStore());

/** The predictions kept by this tab's page before a reload (a damaged list is set aside: none). */
export function readKeptPredictions(d: LocalDoor = door()): KeptPrediction[] {
  return d.read(STORAGE_KEYS.crashLabPredictions, keptSchema, []).value;
}

/**
 * Keeps the predictions not graded yet (an empty list removes the key). Returns why they could
 * not be kept (storage full or unavailable), or null.
 */
export function keepPredictions(
  list: readonly KeptPrediction[],
  d: LocalDoor = door(),
): string | null {
  if (list.length === 0) {
    d.remove(STORAGE_KEYS.crashLabPredictions);
    return null;
  }
  const result = d.write(
    STORAGE_KEYS.crashLabPredictions,
    keptSchema,
    list.slice(-MAX_KEPT_PREDICTIONS).map((p) => ({ ...p, prediction: { ...p.prediction } })),
  );
  return result.ok ? null : result.message;
}
