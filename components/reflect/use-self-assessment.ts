'use client';

import { useCallback, useEffect, useState } from 'react';
import {
  appendToOutbox,
  browserRecords,
  deliverFromOutbox,
  subscribeToRecords,
  type OutboxEntry,
} from '@/lib/composition';
import {
  evidenceByKind,
  latestNotes,
  ratingHistory,
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

  /**
   * Holds the entries in the records outbox before anything awaits (a rating saved as the page
   * is left, on pagehide, survives the navigation), then writes them. Rejects when not saved.
   */
  const record = useCallback(async (entries: readonly OutboxEntry[]) => {
    const appended = appendToOutbox(entries);
    if (!appended.held) {
      const problem = appended.problem;
      setState((prev) => (prev ? { ...prev, problems: [...prev.problems, problem] } : prev));
    }
    const report = await deliverFromOutbox(appended);
    if (report.failed.length > 0) throw new Error(report.failed[0].reason);
  }, []);

  const rate = useCallback(
    (item: string, rating: SelfRating, text: string) => {
      const at = Date.now();
      return record([
        { kind: 'reflect.rated', rating: { item, rating, note: text, at } },
        { kind: 'reflect.note', note: { item, note: text, at } },
      ]);
    },
    [record],
  );

  const note = useCallback(
    (item: string, text: string) =>
      record([{ kind: 'reflect.note', note: { item, note: text, at: Date.now() } }]),
    [record],
  );

  return { state, error, rate, note };
}
