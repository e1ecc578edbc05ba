'use client';

import { useCallback, useEffect, useState } from 'react';
import { browserRecords, subscribeToRecords } from '@/lib/composition';
import {
  evidenceByKind,
  latestNotes,
  ratingHistory,
  recordRating,
  saveNote,
  type NoteRecord,
  type Evidence,
  type SelfRating,
  type RatingRecord,
} from '@/lib/reflect';

export interface AssessmentState {
  history: RatingRecord[];
  latest: Map<string, RatingRecord>;
  /** Each item's latest note, saved with or without a rating. */
  notes: Map<string, NoteRecord>;
  evidence: Map<string, Evidence>;
  problems: string[];
}

async function readAssessment(evidenceKinds: readonly string[]): Promise<AssessmentState> {
  const records = browserRecords();
  const [history, notes, evidence] = await records.read(
    (db) => [ratingHistory(db), latestNotes(db), evidenceByKind(db, evidenceKinds)] as const,
  );
  const latest = new Map<string, RatingRecord>();
  for (const record of history) latest.set(record.item, record);
  return {
    history,
    latest,
    notes,
    evidence,
    problems: records.takeProblems().map((p) => p.message),
  };
}

/** Ratings and evidence from the records database, reloaded whenever any tab changes them. */
export function useSelfAssessment(evidenceKinds: readonly string[]) {
  const [state, setState] = useState<AssessmentState | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const refresh = () =>
      readAssessment(evidenceKinds).then(
        (next) => {
          if (live)
            setState((prev) => ({
              ...next,
              problems: [...(prev?.problems ?? []), ...next.problems],
            }));
        },
        (e: unknown) => {
          if (live)
            setError(
              `Your records could not be opened: ${e instanceof Error ? e.message : String(e)}`,
            );
        },
      );
    void refresh();
    const unsubscribe = subscribeToRecords(() => void refresh());
    return () => {
      live = false;
      unsubscribe();
    };
  }, [evidenceKinds]);

  const rate = useCallback(async (item: string, rating: SelfRating, text: string) => {
    await browserRecords().write((db) => {
      const at = Date.now();
      recordRating(db, { item, rating, note: text, at });
      saveNote(db, { item, note: text, at });
    });
  }, []);

  const note = useCallback(async (item: string, text: string) => {
    await browserRecords().write((db) => {
      saveNote(db, { item, note: text, at: Date.now() });
    });
  }, []);

  return { state, error, rate, note };
}
