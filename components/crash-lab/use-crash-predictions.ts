'use client';

import { useCallback, useEffect, useState } from 'react';
import {
  gradePrediction,
  keepPredictions,
  readKeptPredictions,
  type CrashLabHost,
  type CrashPrediction,
  type Evaluation,
  type FaultPoint,
  type KeptPrediction,
  type PredictionGrade,
} from '@/lib/crashlab';
import { FAULT_NAMES } from './words';

/** A prediction that went with a worker when it started. */
interface Pending {
  workerId: number;
  owner: string;
  fault: FaultPoint;
  prediction: CrashPrediction;
}

/** What became of a prediction at an evaluation, in words for the page. */
export interface PredictionNote {
  key: string;
  text: string;
  right: boolean | null;
}

/** A prediction graded from the databases, as the records keep it. */
interface Graded {
  fault: FaultPoint;
  predicted: CrashPrediction;
  actual: CrashPrediction;
  passed: boolean;
}

const said = (p: CrashPrediction) =>
  `${p.again.length > 0 ? p.again.join(', ') : 'no step'} started twice, ${p.receipts} receipt${p.receipts === 1 ? '' : 's'}`;

const who = (p: Pick<Pending, 'owner' | 'fault'>) => `${p.owner} (dies ${FAULT_NAMES[p.fault]})`;

/**
 * Predictions whose experiment ended (the page was reloaded, or a new experiment began) before an
 * evaluation graded them: each is graded as the databases stood for it when the experiment ended,
 * if they could grade it then; otherwise it is not graded, and does not count.
 */
function settle(
  kept: readonly KeptPrediction[],
  ended: string,
): { notes: PredictionNote[]; graded: Graded[] } {
  const notes: PredictionNote[] = [];
  const graded: Graded[] = [];
  kept.forEach((p, i) => {
    const key = `ended-${i}`;
    const { grade } = p;
    if (grade?.kind === 'graded') {
      graded.push({
        fault: p.fault,
        predicted: p.prediction,
        actual: grade.actual,
        passed: grade.right,
      });
      notes.push({
        key,
        text: `${who(p)}, graded as the databases stood before ${ended}: you said ${said(p.prediction)}; they showed ${said(grade.actual)}. ${grade.right ? 'Right.' : 'Not right.'}`,
        right: grade.right,
      });
    } else if (grade?.kind === 'void')
      notes.push({ key, text: `${who(p)}: not graded, ${grade.why}.`, right: null });
    else
      notes.push({
        key,
        text: `${who(p)}: not graded. ${ended[0].toUpperCase()}${ended.slice(1)} ended its experiment before the run it was about was done after a takeover, so it does not count.`,
        right: null,
      });
  });
  return { notes, graded };
}

/**
 * The crash lab's graded predictions: each goes with the worker it was made for, and is graded
 * from the databases when the experiment is evaluated (lib/crashlab's gradePrediction). Graded
 * ones are written to the records with the evaluation; the records' answer (lib/progress: the
 * first graded prediction is the first try) comes back as `record`. Until graded, each is kept
 * through the storage door with how the databases stand for it, at every change of the
 * experiment: a reload, which ends the experiment, then grades it as they stood, or says it
 * could not be graded.
 */
