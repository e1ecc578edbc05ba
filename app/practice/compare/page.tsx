import type { Metadata } from 'next';
import { CompareDesigns } from '@/components/compare-designs/compare-designs';
import { PageHeader } from '@/components/ui/page-header';
import { PROPERTY_IDS, PROPERTY_WORDS } from '@/lib/lease';

export const metadata: Metadata = { title: 'Compare designs' };

export default function CompareDesignsPage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="Compare designs">
        <p>
          Do not take “fencing is safe” on trust. For each design the checker runs every order in
          which the workers’ steps can interleave, on real SQLite in a background worker, and checks
          four properties after every step:{' '}
          {PROPERTY_IDS.map((id) => PROPERTY_WORDS[id].clause).join('; ')}. It either proves the
          design safe within the bound or shows the shortest schedule that breaks it.
        </p>
      </PageHeader>
      <CompareDesigns />
    </>
  );
}
