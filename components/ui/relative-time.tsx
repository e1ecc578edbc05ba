'use client';

import { useEffect, useState } from 'react';
import { exactTime, machineTime, nextChangeIn, relativeTime } from '@/lib/when';

/**
 * When something was saved, as words relative to now ("2 minutes ago"), kept current while the
 * page is open. The exact time shows on hover (title) and on keyboard focus (the time is
 * focusable and its tooltip opens), and dateTime carries it for machines.
 */
export function RelativeTime({
  at,
  className = '',
  quiet = false,
}: {
  at: number;
  className?: string;
  /** Inside a live region: its ticking words are not announced again each time they change. */
  quiet?: boolean;
}) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setTimeout(() => setNow(Date.now()), nextChangeIn(at, now));
    return () => window.clearTimeout(timer);
  }, [at, now]);
  const exact = exactTime(at);
  return (
    <time
      dateTime={machineTime(at)}
      title={exact}
      tabIndex={0}
      aria-live={quiet ? 'off' : undefined}
      // The exact time also opens on keyboard focus: drawn from the title by CSS, so it is not
      // part of the text (a screen reader hears the title once, and copied text stays short).
      className={`relative underline decoration-dotted underline-offset-2 after:pointer-events-none after:absolute after:bottom-full after:left-0 after:z-10 after:mb-1 after:hidden after:whitespace-nowrap after:rounded after:border after:border-line after:bg-surface after:px-1.5 after:py-0.5 after:text-xs after:text-ink after:content-[attr(title)] focus-visible:after:block ${className}`.trim()}
    >
      {relativeTime(at, now)}
    </time>
  );
}
