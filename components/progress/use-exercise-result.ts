'use client';

import { useWorkFacts } from '@/components/reflect/use-work-facts';
import { exerciseResult, type ExerciseKey, type ExerciseResult } from '@/lib/progress';

/**
 * One graded exercise's result as lib/progress judges it (the same function the path pages, home
 * and the mastery map read), reloaded whenever any tab writes the records; null until read.
 */
export function useExerciseResult(kind: ExerciseKey['kind'], id: string): ExerciseResult | null {
  const facts = useWorkFacts();
  return facts ? exerciseResult(facts, { kind, id }) : null;
}
