'use client';

import type * as Monaco from 'monaco-editor';
import type { MonacoApi } from '@/components/code-editor/monaco-api';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { EditorMarker } from '@/components/code-editor/code-editor';
import {
  checkRun,
  EMPTY_PROGRESS,
  hintForRun,
  isJudgedRun,
  stopLine,
  loadLab,
  recordDeletion,
  saveProgress,
  type LabExercise,
  type LabHint,
  type LabProgress,
  type LabRun,
  type OutputVerdict,
} from '@/lib/claim-lab';
// The runner and its transpiler stay in the Web Worker's bundle: the page reaches them only
// through this door.
import { createClaimLabWorker, type ClaimLabWorker } from '@/lib/claim-lab/client';
import { browserStore, createLocalDoor } from '@/lib/storage';
import { DROP_ID } from '@/content/claim-lab/exercises';
import { configureLabTypeScript, typeErrors } from './type-check';
import { FIRST_TYPE_ERRORS } from './type-error-list';
import { useLabPrograms } from './use-lab-programs';

export type LabStatus =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'running' }
  | { kind: 'type-errors'; errors: EditorMarker[] }
  /** `ms`: from the click (or key press) to the result on the page, the time the learner waited. */
  | { kind: 'ran'; run: LabRun; ms: number; verdict: OutputVerdict; hint: LabHint | null }
  | { kind: 'stopped'; message: string };

type Editor = Monaco.editor.IStandaloneCodeEditor;

/**
 * Writes a judged run of a challenge (a try: lib/claim-lab's isJudgedRun) and, the first time it
 * passes, the solve; answers with the challenge's graded result as the records now read it
 * (lib/progress: solved on the first try, or on a review after a wrong first try).
 */
async function logTry(exercise: LabExercise, run: LabRun, passed: boolean, firstSolve: boolean) {
  // The records database is loaded only now: the lab page does not pay for it up front.
  const [{ browserRecords }, { logActivity }, { exerciseResult, readWorkFacts }] =
    await Promise.all([
      import('@/lib/composition'),
      import('@/lib/records'),
      import('@/lib/progress'),
    ]);
  return browserRecords().write((db) => {
    const at = Date.now();
    logActivity(db, at, 'lab.challenge.judged', exercise.id, { passed });
    if (firstSolve)
      logActivity(db, at, 'lab.challenge.solved', exercise.id, {
        title: exercise.title,
        output: run.output,
      });
    return exerciseResult(readWorkFacts(db), { kind: 'challenge', id: exercise.id }).summary;
  });
}

