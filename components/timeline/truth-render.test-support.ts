import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { settingsLine, stepView, type Scenario, type StepView, type Trace } from '@/lib/timeline';
import { RulePanel, StatePanel } from './state-panel';
import { TraceRow } from './trace-table';

/*
 * The page's truth test, its first half (test support, never shipped): the timeline's panels for
 * a step rendered with React's server renderer, read back as the TEXT the learner reads.
 */

/** What the page shows about one step, as text. */
export interface PageText {
  /** The trace table's row: event, outcome, why, run row after. */
  row: string;
  rules: string[];
  /** The run-row panel's cells, column to value. */
  runRow: [string, string][];
  /** The state panel's other lines (draft, workers, remote targets). */
  state: string;
  settings: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
};

/** The text of rendered markup: tags dropped, entities decoded, one space between blocks. */
export function textOf(html: string): string {
  return html
    .replace(/<\/(li|p|dd|td|h3|section)>/g, ' ')
    .replace(/<[^>]+>/g, '')
    .replace(/&(?:amp|lt|gt|quot|#x27|#39);/g, (e) => ENTITIES[e])
    .replace(/\s+/g, ' ')
    .trim();
}

/** Renders the step's panels from its view (a mutant view in the mutation test) and reads them. */
export function renderStep(view: StepView, scenario: Scenario): PageText {
  const row = renderToStaticMarkup(
    createElement(
      'table',
      null,
      createElement('tbody', null, createElement(TraceRow, { view, shown: true, current: true })),
    ),
  );
  const rules = renderToStaticMarkup(createElement(RulePanel, { view }));
  const state = renderToStaticMarkup(createElement(StatePanel, { view }));
  const runRow = [...state.matchAll(/<dt>(.*?)<\/dt><dd>(.*?)<\/dd>/g)].map(
    ([, dt, dd]) => [textOf(dt), textOf(dd)] as [string, string],
  );
  return {
    row: textOf(row),
    rules: [...rules.matchAll(/<li>(.*?)<\/li>/g)].map(([, li]) => textOf(li)),
    runRow,
    state: textOf(state.replace(/<dl[\s\S]*?<\/dl>/, '')),
    settings: settingsLine(scenario),
  };
}

/** The page text of every step of a trace, through a view function (stepView, or a mutant of it). */
export function renderTrace(
  trace: Trace,
  scenario: Scenario,
  view: (trace: Trace, scenario: Scenario, index: number) => StepView = stepView,
): PageText[] {
  return trace.steps.map((step) => renderStep(view(trace, scenario, step.index), scenario));
}
