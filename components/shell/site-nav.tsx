'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { MODES } from '@/content/site';

/** The three modes as the main navigation; the current one is marked for screen readers too. */
export function SiteNav() {
  const pathname = usePathname() ?? '/';
  return (
    <nav aria-label="Modes">
      <ul className="flex gap-1 sm:gap-2">
        {MODES.map((mode) => {
          const active = pathname === mode.href || pathname.startsWith(`${mode.href}/`);
          return (
            <li key={mode.href}>
              <Link
                href={mode.href}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-md px-2.5 py-1.5 text-sm font-semibold uppercase tracking-wider sm:px-3 ${
                  active ? 'bg-accent text-accent-ink' : 'text-ink hover:bg-surface-2'
                }`}
              >
                {mode.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
