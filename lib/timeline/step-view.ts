import {
  causedRefusal,
  explainCause,
  explainRunCells,
  explainRunRow,
  OUTCOME_WORDS,
  type Explained,
  type OutcomeKind,
  type RunCell,
  type StateLines,
} from '@/lib/lease';
import { describeEvent } from './describe';
import { stateLines } from './settings';
import type { RunRowView, Scenario, Trace, TraceStep, WriteEffect } from './types';

/*
 * The one view of a step: everything the learner reads about one step of a trace, built from
 * its decision and the scenario's words. The trace table, the live status, the rule panel, the
 * state panel and the score panel render it as it is and write no words about writes.
 */

/** A column of the run row as the run-row panel shows it. */
export type RunRowCell = RunCell;

/** A write's outcome as the learner learned it: its label, its glyph and its tone. */
export interface OutcomeView {
  kind: OutcomeKind;
  label: string;
  glyph: string;
  /** good: applied for its rightful holder; bad: refused or a broken property; muted: the rest. */
  tone: 'good' | 'bad' | 'muted';
}

/** Everything the learner reads about one step. */
export interface StepView {
  index: number;
  /** Database time when the event happened. */
  at: number;
  /** Database time after the step: the time the run row and the workers' clocks are read at. */
  rowAt: number;
  /** What the event asks for, before its outcome. */
  event: string;
  /** The write's outcome; null for a step that writes nothing. */
  outcome: OutcomeView | null;
  /** "applied, 1 row", "refused, 0 rows: owner, fence"; null for a step that writes nothing. */
  verdict: Explained | null;
  /** The trace's sentence (a write's, with its cause when one is known) or a note. */
  line: string;
  /** The rules of the checks that decided this write, the failing one first. */
  rules: readonly Explained[];
  /** The run row after the step, one cell per column a condition of this scenario can compare. */
  runRow: readonly RunRowCell[];
  /** The run row after the step, on one line (the trace table's last column). */
  runRowLine: Explained;
  /** The state panel's lines after the step. */
  state: StateLines;
}

/** The run row's columns after a step (the explainer's cells), the token where a write compares it. */
export function runRowCells(run: RunRowView, trace: Trace): RunRowCell[] {
  const compared = trace.writes.some((w) => w.decision.checks.some((c) => c.field === 'fence'));
  return explainRunCells(run, trace.vocabulary, compared);
}

/** The write of a step, if it made one. */
function writeOf(step: TraceStep): WriteEffect | null {
  const w = step.effects.find((e) => e.kind === 'write');
  return w && w.kind === 'write' ? w : null;
}

function outcomeView(w: WriteEffect): OutcomeView {
  const words = OUTCOME_WORDS[w.outcome];
  const tone =
    w.decision.violation || w.outcome === 'refused'
      ? 'bad'
      : w.outcome === 'applied'
        ? 'good'
        : 'muted';
  const glyph = w.outcome === 'refused' ? `${words.glyph} ${w.rowsChanged}` : words.glyph;
  return { kind: w.outcome, label: words.label, glyph, tone };
}

/**
 * The cause of a refusal of a writer that holds the run: the latest earlier write that left the
 * row as the refusing check found it (another holder's stale finish made the run done).
 */
function causeOf(trace: Trace, w: WriteEffect): Explained | null {
  const d = w.decision;
  const holds = d.holds ?? d.token;
  const rightful = d.authority.holder === d.writer && holds === d.authority.token;
  if (d.outcome.database !== 'refused' || !rightful) return null;
  const earlier = trace.writes
    .filter((e) => e.eventIndex < w.eventIndex && e.target === 'run')
    .reverse()
    .find((e) => causedRefusal(d, e.decision));
  return earlier ? explainCause(d, earlier.decision, trace.vocabulary) : null;
}

/** The view of step `index` of a trace. */
export function stepView(
  trace: Trace,
  scenario: Scenario,
  index: number,
  reportStore = trace.writes.some((w) => w.target === 'report'),
): StepView {
  const step = trace.steps[index];
  const w = writeOf(step);
  const note = step.effects.find((e) => e.kind === 'note');
  const cause = w ? causeOf(trace, w) : null;
  return {
    index,
    at: step.at,
    rowAt: step.after.now,
    event: describeEvent(step.event, trace.vocabulary),
    outcome: w ? outcomeView(w) : null,
    verdict: w ? w.verdictLine : null,
    line: w
      ? `${w.explanation}${cause ? ` ${cause}` : ''}`
      : note?.kind === 'note'
        ? note.text
        : '',
    rules: w ? w.rules : [],
    runRow: runRowCells(step.after.run, trace),
    runRowLine: explainRunRow(step.after.run, trace.vocabulary),
    state: stateLines(step.after, scenario, trace.vocabulary, reportStore),
  };
}

/** The views of the steps of the given events, in the trace's order (the steps a scenario turns on). */
export function stepViewsOf(
  trace: Trace,
  scenario: Scenario,
  eventIds: readonly string[],
): StepView[] {
  return trace.steps
    .filter((s) => eventIds.includes(s.event.id))
    .map((s) => stepView(trace, scenario, s.index));
}
