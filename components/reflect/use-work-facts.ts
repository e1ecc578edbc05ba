'use client';

import { useEffect, useState } from 'react';
import { browserRecords, subscribeToRecords } from '@/lib/composition';
import { readWorkFacts, type WorkFacts } from '@/lib/progress';

/** The learner's graded work from the records database, reloaded whenever any tab changes it. */
export function useWorkFacts(): WorkFacts | null {
  const [facts, setFacts] = useState<WorkFacts | null>(null);
  useEffect(() => {
    let live = true;
    const refresh = () =>
      browserRecords()
        .read(readWorkFacts)
        .then(
          (next) => live && setFacts(next),
          () => undefined,
        );
    void refresh();
    const stop = subscribeToRecords(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, []);
  return facts;
}
