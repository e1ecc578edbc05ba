import type { Metadata } from 'next';
import { SqlSandbox } from '@/components/sql-sandbox/sql-sandbox';
import { PageHeader } from '@/components/ui/page-header';
import { SANDBOX_SCRIPT, SANDBOX_SEED } from '@/content/sandbox';

export const metadata: Metadata = { title: 'SQL sandbox' };

export default function SqlSandboxPage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="SQL sandbox">
        <p>
          A <code>runs</code> table with one queued run, and the lesson’s claim and finish
          statements written out with their values. Run them and watch the old worker’s finish
          change zero rows. Then change a condition, reset the database and run again. A query that
          runs too long is stopped after a few seconds.
        </p>
      </PageHeader>
      <SqlSandbox seed={SANDBOX_SEED} initialScript={SANDBOX_SCRIPT} />
    </>
  );
}
