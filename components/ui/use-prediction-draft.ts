'use client';

import { useEffect, useRef, useState } from 'react';
import {
  clearPredictionDraft,
  readPredictionDraft,
  savePredictionDraft,
  type PredictionDraft,
} from '@/lib/lesson';
import { useAutosave, type SaveState } from './use-autosave';

const same = (a: PredictionDraft, b: PredictionDraft) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Keeps a prediction the learner has not checked or run yet, across navigation and reload,
 * with the course's one save model. `current` is the page's prediction; when the page opens
 * with none, `restore` receives the kept one. Once `settled` (checked, or the run has begun and
 * the records hold the answer), the draft is forgotten.
 */
export function usePredictionDraft(
  key: string,
  current: PredictionDraft,
  restore: (kept: PredictionDraft) => void,
  settled: boolean,
): SaveState {
  const [stored, setStored] = useState<{ key: string; answers: PredictionDraft } | null>(null);
  const restoreRef = useRef(restore);
  const currentRef = useRef(current);
  useEffect(() => {
    restoreRef.current = restore;
    currentRef.current = current;
  });

  // Read after mount: the server render has no storage, and the first render must match it.
  useEffect(() => {
    const kept = readPredictionDraft(key);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- storage is read once per key
    setStored({ key, answers: kept });
    if (Object.keys(kept).length > 0 && Object.keys(currentRef.current).length === 0)
      restoreRef.current(kept);
  }, [key]);

  useEffect(() => {
    if (settled) clearPredictionDraft(key);
  }, [settled, key]);

  const dirty = stored !== null && stored.key === key && !settled && !same(current, stored.answers);
  const { state } = useAutosave(current, dirty, (answers) => {
    const problem = savePredictionDraft(key, answers, Date.now());
    if (problem) throw new Error(problem);
    setStored({ key, answers });
  });
  return state;
}
