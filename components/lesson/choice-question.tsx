'use client';

import { useEffect, useId, useState } from 'react';
import type { ChoicePrompt } from '@/content/lesson';
import { panelClass } from '@/components/ui/panel';
import { Button } from '@/components/ui/button';
import { useExerciseResult } from '@/components/progress/use-exercise-result';
import { FirstTryVerdict } from './first-try-verdict';
import { useDue } from './mistakes-quiz';
import { Prose } from './prose';
import { clock } from './lesson-store';
import { loadAnswerBook } from './use-answer-book';
import { useLessonRecords } from './use-lesson-records';

type ChoiceKey = { answer: string; explanation: readonly string[] };

/** Loads the question's key once it has been answered: undefined while loading, null on failure. */
function useChoiceKey(id: string, answered: boolean): ChoiceKey | null | undefined {
  const [key, setKey] = useState<ChoiceKey | null | undefined>(undefined);
  useEffect(() => {
    if (!answered) return;
    let live = true;
    loadAnswerBook().then(
      (book) => live && setKey(book.choiceKey(id)),
      () => live && setKey(null),
    );
    return () => {
      live = false;
    };
  }, [answered, id]);
  return key;
}

/**
 * A foundation's graded question: pick one option; the first pick is locked and scored (it
 * feeds the mastery map), later picks count only as tries. A wrong first answer comes back for
 * review a day later (lib/review): the question is asked again with nothing marked and no
 * explanation shown, and a right answer then passes it (lib/progress). The key is fetched with
 * the answer.
 */
export function ChoiceQuestion({ prompt }: { prompt: ChoicePrompt }) {
  const { records, record } = useLessonRecords();
  const answer = records.choices[prompt.id];
  const key = useChoiceKey(prompt.id, Boolean(answer));
  const [retrying, setRetrying] = useState(false);
  const [failed, setFailed] = useState(false);
  const due = useDue(prompt.id);
  const result = useExerciseResult('choice', prompt.id);
  const headingId = useId();

  function choose(choice: string) {
    setRetrying(false);
    loadAnswerBook().then(
      (book) => {
        const found = book.choiceKey(prompt.id);
        if (!found) return setFailed(true);
        setFailed(false);
        void record([
          { kind: 'chose', id: prompt.id, choice, correct: choice === found.answer, at: clock() },
        ]);
      },
      () => setFailed(true),
    );
  }

  const locked = Boolean(answer) && !retrying;
  const chosen = locked ? answer?.choice : undefined;
  return (
    <article
      id={prompt.id}
      aria-labelledby={headingId}
      data-due={due ? 'yes' : 'no'}
      className={panelClass({ padding: 'lg' }, 'scroll-mt-4')}
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">
        Graded question: your first answer counts
        {due ? (
          <span className="ml-2 rounded border border-accent px-1.5 normal-case">
            Due for review
          </span>
        ) : null}
      </p>
      <h3 id={headingId} className="mt-1 font-semibold">
        {prompt.question}
      </h3>
      <div role="group" aria-label="Pick one answer" className="mt-3 grid gap-2">
        {prompt.options.map((option) => {
          const isRight = key && locked ? key.answer === option.id : false;
          return (
            <button
              key={option.id}
              type="button"
              aria-pressed={chosen === option.id}
              disabled={locked}
              onClick={() => choose(option.id)}
              className={`rounded-md border px-3 py-2 text-left disabled:cursor-not-allowed ${
                chosen === option.id
                  ? 'border-accent bg-accent text-accent-ink'
                  : isRight
                    ? 'border-good bg-surface'
                    : 'border-line bg-surface hover:bg-surface-2 disabled:opacity-70'
              }`}
            >
              <span className="font-semibold">{option.id.toUpperCase()}.</span> {option.text}
              {isRight ? <span className="sr-only"> (the right answer)</span> : null}
            </button>
          );
        })}
      </div>
      {retrying ? (
        // Asked again as it was first asked: no earlier answer marked, no explanation shown.
        <p className="mt-3 text-sm text-muted">
          {due
            ? 'Review: pick again. A right answer now counts for this question.'
            : 'Answering again: not scored. Its review opens a day after your last wrong answer.'}
        </p>
      ) : (
        <FirstTryVerdict
          answer={answer}
          passedOnReview={Boolean(result?.passed)}
          verdict={key ? `: the answer is ${key.answer.toUpperCase()}.` : '.'}
          explanation={key ? <Prose paragraphs={key.explanation} className="mt-2" /> : key}
          failed={failed}
        />
      )}
      {answer && !retrying && result ? (
        <p className="mt-2 text-sm" data-testid="choice-result">
          In your records: {result.summary}
          {result.passed || result.waitsForReview
            ? '.'
            : due
              ? '. Its review is open now: answer again.'
              : '. It comes back for review a day after your last wrong answer; a right answer then counts.'}
        </p>
      ) : null}
      {locked ? (
        <Button className="mt-3" onClick={() => setRetrying(true)}>
          {due ? 'Review: answer again' : 'Answer again (not scored)'}
        </Button>
      ) : null}
    </article>
  );
}
