import Link from 'next/link';
import type { ReactNode } from 'react';
import type { NavItem } from '@/content/site';
import { panelClass } from './panel';

/** A card that links to a mode or an exercise. */
export function CardLink({
  item,
  headingLevel = 2,
  children,
}: {
  item: NavItem;
  headingLevel?: 2 | 3;
  /** Extra lines under the description (a lab's progress). */
  children?: ReactNode;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <Link
      href={item.href}
      className={panelClass({ padding: 'lg' }, 'block transition hover:border-accent')}
    >
      <Heading className="text-lg font-bold">{item.label}</Heading>
      <p className="mt-1 text-muted">{item.description}</p>
      {children}
    </Link>
  );
}
