'use client';

import { useSyncExternalStore } from 'react';
import {
  dismissLessonProblems,
  lessonServerSnapshot,
  lessonSnapshot,
  recordLessonEvents,
  subscribeLesson,
} from './lesson-store';

/** The learner's lesson records (reveals, ratings, answers, quiz, reading) and how to add to them. */
export function useLessonRecords() {
  const state = useSyncExternalStore(subscribeLesson, lessonSnapshot, lessonServerSnapshot);
  return { ...state, record: recordLessonEvents, dismissProblems: dismissLessonProblems };
}
