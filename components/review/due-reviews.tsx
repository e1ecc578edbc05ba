'use client';

import Link from 'next/link';
import { useSyncExternalStore } from 'react';
import { CHECK_QUESTION, flattenQuestions, MISTAKES, QUIZ_ITEMS } from '@/content/lesson';
import { FOUNDATIONS } from '@/content/lesson/foundations';
import { counted } from '@/lib/lease';
import { DAY_MS, reviewsDue, type ReviewItem } from '@/lib/review';
import { useReviews } from './use-reviews';

/** Where each reviewable item is asked, and a short name for it. */
function target(item: ReviewItem): { label: string; href: string } {
  const quiz = QUIZ_ITEMS.find((q) => q.id === item.itemId);
  if (quiz)
    return { label: `True or false: ${quiz.misconception}`, href: `/learn/mistakes#${quiz.id}` };
  const mistake = MISTAKES.find((m) => m.prediction.id === item.itemId);
  if (mistake)
    return {
      label: `Prediction: ${mistake.misconception}`,
      href: `/learn/mistakes#${item.itemId}`,
    };
  const foundation = FOUNDATIONS.find((f) => f.question.id === item.itemId);
  if (foundation)
    return {
      label: `Graded question: ${foundation.title.replace(/^Foundation \d: /, '')}`,
      href: `/learn#${item.itemId}`,
    };
  if (item.itemId === CHECK_QUESTION.id)
    return { label: 'The check question', href: `/learn#${item.itemId}` };
  const question = flattenQuestions().find((q) => q.id === item.itemId);
  if (question)
    return { label: `Question: ${question.question}`, href: `/learn/questions#${item.itemId}` };
  return { label: item.itemId, href: '/learn' };
}

const noSubscribe = () => () => {};

/** What is due for review today, on the home page: wrong answers come back after 1 and 3 days. */
export function DueReviews() {
  const { items, ready } = useReviews();
  // The time is read on the client only, so the static page and the first render agree.
  const now = useSyncExternalStore(
    noSubscribe,
    () => Math.floor(Date.now() / 60_000) * 60_000,
    () => 0,
  );
  if (!ready || now === 0)
    return (
      <p className="text-muted" data-reviews="loading">
        Checking what is due for review…
      </p>
    );
  const { due, next } = reviewsDue(items, now);
  return (
    <div data-reviews="ready" data-due-count={due.length}>
      {due.length === 0 ? (
        <p>
          Nothing is due for review today.
          {next
            ? ` Next review in ${counted(Math.max(1, Math.ceil((next.dueAt - now) / DAY_MS)), 'day')}.`
            : ''}
        </p>
      ) : (
        <>
          <p className="font-semibold">
            {due.length} {due.length === 1 ? 'item is' : 'items are'} due for review today:
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-6">
            {due.map((item) => {
              const { label, href } = target(item);
              return (
                <li key={item.itemId}>
                  <Link href={href} className="font-semibold text-accent underline">
                    {label}
                  </Link>{' '}
                  <span className="text-sm text-muted">
                    ({item.step === 1 ? 'first' : 'second'} review)
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </div>
  );
}
