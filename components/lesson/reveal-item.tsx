'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { Paragraphs } from '@/content/lesson';
import { Prose } from './prose';
import { OwnAnswer } from './own-answer';
import { RatingButtons } from './rating-buttons';
import { useLessonRecords } from './use-lesson-records';

export interface RevealItemProps {
  id: string;
  eyebrow: string;
  question: string;
  context: string;
  answer: Paragraphs;
  headingLevel: 2 | 3 | 4;
}

/**
 * One question: its context, a box for your own answer, a button that reveals the reference
 * answer (and records the reveal), and a self-rating once revealed.
 */
export function RevealItem({
  id,
  eyebrow,
  question,
  context,
  answer,
  headingLevel,
}: RevealItemProps) {
  const { records, record } = useLessonRecords();
  const revealed = id in records.revealed;
  const [hidden, setHidden] = useState(false);
  const open = revealed && !hidden;
  const headingId = useId();
  const answerId = useId();
  const Heading = `h${headingLevel}` as const;

  function toggle() {
    if (!revealed) void record([{ kind: 'revealed', item: 'question', id, at: Date.now() }]);
    setHidden(open);
  }

  return (
    <article
      aria-labelledby={headingId}
      id={id}
      className="scroll-mt-6 rounded-lg border border-line bg-surface-2 p-4 sm:p-5"
    >
      <p className="text-sm font-semibold uppercase tracking-wider text-accent">{eyebrow}</p>
      <Heading id={headingId} className="mt-1 text-lg font-bold">
        {question}
      </Heading>
      <p className="mt-1 text-muted">{context}</p>
      <OwnAnswer id={id} item="question" label="Your answer first" />
      <Button
        variant="primary"
        className="mt-4"
        aria-expanded={open}
        aria-controls={answerId}
        onClick={toggle}
      >
        {open ? 'Hide the reference answer' : 'Reveal the reference answer'}
      </Button>
      <div id={answerId} hidden={!open} className="mt-3 border-l-4 border-accent pl-4">
        <p className="text-sm font-semibold">Reference answer</p>
        <Prose paragraphs={answer} className="mt-1" />
        <RatingButtons id={id} />
      </div>
    </article>
  );
}
