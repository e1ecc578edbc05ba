'use client';

import { useCallback, useEffect, useState } from 'react';
import {
  BLANK_SCENARIO,
  TIMELINE_SCENARIOS,
  type LibraryScenario,
} from '@/content/timeline/scenarios';
import { caseOfScenario } from '@/content/cases';
import { browserStore, createLocalDoor, STORAGE_KEYS } from '@/lib/storage';
import { useOwnStorageNotices } from '@/components/storage/storage-notices';
import {
  decodeScenario,
  editableCopy,
  readSavedScenarios,
  settingsLine,
  stepViewsOf,
  type Scenario,
} from '@/lib/timeline';
import { ScenarioBuilder } from './scenario-builder';
import { ScenarioPicker } from './scenario-picker';
import { ScorePanel } from './score-panel';
import { ShareSave } from './share-save';
import { StepControls } from './step-controls';
import { TimelineLanes } from './timeline-lanes';
import { TraceTable } from './trace-table';
import { PredictionList } from './prediction-list';
import { ScenarioExplanation, ScenarioNotes } from './scenario-words';
import { useTimeline } from './use-timeline';

/** A case file's run opened here (its link beside the case's prediction form): practice. */
function isCaseRun(scenario: Scenario): boolean {
  return caseOfScenario(scenario) !== undefined;
}

function explanationOf(scenario: Scenario): LibraryScenario | null {
  return (
    TIMELINE_SCENARIOS.find(
      (s) => s.id === scenario.id && JSON.stringify(s) === JSON.stringify(scenario),
    ) ?? null
  );
}

/** The pause-resume timeline exercise: pick or build a scenario, predict, run, review. */
export function TimelineExercise() {
  const t = useTimeline(TIMELINE_SCENARIOS[0], { scoredElsewhere: isCaseRun });
  const [building, setBuilding] = useState(false);
  const [saved, setSaved] = useState<Scenario[]>([]);
  const [notice, setNotice] = useState<string | null>(null);
  const { setScenario } = t;
  // Its saved scenarios' notice is shown here (loadSaved), not in the page's storage notice.
  useOwnStorageNotices(STORAGE_KEYS.timelineScenarios);

  const loadSaved = useCallback(() => {
    const read = readSavedScenarios(createLocalDoor(browserStore()));
    setSaved(read.value);
    if (!read.ok) setNotice(read.message);
  }, []);

  // Open a scenario shared as a link (#<encoded scenario>), now and whenever the hash changes.
  useEffect(() => {
    const openHash = () => {
      if (window.location.hash.length <= 1) return;
      const decoded = decodeScenario(window.location.hash);
      if (decoded.ok) {
        setScenario(decoded.scenario);
        setNotice(null);
      } else {
        setNotice(`${decoded.message} Scenario 1 is shown instead.`);
      }
    };
    // Read the browser's state after hydration, so the server-rendered page matches the first render.
    const first = window.setTimeout(() => {
      loadSaved();
      openHash();
    }, 0);
    window.addEventListener('hashchange', openHash);
    return () => {
      window.clearTimeout(first);
      window.removeEventListener('hashchange', openHash);
    };
  }, [setScenario, loadSaved]);

  const library = explanationOf(t.scenario);
  const current = t.trace && t.position >= 0 ? t.trace.steps[t.position] : null;

  return (
    <div className="space-y-6">
      {notice ? (
        <p role="alert" className="rounded-md border border-bad p-3 text-sm text-bad">
          {notice}
        </p>
      ) : null}
      <ScenarioPicker
        scenario={t.scenario}
        saved={saved}
        building={building}
        onPick={(s) => t.setScenario(s)}
        onToggleBuilder={() => {
          if (!building && explanationOf(t.scenario)) {
            // A copy to edit: the library's explanation and numbering no longer describe it.
            t.setScenario(editableCopy(t.scenario), { keepPredictions: true });
          }
          setBuilding(!building);
        }}
        onSavedChanged={loadSaved}
      />
      <div className="text-sm text-muted">{settingsLine(t.scenario)}</div>
      <ScenarioNotes scenario={t.scenario} />
      {building ? (
        <>
          <ScenarioBuilder
            scenario={t.scenario}
            onChange={(s) => t.setScenario(s, { keepPredictions: true })}
            onStartBlank={() => t.setScenario(BLANK_SCENARIO)}
          />
          <ShareSave scenario={t.scenario} onSaved={loadSaved} />
        </>
      ) : null}
      {t.error ? (
        <p role="alert" className="text-bad">
          The simulator could not run this scenario: {t.error}
        </p>
      ) : null}
      <TimelineLanes scenario={t.scenario} trace={t.trace} position={t.position} />
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="predict-heading">
          <h2 id="predict-heading" className="mb-2 text-xl font-semibold">
            1. Predict each write
          </h2>
          <PredictionList
            scenario={t.scenario}
            predictions={t.predictions}
            onPredict={t.predict}
            locked={t.sealed}
            outcomeShown={t.position >= 0}
          />
        </section>
        <section aria-labelledby="run-heading" className="space-y-3">
          <h2 id="run-heading" className="text-xl font-semibold">
            2. Run it
          </h2>
          <StepControls t={t} current={current} />
        </section>
      </div>
      <ScorePanel t={t} />
      {t.finished ? (
        <ScenarioExplanation
          scenario={t.scenario}
          steps={library && t.trace ? stepViewsOf(t.trace, t.scenario, library.shows) : []}
          takeaway={library?.takeaway}
        />
      ) : null}
      {t.trace ? (
        <section aria-labelledby="trace-heading">
          <h2 id="trace-heading" className="mb-2 text-xl font-semibold">
            Trace
          </h2>
          <TraceTable trace={t.trace} scenario={t.scenario} position={t.position} />
        </section>
      ) : (
        <p className="text-muted">Loading SQLite…</p>
      )}
    </div>
  );
}