/** The claim/finish lab's state: the chosen exercise, its program, runs, checks and progress. */
export function useClaimLab(exercises: readonly LabExercise[]) {
  const door = useMemo(() => createLocalDoor(browserStore()), []);
  const [exerciseId, setExerciseId] = useState(exercises[0].id);
  const [progress, setProgress] = useState<LabProgress>(EMPTY_PROGRESS);
  const [notices, setNotices] = useState<string[]>([]);
  // Challenges whose solve is written in the records database (the hub's progress reads it).
  const [recorded, setRecorded] = useState<readonly string[]>([]);
  // The graded result of the exercise's last try, as the records read it after that try.
  const [tryResult, setTryResult] = useState<{ id: string; summary: string } | null>(null);
  const [status, setStatus] = useState<LabStatus>({ kind: 'idle' });
  const workerRef = useRef<ClaimLabWorker | null>(null);
  const editorRef = useRef<{ editor: Editor; monaco: MonacoApi } | null>(null);
  const restoreTypeScript = useRef<(() => void) | null>(null);
  // Monaco's TypeScript worker takes seconds to start. Until it has answered once, a run does
  // not wait for it: the learner can run the program the moment the page shows it.
  const [typesReady, setTypesReady] = useState(false);
  const [live, setLive] = useState(false);
  const [workerReady, setWorkerReady] = useState(false);
  const typesReadyRef = useRef(false);
  // Bumped when the learner moves to another exercise or resets: a run still in flight then
  // belongs to a program that is no longer shown, and its answer is dropped.
  const runSeq = useRef(0);
  // A mirror of progress for event handlers, so saving and logging happen once per event.
  const progressRef = useRef<LabProgress>(EMPTY_PROGRESS);

  const notice = useCallback((message: string | null) => {
    if (message) setNotices((list) => (list.includes(message) ? list : [...list, message]));
  }, []);
  const { programs, restore, setProgram, resetProgram } = useLabPrograms(door, notice);

  const exercise = exercises.find((e) => e.id === exerciseId) ?? exercises[0];
  const source = programs[exercise.id] ?? exercise.starter;

  useEffect(() => {
    // Saved work is read after hydration: the static page renders the originals first.
    const loaded = loadLab(door);
    /* eslint-disable react-hooks/set-state-in-effect -- reading browser storage once on mount */
    restore(loaded.programs);
    progressRef.current = loaded.progress;
    setProgress(loaded.progress);
    setNotices(loaded.problems);
    /* eslint-enable react-hooks/set-state-in-effect */
  }, [door, restore]);

  useEffect(() => {
    const worker = createClaimLabWorker();
    workerRef.current = worker;
    // Monaco loads only once SQLite is up in the lab's worker: a Run clicked meanwhile does not
    // queue behind the editor's large scripts on the page's one thread.
    void worker.start().finally(() => setWorkerReady(true));
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the page is live: Run now works
    setLive(true);
    return () => worker.dispose();
  }, []);

  useEffect(() => () => restoreTypeScript.current?.(), []);

  const setSource = useCallback(
    (next: string) => setProgram(exercise.id, exercise.starter, next),
    [exercise, setProgram],
  );

  const select = useCallback((id: string) => {
    runSeq.current += 1;
    setTryResult(null);
    setExerciseId(id);
    setStatus({ kind: 'idle' });
  }, []);

  const reset = useCallback(() => {
    runSeq.current += 1;
    resetProgram(exercise.id);
    setStatus({ kind: 'idle' });
  }, [exercise.id, resetProgram]);

  const recordProgress = useCallback(
    (run: LabRun, verdict: OutputVerdict, judged: boolean) => {
      const current = progressRef.current;
      let next = current;
      if (exercise.id === DROP_ID)
        next = { ...next, deletions: recordDeletion(next.deletions, run) };
      const firstSolve = judged && verdict.passed && !next.solved.includes(exercise.id);
      if (firstSolve) next = { ...next, solved: [...next.solved, exercise.id] };
      if (judged)
        logTry(exercise, run, verdict.passed, firstSolve).then(
          (summary) => {
            setTryResult({ id: exercise.id, summary });
            if (firstSolve) setRecorded((list) => [...list, exercise.id]);
          },
          (error: unknown) =>
            notice(
              `The activity log could not record this (${error instanceof Error ? error.message : String(error)}).`,
            ),
        );
      if (next === current) return;
      notice(saveProgress(door, next));
      progressRef.current = next;
      setProgress(next);
    },
    [door, exercise, notice],
  );

  const run = useCallback(async () => {
    const clicked = performance.now();
    const worker = workerRef.current;
    if (!worker) return;
    const program = source;
    const seq = ++runSeq.current;
    const ready = typesReadyRef.current ? editorRef.current : null;
    if (ready) setStatus({ kind: 'checking' });
    const errors = ready
      ? await typeErrors(ready.editor, ready.monaco, 2_000).catch(() => null)
      : null;
    if (seq !== runSeq.current) return;
    if (errors && errors.length > 0) {
      setStatus({ kind: 'type-errors', errors });
      return;
    }
    setStatus({ kind: 'running' });
    const answer = await worker.run(program);
    if (seq !== runSeq.current) return;
    if (answer.kind === 'timeout') {
      // The program's engine stops the program itself at the limits; the page ends the worker
      // only when a database call kept it from answering.
      setStatus({ kind: 'stopped', message: stopLine(answer.limit, 'page') });
      return;
    }
    if (answer.kind === 'crashed' || answer.kind === 'failed') {
      setStatus({ kind: 'stopped', message: `The program’s worker stopped: ${answer.message}` });
      return;
    }
    if (answer.kind === 'stopped') return;
    if (answer.value.type !== 'ran') return;
    const verdict = checkRun(answer.value.run, exercise.check);
    const hint = hintForRun(
      exercise.analysis,
      program,
      answer.value.run,
      verdict,
      progressRef.current.deletions,
    );
    setStatus({
      kind: 'ran',
      run: answer.value.run,
      ms: performance.now() - clicked,
      verdict,
      hint,
    });
    recordProgress(answer.value.run, verdict, isJudgedRun(exercise, program, answer.value.run));
  }, [source, exercise, recordProgress]);

  const onReady = useCallback((editor: Editor, monaco: MonacoApi) => {
    editorRef.current = { editor, monaco };
    restoreTypeScript.current ??= configureLabTypeScript(monaco);
    // Warm the TypeScript worker in the background; runs type-check first once it answers.
    // (An editor replaced before it answers, on a change of exercise, just drops the answer.)
    typeErrors(editor, monaco, 60_000)
      .then((answer) => {
        if (answer === null) return;
        typesReadyRef.current = true;
        setTypesReady(true);
      })
      .catch(() => undefined);
  }, []);

  const runConsole = useCallback(async (sql: string) => {
    const worker = workerRef.current;
    if (!worker) return null;
    return worker.console(sql);
  }, []);

  const markers = useMemo<EditorMarker[]>(() => {
    // As many as the list under the status shows at first: Monaco's own TypeScript squiggles
    // mark the rest, and thousands of markers of ours were a long task of their own.
    if (status.kind === 'type-errors') return status.errors.slice(0, FIRST_TYPE_ERRORS);
    if (status.kind === 'ran' && status.run.error?.line) {
      return [{ line: status.run.error.line, message: status.run.error.message }];
    }
    if (status.kind === 'ran' && status.hint?.line) {
      return [{ line: status.hint.line, message: status.hint.text, severity: 'warning' }];
    }
    return [];
  }, [status]);

  return {
    exercise,
    source,
    setSource,
    select,
    reset,
    run,
    status,
    markers,
    progress,
    notices,
    recorded: recorded.includes(exercise.id),
    /** What the records say of this challenge after the last try here (null before one). */
    tryResult: tryResult?.id === exercise.id ? tryResult.summary : null,
    onReady,
    runConsole,
    typesReady,
    live,
    workerReady,
    edited: programs[exercise.id] !== undefined,
  };
}
