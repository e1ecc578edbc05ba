'use client';

import { useRecordsRead } from '@/components/ui/use-records-read';
import { readWorkFacts, type WorkFacts } from '@/lib/progress';

/** The learner's graded work from the records database, reloaded whenever any tab changes it. */
export function useWorkFacts(): WorkFacts | null {
  return useRecordsRead('work', readWorkFacts)?.value ?? null;
}
