import type { Metadata } from 'next';
import Link from 'next/link';
import { MistakesQuiz } from '@/components/lesson/mistakes-quiz';
import { PredictionCard } from '@/components/lesson/prediction-card';
import { Prose } from '@/components/lesson/prose';
import { RecordsNotice } from '@/components/lesson/records-notice';
import { PageHeader } from '@/components/ui/page-header';
import { MISTAKES, MISTAKES_LEAD, QUIZ_ITEMS } from '@/content/lesson';
import { mistakePrompt, quizPrompt } from '@/content/lesson/answer-book';

export const metadata: Metadata = { title: 'Common mistakes' };

export default function MistakesPage() {
  return (
    <>
      <PageHeader eyebrow="Learn" title="Common mistakes: true or false, then predict">
        <Prose paragraphs={MISTAKES_LEAD} />
      </PageHeader>
      <RecordsNotice />
      <div className="max-w-3xl">
        <MistakesQuiz items={QUIZ_ITEMS.map(quizPrompt)} />
        <section aria-labelledby="predictions" className="mt-10 space-y-4">
          <h2 id="predictions" className="text-2xl font-bold">
            The four mistakes as timelines
          </h2>
          <p>Say what happens to every write. Your first check is the one that counts.</p>
          <ol className="space-y-4">
            {MISTAKES.map((mistake, index) => (
              <li key={mistake.id}>
                <PredictionCard mistake={mistakePrompt(mistake)} index={index} />
              </li>
            ))}
          </ol>
        </section>
        <p className="mt-8">
          <Link href="/learn#common-mistakes" className="font-semibold text-accent underline">
            Back to the lesson
          </Link>
        </p>
      </div>
    </>
  );
}
