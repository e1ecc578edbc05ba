'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useReviews } from '@/components/review/use-reviews';
import type { QuizPrompt } from '@/content/lesson';
import { quizScore } from '@/lib/lesson';
import { exerciseResult } from '@/lib/progress';
import { useWorkFacts } from '@/components/reflect/use-work-facts';
import { isDue } from '@/lib/review';
import { ChoiceButtons } from './choice-buttons';
import { InlineText, Prose } from './prose';
import { clock } from './lesson-store';
import { loadAnswerBook, useQuizKey } from './use-answer-book';
import { useLessonRecords } from './use-lesson-records';
import { ReviewCard } from './review-card';
import { FirstTryVerdict } from './first-try-verdict';

const TRUE_FALSE = [
  { value: true, label: 'True' },
  { value: false, label: 'False' },
] as const;

/** Whether the review schedule has this item due now. */
export function useDue(id: string): boolean {
  const { items } = useReviews();
  const item = items.find((i) => i.itemId === id);
  return item ? isDue(item, clock()) : false;
}

function QuizCard({
  item,
  index,
  passedOnReview,
}: {
  item: QuizPrompt;
  index: number;
  /** lib/progress counts it after a wrong first try: right on its review. */
  passedOnReview: boolean;
}) {
  const { records, record } = useLessonRecords();
  const answer = records.quiz[item.id];
  const due = useDue(item.id);
  const [retrying, setRetrying] = useState(false);
  const headingId = useId();
  const key = useQuizKey(item.id, Boolean(answer));
  const [failed, setFailed] = useState(false);
  function choose(choice: boolean) {
    setRetrying(false);
    // The truth is fetched only now, with the answer: it is not in the page's data.
    loadAnswerBook().then(
      (book) => {
        const truth = book.quizKey(item.id)?.truth;
        if (truth === undefined) return setFailed(true);
        setFailed(false);
        void record([
          { kind: 'quiz', id: item.id, choice, correct: choice === truth, at: clock() },
        ]);
      },
      () => setFailed(true),
    );
  }

  return (
    <ReviewCard
      id={item.id}
      headingId={headingId}
      due={due}
      kicker={`Statement ${index + 1}`}
      heading={<InlineText text={item.statement} />}
      level={2}
    >
      <div className="mt-3">
        <ChoiceButtons
          label={retrying ? 'Answer again: true or false?' : 'True or false?'}
          choices={TRUE_FALSE}
          chosen={retrying ? undefined : answer?.choice}
          locked={Boolean(answer) && !retrying}
          onChoose={choose}
        />
      </div>
      {/* A retry is asked as the statement was first asked: the verdict and its truth hidden. */}
      {retrying ? null : (
        <FirstTryVerdict
          answer={answer}
          passedOnReview={passedOnReview}
          verdict={key ? `: the statement is ${key.truth ? 'true' : 'false'}.` : '.'}
          explanation={
            key ? (
              <>
                {/* A true statement states no mistaken belief: it gets none named. */}
                {key.truth ? null : (
                  <p className="mt-1 text-sm text-muted">
                    The belief behind it: “{key.misconception}”.
                  </p>
                )}
                <Prose paragraphs={key.explanation} className="mt-2" />
              </>
            ) : (
              key
            )
          }
          failed={failed}
        />
      )}
      {answer && !retrying ? (
        <Button className="mt-3" onClick={() => setRetrying(true)}>
          {due ? 'Review: answer again' : 'Answer again (not scored)'}
        </Button>
      ) : null}
    </ReviewCard>
  );
}

/** The quiz: true-or-false items, scored on the first answer only; retries are kept as retries. */
export function MistakesQuiz({ items }: { items: readonly QuizPrompt[] }) {
  const { records, saving } = useLessonRecords();
  // One read of the graded work for every card (lib/progress's judgment of each statement).
  const work = useWorkFacts();
  const score = quizScore(
    items.map((item) => item.id),
    records,
  );
  return (
    <>
      <p className="mb-4 font-semibold" aria-live="polite" data-testid="quiz-score">
        {score.answered} of {score.total} answered, {score.correct} right on the first try
        {saving ? <span className="font-normal text-muted"> (saving…)</span> : null}
      </p>
      <ol className="space-y-4">
        {items.map((item, index) => (
          <li key={item.id}>
            <QuizCard
              item={item}
              index={index}
              passedOnReview={
                work ? exerciseResult(work, { kind: 'quiz', id: item.id }).passed : false
              }
            />
          </li>
        ))}
      </ol>
    </>
  );
}