export function useCrashPredictions(host: CrashLabHost) {
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const [notes, setNotes] = useState<readonly PredictionNote[]>([]);
  const [record, setRecord] = useState<string | null>(null);
  /** Why the pending predictions could not be kept across a reload (null: kept). */
  const [unkept, setUnkept] = useState<string | null>(null);

  /** Writes graded predictions (and an evaluation) to the records; shows the records' answer. */
  const recordGraded = useCallback(async (graded: readonly Graded[], evaluation?: Evaluation) => {
    const [{ browserRecords }, { logActivity }, { exerciseResult, readWorkFacts }] =
      await Promise.all([
        import('@/lib/composition'),
        import('@/lib/records'),
        import('@/lib/progress'),
      ]);
    const summary = await browserRecords().write((db) => {
      const at = Date.now();
      if (evaluation)
        logActivity(db, at, 'crashlab.evaluated', 'crash-lab', { passed: evaluation.passed });
      for (const g of graded) logActivity(db, at, 'crashlab.predicted', 'crash-lab', g);
      return exerciseResult(readWorkFacts(db), { kind: 'crashlab', id: 'crash-lab' }).summary;
    });
    setRecord(summary);
  }, []);

  /** How each pending prediction stands against the databases now. */
  const standing = useCallback(
    (list: readonly Pending[]): (KeptPrediction & { grade: PredictionGrade })[] => {
      const { snapshot, workers } = host.getState();
      return list.map((p) => ({
        owner: p.owner,
        fault: p.fault,
        prediction: p.prediction,
        grade: gradePrediction(
          workers.find((w) => w.id === p.workerId),
          snapshot,
          p.prediction,
        ),
      }));
    },
    [host],
  );

  // Graded predictions an earlier load left, until the records hold them (null: not read yet):
  // kept with the page's own, so a records write that fails, or a reload before it lands, loses
  // none of them.
  const [unrecorded, setUnrecorded] = useState<readonly KeptPrediction[] | null>(null);

  // Predictions an earlier load of this tab kept: the reload ended their experiment.
  useEffect(() => {
    const kept = readKeptPredictions();
    const ended = settle(kept, 'the reload');
    // eslint-disable-next-line react-hooks/set-state-in-effect -- reading browser storage once on mount
    setUnrecorded(kept.filter((p) => p.grade?.kind === 'graded'));
    if (kept.length === 0) return;
    setNotes(ended.notes);
    if (ended.graded.length === 0) return;
    recordGraded(ended.graded).then(
      () => setUnrecorded([]),
      () => undefined,
    );
  }, [recordGraded]);

  // Kept at every change of the experiment, so a reload finds each as the databases stood.
  useEffect(() => {
    if (unrecorded === null) return;
    let last = '';
    const keep = () => {
      const list = [...unrecorded, ...standing(pending)];
      const text = JSON.stringify(list);
      if (text === last) return;
      last = text;
      setUnkept(keepPredictions(list));
    };
    keep();
    const stop = host.subscribe(keep);
    return () => {
      stop();
    };
  }, [host, pending, standing, unrecorded]);

  const started = useCallback(
    (workerId: number, fault: FaultPoint | null, prediction: CrashPrediction | null) => {
      if (!fault || !prediction) return;
      setPending((list) => [...list, { workerId, owner: `worker-${workerId}`, fault, prediction }]);
    },
    [],
  );

  /** A new experiment: the old one's predictions are settled as its databases stood. */
  const cleared = useCallback(() => {
    const ended = settle(standing(pending), 'starting a new experiment');
    setPending([]);
    setNotes(ended.notes);
    if (ended.graded.length > 0) void recordGraded(ended.graded).catch(() => undefined);
  }, [pending, recordGraded, standing]);

  const evaluated = useCallback(
    async (evaluation: Evaluation) => {
      const waiting: Pending[] = [];
      const next: PredictionNote[] = [];
      const graded: Graded[] = [];
      standing(pending).forEach(({ grade }, i) => {
        const p = pending[i];
        const key = `${p.workerId}`;
        if (grade.kind === 'waiting') {
          waiting.push(p);
          next.push({ key, text: `${who(p)}: not graded yet, ${grade.why}.`, right: null });
        } else if (grade.kind === 'void')
          next.push({ key, text: `${who(p)}: not graded, ${grade.why}.`, right: null });
        else {
          graded.push({
            fault: p.fault,
            predicted: p.prediction,
            actual: grade.actual,
            passed: grade.right,
          });
          next.push({
            key,
            text: `${who(p)}: you said ${said(p.prediction)}; the databases show ${said(grade.actual)}. ${grade.right ? 'Right.' : 'Not right.'}`,
            right: grade.right,
          });
        }
      });
      setPending(waiting);
      setNotes(next);
      await recordGraded(graded, evaluation);
    },
    [pending, recordGraded, standing],
  );

  return { pending, notes, record, unkept, started, cleared, evaluated };
}
