'use client';

import type { OutcomeKind } from '@/lib/lease';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { browserRecords } from '@/lib/composition';
import {
  isWriteEvent,
  prunePredictions,
  scorePredictions,
  type Predictions,
  type Scenario,
  type Score,
  type TimelineEngine,
  type Trace,
  saveTimelineResult,
  type TimelineResult,
} from '@/lib/timeline';
import type { SqlDriver } from '@/lib/sqlite';

export interface TimelineOptions {
  /** How a graded attempt is stored; the plain timeline result by default. */
  record?: (db: SqlDriver, result: TimelineResult, score: Score) => void;
}

export type SaveStatus = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * The exercise's state around the engine: the scenario, its whole trace (computed at once,
 * revealed step by step), the learner's predictions, the position, and the saved result.
 */
export function useTimeline(initial: Scenario, options: TimelineOptions = {}) {
  const recordRef = useRef(options.record);
  useEffect(() => {
    recordRef.current = options.record;
  }, [options.record]);
  const [engine, setEngine] = useState<TimelineEngine | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [scenario, setScenarioState] = useState<Scenario>(initial);
  const [predictions, setPredictions] = useState<Record<string, OutcomeKind>>({});
  /** -1: nothing revealed yet; k: steps 0..k are revealed. */
  const [position, setPosition] = useState(-1);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ kind: 'idle' });
  const openedAt = useRef(0);
  const savedFor = useRef<string | null>(null);

  useEffect(() => {
    let alive = true;
    openedAt.current = Date.now();
    import('@/lib/timeline')
      .then((m) => m.loadTimelineEngine())
      .then((loaded) => alive && setEngine(loaded))
      .catch(
        (error: unknown) =>
          alive && setLoadError(error instanceof Error ? error.message : String(error)),
      );
    return () => {
      alive = false;
    };
  }, []);

  const computed = useMemo((): { trace: Trace | null; error: string | null } => {
    if (!engine) return { trace: null, error: null };
    try {
      return { trace: engine.run(scenario), error: null };
    } catch (error) {
      return { trace: null, error: error instanceof Error ? error.message : String(error) };
    }
  }, [engine, scenario]);
  const trace = computed.trace;

  const writeIds = useMemo(() => scenario.events.filter(isWriteEvent).map((e) => e.id), [scenario]);
  const finished = trace !== null && trace.steps.length > 0 && position >= trace.steps.length - 1;
  const score: Score | null = useMemo(
    () => (finished && trace ? scorePredictions(trace, predictions) : null),
    [finished, trace, predictions],
  );

  /** Switches scenario: a new exercise starts (predictions kept only for events that remain). */
  const setScenario = useCallback((next: Scenario, options: { keepPredictions?: boolean } = {}) => {
    setScenarioState(next);
    setPredictions((p) =>
      options.keepPredictions
        ? prunePredictions(
            p,
            next.events.filter(isWriteEvent).map((e) => e.id),
          )
        : {},
    );
    setPosition(-1);
    setSaveStatus({ kind: 'idle' });
    savedFor.current = null;
    openedAt.current = Date.now();
  }, []);

  const predict = useCallback((eventId: string, outcome: OutcomeKind) => {
    setPredictions((p) => ({ ...p, [eventId]: outcome }));
  }, []);

  const last = trace ? trace.steps.length - 1 : -1;
  const forward = useCallback(() => setPosition((p) => Math.min(p + 1, last)), [last]);
  const back = useCallback(() => setPosition((p) => Math.max(p - 1, -1)), []);
  const toEnd = useCallback(() => setPosition(last), [last]);
  const restart = useCallback(() => setPosition(-1), []);

  // Store the result once per scenario and set of predictions, when the whole trace is seen.
  useEffect(() => {
    if (!score || !finished) return;
    const key = JSON.stringify([scenario, predictions]);
    if (savedFor.current === key) return;
    savedFor.current = key;
    const at = Date.now();
    const seconds = (at - openedAt.current) / 1000;
    browserRecords()
      .write((db) => {
        const result = {
          at,
          scenario,
          predictions,
          score: score.score,
          total: score.total,
          seconds,
        };
        (recordRef.current ?? saveTimelineResult)(db, result, score);
      })
      .then(() => setSaveStatus({ kind: 'saved' }))
      .catch((error: unknown) =>
        setSaveStatus({
          kind: 'failed',
          message: `Your result could not be saved (${error instanceof Error ? error.message : String(error)}).`,
        }),
      );
  }, [score, finished, scenario, predictions]);

  return {
    ready: engine !== null,
    error: loadError ?? computed.error,
    scenario,
    setScenario,
    trace,
    writeIds,
    predictions: predictions as Predictions,
    predict,
    position,
    setPosition,
    forward,
    back,
    toEnd,
    restart,
    finished,
    score,
    saveStatus,
  };
}

export type TimelineController = ReturnType<typeof useTimeline>;
