'use client';

import { useEffect, useState } from 'react';
import { browserRecords, subscribeToRecords } from '@/lib/composition';
import { scheduledReviews, type ReviewItem } from '@/lib/review';

/** The review schedule from the records database, reloaded whenever any tab changes the records. */
export function useReviews(): { items: readonly ReviewItem[]; ready: boolean } {
  const [state, setState] = useState<{ items: readonly ReviewItem[]; ready: boolean }>({
    items: [],
    ready: false,
  });
  useEffect(() => {
    let live = true;
    const refresh = () =>
      browserRecords()
        .read(scheduledReviews)
        .then(
          (items) => live && setState({ items, ready: true }),
          () => live && setState({ items: [], ready: true }),
        );
    void refresh();
    const stop = subscribeToRecords(() => void refresh());
    return () => {
      live = false;
      stop();
    };
  }, []);
  return state;
}
