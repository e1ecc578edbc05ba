import { z } from 'zod';
import { STORAGE_KEYS, type LocalDoor, type ReadResult, type WriteResult } from '@/lib/storage';
import { ScenarioSchema } from './schema';
import type { Scenario } from './types';

/** How many built scenarios are kept. */
export const MAX_SAVED_SCENARIOS = 20;

const SavedList = z.array(ScenarioSchema).max(MAX_SAVED_SCENARIOS);

/** The learner's saved scenarios, validated on read (a damaged list is kept aside by the door). */
export function readSavedScenarios(door: LocalDoor): ReadResult<Scenario[]> {
  return door.read(STORAGE_KEYS.timelineScenarios, SavedList, [] as Scenario[]) as ReadResult<Scenario[]>;
}

/**
 * Saves a scenario under its id (replacing one with the same id, newest first). When the list is
 * full the oldest is dropped; the caller is told so.
 */
export function saveScenario(door: LocalDoor, scenario: Scenario): WriteResult & { dropped?: string } {
  const current = readSavedScenarios(door).value.filter((s) => s.id !== scenario.id);
  const next = [scenario, ...current];
  const dropped = next.length > MAX_SAVED_SCENARIOS ? next[next.length - 1].title : undefined;
  const result = door.write(STORAGE_KEYS.timelineScenarios, SavedList, next.slice(0, MAX_SAVED_SCENARIOS));
  return dropped && result.ok ? { ...result, dropped } : result;
}

export function deleteSavedScenario(door: LocalDoor, id: string): WriteResult {
  const next = readSavedScenarios(door).value.filter((s) => s.id !== id);
  return door.write(STORAGE_KEYS.timelineScenarios, SavedList, next);
}
