import type { Metadata } from 'next';
import Link from 'next/link';
import { CaseCard } from '@/components/lesson/case-card';
import { Prose } from '@/components/lesson/prose';
import { RecordsNotice } from '@/components/lesson/records-notice';
import { PageHeader } from '@/components/ui/page-header';
import { CASES_LEAD, MIGRATION_CASES } from '@/content/lesson';
import { withoutDerivation } from '@/content/lesson/answer-book';

export const metadata: Metadata = { title: 'Migration cases' };

export default function CasesPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title="When a condition changes">
        <Prose paragraphs={CASES_LEAD} />
      </PageHeader>
      <RecordsNotice />
      <ol className="max-w-3xl space-y-6">
        {MIGRATION_CASES.map((item) => (
          <li key={item.id}>
            <CaseCard item={withoutDerivation(item)} />
          </li>
        ))}
      </ol>
      <p className="mt-8">
        <Link href="/learn#migration-cases" className="font-semibold text-accent underline">
          Back to the lesson
        </Link>
      </p>
    </>
  );
}
