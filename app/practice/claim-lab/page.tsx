import type { Metadata } from 'next';
import { ClaimLab } from '@/components/claim-lab/claim-lab';
import { PageHeader } from '@/components/ui/page-header';
import { LAB_EXERCISES } from '@/content/claim-lab/exercises';

export const metadata: Metadata = { title: 'Claim/finish lab' };

export default function ClaimLabPage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="Claim/finish lab">
        <p>
          The lesson’s SQLite demo as a TypeScript program you can edit and run. Worker A claims a
          run, pauses past its lease, and B takes over; then both try to finish. Run it on real
          SQLite in your browser, watch the <code>runs</code> row change step by step, then break
          the finish on purpose and fix it.
        </p>
      </PageHeader>
      <ClaimLab exercises={LAB_EXERCISES} />
    </>
  );
}
