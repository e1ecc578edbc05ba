'use client';

import { useState } from 'react';
import Link from 'next/link';
import { CodeEditor } from '@/components/code-editor/code-editor';
import { Button } from '@/components/ui/button';
import { DROP_ID, FIRST_TRY_RULE } from '@/content/claim-lab/exercises';
import { LAB_API_DTS, LAB_API_PATH, savedUnderOldNames } from '@/lib/claim-lab';
import type { LabExercise } from '@/lib/claim-lab';
import { DeletionTable } from './deletion-table';
import { ExercisePicker } from './exercise-picker';
import { LabConsole } from './lab-console';
import { OutputPanel } from './output-panel';
import { StepList } from './step-list';
import { useClaimLab } from './use-claim-lab';
import { useOwnStorageNotices, useStorageAvailable } from '@/components/storage/storage-notices';
import { STORAGE_KEYS } from '@/lib/storage';

const EXTRA_LIB = { content: LAB_API_DTS, path: LAB_API_PATH };

/** The claim/finish lab: a TypeScript program over real SQLite, run in a worker and checked. */
export function ClaimLab({ exercises }: { exercises: readonly LabExercise[] }) {
  const lab = useClaimLab(exercises);
  // The lab shows its saved programs' and progress's notices itself (lab.notices, below).
  useOwnStorageNotices(STORAGE_KEYS.claimLabPrograms);
  useOwnStorageNotices(STORAGE_KEYS.claimLabProgress);
  const storageAvailable = useStorageAvailable();
  // When the learner asked for the run: "Ran in" counts from here to the result on screen.
  const [clickedAt, setClickedAt] = useState<number | null>(null);
  const { exercise, status } = lab;
  const busy = status.kind === 'checking' || status.kind === 'running';
  const solved =
    lab.progress.solved.includes(exercise.id) || (status.kind === 'ran' && status.verdict.passed);

  return (
    <div
      className="space-y-6"
      data-types-ready={lab.typesReady ? 'true' : 'false'}
      data-live={lab.live ? 'true' : 'false'}
    >
      <ExercisePicker
        exercises={exercises}
        currentId={exercise.id}
        solved={lab.progress.solved}
        onSelect={lab.select}
      />
      {lab.notices.length > 0 ? (
        <ul className="space-y-1 rounded-md border border-bad px-3 py-2 text-sm text-bad">
          {lab.notices.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <section aria-labelledby="exercise-heading" className="max-w-3xl space-y-1">
        <h2 id="exercise-heading" className="text-xl font-bold">
          {exercise.title}
        </h2>
        <p>{exercise.goal}</p>
        {exercise.kind === 'challenge' ? (
          <p className="text-sm text-muted" data-testid="first-try-rule">
            {FIRST_TRY_RULE}
          </p>
        ) : null}
        {exercise.link ? (
          <p>
            <Link href={exercise.link.href} className="font-semibold text-accent underline">
              {exercise.link.label}
            </Link>
          </p>
        ) : null}
      </section>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="program-heading" className="min-w-0">
          <h2 id="program-heading" className="mb-2 text-lg font-bold">
            Program{' '}
            <span className="text-sm font-normal text-muted">
              (TypeScript; db and print are provided)
            </span>
          </h2>
          <CodeEditor
            key={exercise.id}
            value={lab.source}
            onChange={lab.setSource}
            language="typescript"
            label="Lab program editor"
            height={520}
            markers={lab.markers}
            onRun={() => {
              setClickedAt(performance.now());
              void lab.run();
            }}
            extraLib={EXTRA_LIB}
            onReady={lab.onReady}
            load={lab.workerReady}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button
              variant="primary"
              onClick={(e) => {
                setClickedAt(e.timeStamp);
                void lab.run();
              }}
              disabled={busy}
            >
              Run
            </Button>
            <Button onClick={lab.reset} disabled={!lab.edited}>
              Reset to the original
            </Button>
          </div>
          {lab.edited && savedUnderOldNames(lab.source) ? (
            <p role="note" className="mt-2 text-sm">
              Your saved program uses the demo’s old names (<code>jobs</code>: id, until, state);
              the demo now uses the lesson’s (<code>runs</code>: run_id, lease_until, status). Yours
              runs as saved; Reset to the original shows the new names.
            </p>
          ) : null}
          <p className="mt-2 text-xs text-muted">
            Ctrl+Enter (⌘+Enter) runs.{' '}
            {storageAvailable
              ? 'Your edits are kept in this browser, per exercise.'
              : 'Your edits are not kept: browser storage is not available here.'}{' '}
            Runs stop after a few seconds.
          </p>
        </section>
        <section aria-labelledby="output-heading" className="min-w-0 space-y-4">
          <h2 id="output-heading" className="text-lg font-bold">
            Output
          </h2>
          <OutputPanel
            exercise={exercise}
            status={status}
            clickedAt={clickedAt}
            solved={solved}
            recorded={lab.recorded}
            tryResult={lab.tryResult}
          />
          {exercise.id === DROP_ID ? <DeletionTable findings={lab.progress.deletions} /> : null}
        </section>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="steps-heading" className="min-w-0">
          <h2 id="steps-heading" className="mb-2 text-lg font-bold">
            The runs table after each write
          </h2>
          <StepList
            steps={status.kind === 'ran' ? status.run.steps : []}
            ran={status.kind === 'ran' ? status.run.stepsRan : 0}
          />
        </section>
        <section aria-labelledby="console-heading" className="min-w-0">
          <h2 id="console-heading" className="mb-2 text-lg font-bold">
            Look inside the database
          </h2>
          <p className="mb-2 text-sm text-muted">
            Runs against the database your last run left behind.
          </p>
          <LabConsole runSql={lab.runConsole} />
        </section>
      </div>
    </div>
  );
}
