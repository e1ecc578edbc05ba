'use client';

import dynamic from 'next/dynamic';

/**
 * The opening run, loaded after the page's own content: the timeline's drawing and engine are
 * fetched only once the first screen is up (the schedule is already printed beside it).
 */
export const FirstFailureIsland = dynamic(
  () => import('./first-failure').then((m) => m.FirstFailure),
  {
    ssr: false,
    loading: () => (
      <p role="status" className="rounded-md border border-line p-3 text-muted">
        Loading the run…
      </p>
    ),
  },
);
