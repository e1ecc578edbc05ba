'use client';

import { useId } from 'react';
import type { MistakeItem } from '@/content/lesson';
import { quizScore } from '@/lib/lesson';
import { Prose } from './prose';
import { clock } from './lesson-store';
import { useLessonRecords } from './use-lesson-records';

function QuizItem({ item, index }: { item: MistakeItem; index: number }) {
  const { records, record } = useLessonRecords();
  const answer = records.quiz[item.id];
  const headingId = useId();
  function choose(choice: boolean) {
    void record([
      { kind: 'quiz', id: item.id, choice, correct: choice === item.truth, at: clock() },
    ]);
  }

  return (
    <article
      id={item.id}
      aria-labelledby={headingId}
      className="scroll-mt-6 rounded-lg border border-line bg-surface-2 p-4 sm:p-5"
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">
        Statement {index + 1}
      </p>
      <h2 id={headingId} className="mt-1 text-lg font-bold">
        {item.statement}
      </h2>
      <div role="group" aria-label="True or false?" className="mt-3 flex gap-2">
        {[true, false].map((choice) => (
          <button
            key={String(choice)}
            type="button"
            aria-pressed={answer?.choice === choice}
            onClick={() => choose(choice)}
            className={`rounded-md border px-4 py-1.5 font-semibold ${
              answer?.choice === choice
                ? 'border-accent bg-accent text-accent-ink'
                : 'border-line bg-surface hover:bg-surface-2'
            }`}
          >
            {choice ? 'True' : 'False'}
          </button>
        ))}
      </div>
      <div role="status" className="mt-3">
        {answer ? (
          <div className="border-l-4 border-accent pl-4">
            <p className={`font-bold ${answer.correct ? 'text-good' : 'text-bad'}`}>
              {answer.correct ? 'Right' : 'Not quite'}: the statement is{' '}
              {item.truth ? 'true' : 'false'}.
            </p>
            <p className="mt-1 text-sm text-muted">
              The mistake behind it: “{item.misconception}”.
            </p>
            <Prose paragraphs={item.explanation} className="mt-2" />
          </div>
        ) : null}
      </div>
    </article>
  );
}

/** The common mistakes as a true-or-false quiz; every answer is kept in the records. */
export function MistakesQuiz({ items }: { items: readonly MistakeItem[] }) {
  const { records } = useLessonRecords();
  const score = quizScore(
    items.map((item) => item.id),
    records,
  );
  return (
    <>
      <p className="mb-4 font-semibold" aria-live="polite">
        {score.answered} of {score.total} answered, {score.correct} right
      </p>
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.id}>
            <QuizItem item={item} index={index} />
          </li>
        ))}
      </ol>
    </>
  );
}
