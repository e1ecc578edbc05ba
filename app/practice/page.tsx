import type { Metadata } from 'next';
import { CardLink } from '@/components/ui/card-link';
import { PageHeader } from '@/components/ui/page-header';
import { PRACTICE_ITEMS } from '@/content/site';

export const metadata: Metadata = { title: 'Practice' };

export default function PracticePage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="Run it, break it, fix it">
        <p>
          Every exercise runs on a real SQLite database compiled to WebAssembly, inside your
          browser. Nothing is simulated with a mock: the rows you see changed are the rows SQLite
          changed.
        </p>
      </PageHeader>
      <ul className="grid gap-4 md:grid-cols-2">
        {PRACTICE_ITEMS.map((item) => (
          <li key={item.href}>
            <CardLink item={item} />
          </li>
        ))}
      </ul>
    </>
  );
}
