'use client';

import { useEffect, useState } from 'react';
import type * as AnswerBookModule from '@/content/lesson/answer-book';

type AnswerBook = typeof AnswerBookModule;

/** The answer book, fetched on demand: pages never ship its keys in their serialized data. */
export const loadAnswerBook = (): Promise<AnswerBook> => import('@/content/lesson/answer-book');

type QuizKey = NonNullable<ReturnType<AnswerBook['quizKey']>>;
type PredictionKey = NonNullable<ReturnType<AnswerBook['predictionKey']>>;

/** Loads a key once `when` holds: undefined while loading, null if it could not be loaded. */
function useKey<T>(when: boolean, id: string, pick: (book: AnswerBook, id: string) => T | null) {
  const [key, setKey] = useState<T | null | undefined>(undefined);
  useEffect(() => {
    if (!when) return;
    let live = true;
    loadAnswerBook().then(
      (book) => live && setKey(pick(book, id)),
      () => live && setKey(null),
    );
    return () => {
      live = false;
    };
  }, [when, id, pick]);
  return key;
}

const pickQuiz = (book: AnswerBook, id: string) => book.quizKey(id);
const pickPrediction = (book: AnswerBook, id: string) => book.predictionKey(id);

/** A quiz statement's truth and explanation, loaded after the learner has answered. */
export function useQuizKey(id: string, answered: boolean): QuizKey | null | undefined {
  return useKey(answered, id, pickQuiz);
}

/** A prediction's fates and whys, loaded after the learner has checked. */
export function usePredictionKey(id: string, checked: boolean): PredictionKey | null | undefined {
  return useKey(checked, id, pickPrediction);
}
