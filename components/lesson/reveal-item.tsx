'use client';

import { useEffect, useId, useState } from 'react';
import type { Paragraphs } from '@/content/lesson/types';
import { AttemptGate } from './attempt-gate';
import { Prose } from './prose';
import { RatingButtons } from './rating-buttons';
import { panelClass } from '@/components/ui/panel';

export interface RevealItemProps {
  id: string;
  eyebrow: string;
  question: string;
  context: string;
  headingLevel: 2 | 3 | 4;
}

/**
 * The reference answer, fetched when it is first shown (after an attempt): it is not in the
 * page's serialized data.
 */
function LoadedAnswer({ id }: { id: string }) {
  const [answer, setAnswer] = useState<Paragraphs | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void import('@/content/lesson/answer-book').then(
      (book) => live && setAnswer(book.referenceAnswer(id)),
      () => live && setAnswer(null),
    );
    return () => {
      live = false;
    };
  }, [id]);
  if (answer === undefined) return <p className="mt-1 text-muted">Loading the answer…</p>;
  if (answer === null)
    return <p className="mt-1 text-bad">The answer could not be loaded. Reload to try again.</p>;
  return <Prose paragraphs={answer} className="mt-1" />;
}

/**
 * One question: its context, your answer (a journal prompt with history), the reference answer
 * once you have tried, and a self-rating.
 */
export function RevealItem({ id, eyebrow, question, context, headingLevel }: RevealItemProps) {
  const headingId = useId();
  const Heading = `h${headingLevel}` as const;
  return (
    <article
      aria-labelledby={headingId}
      id={id}
      className={panelClass({ padding: 'lg' }, 'scroll-mt-6')}
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>
      <Heading id={headingId} className="mt-1 text-lg font-bold">
        {question}
      </Heading>
      <p className="mt-1 text-muted">{context}</p>
      <AttemptGate
        id={id}
        item="question"
        label="Your answer first"
        revealLabel="the reference answer"
      >
        <div className="border-l-4 border-accent pl-4">
          <p className="text-sm font-semibold">Reference answer</p>
          <LoadedAnswer id={id} />
          <RatingButtons id={id} />
        </div>
      </AttemptGate>
    </article>
  );
}
