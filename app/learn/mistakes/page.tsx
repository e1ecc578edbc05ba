import type { Metadata } from 'next';
import Link from 'next/link';
import { MistakesQuiz } from '@/components/lesson/mistakes-quiz';
import { Prose } from '@/components/lesson/prose';
import { RecordsNotice } from '@/components/lesson/records-notice';
import { PageHeader } from '@/components/ui/page-header';
import { MISTAKES, MISTAKES_LEAD } from '@/content/lesson';

export const metadata: Metadata = { title: 'Common mistakes' };

export default function MistakesPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title="True or false? Four common mistakes">
        <Prose paragraphs={MISTAKES_LEAD} />
      </PageHeader>
      <RecordsNotice />
      <div className="max-w-3xl">
        <MistakesQuiz items={MISTAKES} />
        <p className="mt-8">
          <Link href="/learn#common-mistakes" className="font-semibold text-accent underline">
            Back to the lesson
          </Link>
        </p>
      </div>
    </>
  );
}
