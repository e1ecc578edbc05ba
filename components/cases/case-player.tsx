'use client';

import Link from 'next/link';
import { useCallback, useEffect, useState } from 'react';
import { PredictionList } from '@/components/timeline/prediction-list';
import { ScorePanel } from '@/components/timeline/score-panel';
import { StepControls } from '@/components/timeline/step-controls';
import { TimelineLanes } from '@/components/timeline/timeline-lanes';
import { useTimeline } from '@/components/timeline/use-timeline';
import { caseScenario } from '@/content/cases';
import type { CaseFile } from '@/content/cases/types';
import { saveCaseResult, scenarioLink, type Score, type TimelineResult } from '@/lib/timeline';
import type { SqlDriver } from '@/lib/sqlite';
import { useWorkFacts } from '@/components/reflect/use-work-facts';
import { useAfterRun } from './after-run';
import { OutcomeTable } from './outcome-table';

/** Predict, then run a case's timeline on real SQLite; each run of the case is one tab. */
export function CasePlayer({ caseFile }: { caseFile: CaseFile }) {
  const [runIndex, setRunIndex] = useState(0);
  const run = caseFile.runs[runIndex];
  const record = useCallback(
    (db: SqlDriver, result: TimelineResult, score: Score) =>
      saveCaseResult(
        db,
        caseFile.id,
        caseFile.runs.find((r) => caseScenario(caseFile, r).id === result.scenario.id)?.id ?? '',
        result,
        score.mistakes,
      ),
    [caseFile],
  );
  const t = useTimeline(caseScenario(caseFile, run), { record });
  const current = t.trace && t.position >= 0 ? t.trace.steps[t.position] : null;
  // The first scored prediction of this run is the one that counts (mastery reads it too).
  const work = useWorkFacts();
  const first = work?.timelineFirst[t.scenario.id];
  // This run's outcomes are on screen (run to the end, or scored before): what tells them opens.
  const revealed = Boolean(first) || t.finished;
  const { setRevealed } = useAfterRun();
  useEffect(() => setRevealed(revealed), [revealed, setRevealed]);

  return (
    <div className="space-y-6" data-ready={t.ready ? 'true' : 'false'}>
      {caseFile.runs.length > 1 ? (
        <div role="group" aria-label="Runs of this case" className="flex flex-wrap gap-2">
          {caseFile.runs.map((r, i) => (
            <button
              key={r.id}
              type="button"
              aria-pressed={i === runIndex}
              onClick={() => {
                setRunIndex(i);
                t.setScenario(caseScenario(caseFile, r));
              }}
              className={`rounded-md border px-3 py-1.5 text-sm font-semibold ${
                i === runIndex
                  ? 'border-accent bg-accent text-accent-ink'
                  : 'border-line bg-surface'
              }`}
            >
              {r.label}
            </button>
          ))}
        </div>
      ) : null}
      {/* The summary states the outcome: it opens once the learner has predicted and run. */}
      {revealed ? (
        <p className="max-w-3xl">{run.summary}</p>
      ) : (
        <p className="max-w-3xl text-muted">
          Predict every write, then run it: a summary of this run opens after your prediction.
        </p>
      )}
      {first ? (
        <p className="max-w-3xl font-semibold" data-testid="case-first-try">
          Your first prediction of this run: {first.score} / {first.total}
          {first.score === first.total ? ', every write right' : ''}. Only the first is scored.
        </p>
      ) : null}
      <p className="flex flex-wrap gap-4 text-sm">
        <span>
          <Link className="font-semibold text-accent underline" href={scenarioLink(t.scenario)}>
            Open in the timeline
          </Link>{' '}
          <span className="text-muted">
            (practice there: not scored, not saved; the case’s first try is the run on this page)
          </span>
        </span>
        {caseFile.checkDesign ? (
          <Link
            className="font-semibold text-accent underline"
            href={`/practice/compare#design-${caseFile.checkDesign}`}
          >
            Check this design
          </Link>
        ) : null}
      </p>
      <TimelineLanes scenario={t.scenario} trace={t.trace} position={t.position} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="case-predict" className="space-y-2">
          <h3 id="case-predict" className="text-xl font-semibold">
            Predict each write
          </h3>
          <p className="text-sm text-muted">{run.predict ?? caseFile.predict}</p>
          <PredictionList
            scenario={t.scenario}
            predictions={t.predictions}
            onPredict={t.predict}
            locked={t.sealed}
            outcomeShown={t.position >= 0}
          />
        </section>
        <section aria-labelledby="case-run" className="space-y-3">
          <h3 id="case-run" className="text-xl font-semibold">
            Run it
          </h3>
          {t.error ? (
            <p role="alert" className="text-bad">
              The simulator could not run this case: {t.error}
            </p>
          ) : null}
          <StepControls t={t} current={current} />
        </section>
      </div>
      <ScorePanel t={t} />
      {t.finished && t.trace ? <OutcomeTable scenario={t.scenario} trace={t.trace} /> : null}
      <section aria-labelledby="case-after" className="max-w-3xl space-y-3">
        <h3 id="case-after" className="text-xl font-semibold">
          What happened next
        </h3>
        {revealed ? (
          caseFile.account.afterRun.map((paragraph) => (
            <p key={paragraph.slice(0, 40)}>{paragraph}</p>
          ))
        ) : (
          <p className="text-muted" data-testid="case-after-locked">
            The rest of the account tells how it ended: it opens once this run’s outcomes are on
            screen (predict every write, then run it to the end).
          </p>
        )}
      </section>
    </div>
  );
}
