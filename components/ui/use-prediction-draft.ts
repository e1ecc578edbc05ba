'use client';

import { useEffect, useRef, useState } from 'react';
import {
  clearPredictionDraft,
  readPredictionDraft,
  savePredictionDraft,
  type PredictionDraft,
} from '@/lib/lesson';
import type { SaveState } from './use-autosave';

const same = (a: PredictionDraft, b: PredictionDraft) =>
  Object.keys(a).length === Object.keys(b).length &&
  Object.entries(a).every(([k, v]) => b[k] === v);

/**
 * Keeps a prediction the learner has not checked or run yet, across navigation and reload.
 * `current` is the page's prediction; when the page opens with none, `restore` receives the kept
 * one. Once `settled` (checked, or the run has begun and the records hold the answer), the draft
 * is forgotten.
 *
 * A choice is one click, not typing, and the draft is a few bytes of localStorage: it is saved in
 * the same commit that shows it, with no pause and no later flush, so leaving the page at once
 * (a link, a reload, a closed tab) cannot lose it. An empty prediction never replaces a kept one:
 * a page that is still restoring, or is torn down before its restore lands, shows none for a
 * moment, and only `settled` forgets a draft.
 */
export function usePredictionDraft(
  key: string,
  current: PredictionDraft,
  restore: (kept: PredictionDraft) => void,
  settled: boolean,
): SaveState {
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const stored = useRef<{ key: string; answers: PredictionDraft } | null>(null);
  const restoreRef = useRef(restore);
  const currentRef = useRef(current);
  useEffect(() => {
    restoreRef.current = restore;
    currentRef.current = current;
  });

  // Read after mount: the server render has no storage, and the first render must match it.
  useEffect(() => {
    const kept = readPredictionDraft(key);
    stored.current = { key, answers: kept };
    if (Object.keys(kept).length > 0 && Object.keys(currentRef.current).length === 0)
      restoreRef.current(kept);
  }, [key]);

  useEffect(() => {
    if (!settled) return;
    clearPredictionDraft(key);
    stored.current = { key, answers: {} };
  }, [settled, key]);

  useEffect(() => {
    const kept = stored.current;
    if (kept === null || kept.key !== key || settled) return;
    if (Object.keys(current).length === 0 || same(current, kept.answers)) return;
    const problem = savePredictionDraft(key, current, Date.now());
    if (problem === null) stored.current = { key, answers: current };
    setState(problem === null ? { kind: 'saved' } : { kind: 'error', message: problem });
  }, [current, key, settled]);

  return state;
}
