'use client';

import { useRecordsRead, useRecordsReadOrFailure } from '@/components/ui/use-records-read';
import { readWorkFacts, type WorkFacts } from '@/lib/progress';

/** The learner's graded work from the records database, reloaded whenever any tab changes it. */
export function useWorkFacts(): WorkFacts | null {
  return useRecordsRead('work', readWorkFacts)?.value ?? null;
}

/** The graded work, or why the records could not be read (null while still reading). */
export function useWorkFactsOrFailure(): { facts: WorkFacts | null; failure: string | null } {
  const { answer, failure } = useRecordsReadOrFailure('work', readWorkFacts);
  return { facts: answer?.value ?? null, failure };
}
