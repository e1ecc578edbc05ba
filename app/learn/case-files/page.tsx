import type { Metadata } from 'next';
import Link from 'next/link';
import { CaseList } from '@/components/cases/case-list';
import { Prose } from '@/components/lesson/prose';
import { PageHeader } from '@/components/ui/page-header';
import { CASE_FILES, CASE_FILES_LEAD, casePatterns } from '@/content/cases';

export const metadata: Metadata = { title: 'Case files' };

export default function CaseFilesPage() {
  const summaries = CASE_FILES.map((c) => ({
    id: c.id,
    number: c.number,
    title: c.title,
    system: c.system,
    tokenName: c.tokenName,
    patterns: casePatterns(c),
  }));
  return (
    <>
      <PageHeader eyebrow="Learn" title="Case files">
        <Prose paragraphs={CASE_FILES_LEAD} />
      </PageHeader>
      <CaseList cases={summaries} />
      <p className="mt-8">
        <Link href="/learn#case-files" className="font-semibold text-accent underline">
          Back to the lesson
        </Link>
      </p>
    </>
  );
}
