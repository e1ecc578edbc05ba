import * as z from 'zod/mini';
import { browserStore, createLocalDoor, STORAGE_KEYS, type LocalDoor } from '@/lib/storage';

/** One unchecked prediction: write id → the outcome chosen so far. */
export type PredictionDraft = Readonly<Record<string, string>>;

/** At most this many exercises keep a draft; the oldest goes first. */
export const MAX_PREDICTION_DRAFTS = 60;

const draftSchema = z.record(z.string().check(z.maxLength(80)), z.string().check(z.maxLength(20)));
const draftsSchema = z.record(
  z.string().check(z.maxLength(120)),
  z.object({ at: z.number(), answers: draftSchema }),
);
type Drafts = z.infer<typeof draftsSchema>;

const door = (): LocalDoor => createLocalDoor(browserStore());
const readAll = (d: LocalDoor): Drafts =>
  d.read(STORAGE_KEYS.predictionDrafts, draftsSchema, {}).value;

/** The unchecked prediction kept for an exercise ({} when there is none). */
export function readPredictionDraft(key: string, d: LocalDoor = door()): PredictionDraft {
  return readAll(d)[key]?.answers ?? {};
}

/**
 * Keeps an unchecked prediction (an empty one removes it). Returns an error message when it
 * could not be saved (storage full or unavailable); the page keeps the choices either way.
 */
export function savePredictionDraft(
  key: string,
  answers: PredictionDraft,
  at: number,
  d: LocalDoor = door(),
): string | null {
  const all: Drafts = { ...readAll(d) };
  delete all[key];
  if (Object.keys(answers).length > 0) all[key] = { at, answers: { ...answers } };
  const kept = Object.entries(all)
    .sort(([, a], [, b]) => b.at - a.at)
    .slice(0, MAX_PREDICTION_DRAFTS);
  const result = d.write(STORAGE_KEYS.predictionDrafts, draftsSchema, Object.fromEntries(kept));
  return result.ok ? null : result.message;
}

/** Forgets an exercise's draft: it was checked or run, and the records hold the answer. */
export function clearPredictionDraft(key: string, d: LocalDoor = door()): void {
  if (key in readAll(d)) savePredictionDraft(key, {}, 0, d);
}
