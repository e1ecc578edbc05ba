import type { Metadata } from 'next';
import Link from 'next/link';
import { Prose } from '@/components/lesson/prose';
import { QuestionTree } from '@/components/lesson/question-tree';
import { RecordsNotice } from '@/components/lesson/records-notice';
import { PageHeader } from '@/components/ui/page-header';
import { QUESTION_TREE, QUESTIONS_LEAD } from '@/content/lesson';
import { withoutAnswers } from '@/content/lesson/answer-book';

export const metadata: Metadata = { title: 'Questions and answers' };

export default function QuestionsPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title="Questions and answers, level by level">
        <Prose paragraphs={QUESTIONS_LEAD} />
      </PageHeader>
      <RecordsNotice />
      <div className="max-w-3xl">
        <QuestionTree tree={withoutAnswers(QUESTION_TREE)} />
        <p className="mt-8">
          <Link href="/learn#follow-up-questions" className="font-semibold text-accent underline">
            Back to the lesson
          </Link>
        </p>
      </div>
    </>
  );
}
