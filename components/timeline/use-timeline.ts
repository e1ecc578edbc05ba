'use client';

import type { OutcomeKind } from '@/lib/lease';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRecordsRead } from '@/components/ui/use-records-read';
import { browserRecords } from '@/lib/composition';
import {
  firstTimelineResult,
  predictsOutcome,
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
  /**
   * Whether a scenario is scored elsewhere (a case file's run, whose first try is the run on the
   * case's page): here it is practice, stored nowhere, so it neither spends nor earns that try.
   */
  scoredElsewhere?: (scenario: Scenario) => boolean;
}

/**
 * Which attempt is on screen: 'scored', the first one read back; 'practice', one after "Start
 * over"; 'elsewhere', a case file's run (practice here, stored nowhere); null, the first attempt.
 */
export type AttemptShown = 'scored' | 'practice' | 'elsewhere' | null;

export type SaveStatus = { kind: 'idle' } | { kind: 'saved' } | { kind: 'failed'; message: string };

/**
 * The exercise's state around the engine: the scenario, its whole trace (computed at once,
 * revealed step by step), the learner's predictions, the position, and the saved result.
 *
 * An attempt is scored when its first outcome comes on screen: the result is stored then, and
 * the predictions lock. The first stored attempt at a scenario is its score; the page reads it
 * back, so a reload or another tab shows those predictions locked, never open again. "Start
 * over" begins a new attempt that is practice: not scored (a full-marks run a day after a wrong
 * first run counts as a review, lib/progress).
 */
export function useTimeline(initial: Scenario, options: TimelineOptions = {}) {
  const recordRef = useRef(options.record);
  useEffect(() => {
    recordRef.current = options.record;
  }, [options.record]);
  const { scoredElsewhere } = options;
  const [engine, setEngine] = useState<TimelineEngine | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [scenario, setScenarioState] = useState<Scenario>(initial);
  const [predictions, setPredictions] = useState<Record<string, OutcomeKind>>({});
  /** -1: nothing revealed yet; k: steps 0..k are revealed. */
  const [position, setPosition] = useState(-1);
  const [saveStatus, setSaveStatus] = useState<SaveStatus>({ kind: 'idle' });
  /** After "Start over": a new attempt that is practice, not scored. */
  const [practice, setPractice] = useState(false);
  /** Whether this attempt has had an outcome on screen (its predictions are then final). */
  const [shown, setShown] = useState(false);
  if (position >= 0 && !shown) setShown(true);
  const attemptNo = useRef(0);
  const openedAt = useRef(0);
  const savedFor = useRef<string | null>(null);
  const scenarioKey = useMemo(() => JSON.stringify(scenario), [scenario]);

  // The scored attempt, read again whenever any tab writes the records.
  const scored = useRecordsRead(scenarioKey, (db) =>
    firstTimelineResult(db, JSON.parse(scenarioKey) as Scenario),
  );
  /** A case file's run: practice here, never stored, never the scored attempt. */
  const elsewhere = useMemo(
    () => scoredElsewhere?.(scenario) ?? false,
    [scoredElsewhere, scenario],
  );
  const scoredAttempt = scored?.key === scenarioKey && !elsewhere ? scored.value : null;
  /** The scored attempt is on screen: its predictions, locked. */
  const showingScore = scoredAttempt !== null && !practice;
  const shownPredictions: Predictions = showingScore ? scoredAttempt.predictions : predictions;
  const sealed = showingScore || shown;

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

  const writeIds = useMemo(
    () => scenario.events.filter((e) => predictsOutcome(e, scenario.targets)).map((e) => e.id),
    [scenario],
  );
  const finished = trace !== null && trace.steps.length > 0 && position >= trace.steps.length - 1;
  const score: Score | null = useMemo(
    () => (finished && trace ? scorePredictions(trace, shownPredictions) : null),
    [finished, trace, shownPredictions],
  );

  /** Switches scenario: a new exercise starts (predictions kept only for events that remain). */
  const setScenario = useCallback((next: Scenario, options: { keepPredictions?: boolean } = {}) => {
    setScenarioState(next);
    setPredictions((p) =>
      options.keepPredictions
        ? prunePredictions(
            p,
            next.events.filter((e) => predictsOutcome(e, next.targets)).map((e) => e.id),
          )
        : {},
    );
    setPosition(-1);
    setShown(false);
    setPractice(false);
    setSaveStatus({ kind: 'idle' });
    attemptNo.current += 1;
    openedAt.current = Date.now();
  }, []);

  const predict = useCallback(
    (eventId: string, outcome: OutcomeKind) => {
      if (sealed) return;
      setPredictions((p) => ({ ...p, [eventId]: outcome }));
    },
    [sealed],
  );

  const last = trace ? trace.steps.length - 1 : -1;
  const forward = useCallback(() => setPosition((p) => Math.min(p + 1, last)), [last]);
  const back = useCallback(() => setPosition((p) => Math.max(p - 1, -1)), []);
  const toEnd = useCallback(() => setPosition(last), [last]);
  /** A new attempt: practice once an attempt has been scored (this one, or one before). */
  const restart = useCallback(() => {
    setPosition(-1);
    if (shown || scoredAttempt) {
      setPractice(true);
      setPredictions({});
      setShown(false);
      setSaveStatus({ kind: 'idle' });
      attemptNo.current += 1;
      openedAt.current = Date.now();
    }
  }, [shown, scoredAttempt]);

  // Store the attempt once, when its first outcome comes on screen (not when the whole trace is
  // seen: a learner who stepped once and reloaded had seen an outcome too).
  useEffect(() => {
    if (position < 0 || !trace || showingScore || elsewhere) return;
    const key = `${attemptNo.current}:${scenarioKey}`;
    if (savedFor.current === key) return;
    savedFor.current = key;
    const at = Date.now();
    const seconds = (at - openedAt.current) / 1000;
    const graded = scorePredictions(trace, predictions);
    browserRecords()
      .write((db) => {
        const result = {
          at,
          scenario,
          predictions,
          score: graded.score,
          total: graded.total,
          seconds,
        };
        (recordRef.current ?? saveTimelineResult)(db, result, graded);
      })
      .then(() => setSaveStatus({ kind: 'saved' }))
      .catch((error: unknown) =>
        setSaveStatus({
          kind: 'failed',
          message: `Your result could not be saved (${error instanceof Error ? error.message : String(error)}).`,
        }),
      );
  }, [position, trace, showingScore, elsewhere, scenarioKey, scenario, predictions]);

  return {
    ready: engine !== null,
    error: loadError ?? computed.error,
    scenario,
    setScenario,
    trace,
    writeIds,
    predictions: shownPredictions,
    predict,
    /** The predictions are final: an outcome of this attempt was shown, or the score is shown. */
    sealed,
    /**
     * 'scored': the first, scored attempt is on screen (read back after a reload or from another
     * tab); 'practice': a new attempt after "Start over", not scored; 'elsewhere': a case file's
     * run, practice here and stored nowhere; null: the first attempt.
     */
    attempt: (elsewhere
      ? 'elsewhere'
      : showingScore
        ? 'scored'
        : practice
          ? 'practice'
          : null) as AttemptShown,
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
