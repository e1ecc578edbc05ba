import type { ReactNode } from 'react';
import { panelClass } from '@/components/ui/panel';

/**
 * A card of the questions page that reviews come back to (a quiz statement, a prediction): its
 * numbered kicker, a "Due for review" badge when it is due, and its heading, which names it.
 */
export function ReviewCard({
  id,
  headingId,
  due,
  kicker,
  heading,
  level,
  children,
}: {
  id: string;
  headingId: string;
  due: boolean;
  kicker: string;
  heading: ReactNode;
  level: 2 | 3;
  children: ReactNode;
}) {
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <article
      id={id}
      aria-labelledby={headingId}
      data-due={due ? 'yes' : 'no'}
      className={panelClass({ padding: 'lg' }, 'scroll-mt-6')}
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">
        {kicker}
        {due ? (
          <span className="ml-2 rounded border border-accent px-1.5 normal-case">
            Due for review
          </span>
        ) : null}
      </p>
      <Heading id={headingId} className="mt-1 text-lg font-bold">
        {heading}
      </Heading>
      {children}
    </article>
  );
}
