import Link from 'next/link';
import { SITE } from '@/content/site';
import { SiteNav } from './site-nav';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  return (
    <header className="border-b border-line bg-surface">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <Link href="/" className="font-bold tracking-tight hover:underline">
          <span aria-hidden="true" className="mr-1 text-accent">
            ⟂
          </span>
          {SITE.shortTitle}
        </Link>
        <SiteNav />
        <ThemeToggle />
      </div>
    </header>
  );
}
