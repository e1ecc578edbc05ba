'use client';

import { useCallback, useState } from 'react';
import {
  gradePrediction,
  type CrashLabHost,
  type CrashPrediction,
  type Evaluation,
  type FaultPoint,
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

const said = (p: CrashPrediction) =>
  `${p.again.length > 0 ? p.again.join(', ') : 'no step'} started twice, ${p.receipts} receipt${p.receipts === 1 ? '' : 's'}`;

/**
 * The crash lab's graded predictions: each goes with the worker it was made for, and is graded
 * from the databases when the experiment is evaluated (lib/crashlab's gradePrediction). Graded
 * ones are written to the records with the evaluation; the records' answer (lib/progress: the
 * first graded prediction is the first try) comes back as `record`.
 */
export function useCrashPredictions(host: CrashLabHost) {
  const [pending, setPending] = useState<readonly Pending[]>([]);
  const [notes, setNotes] = useState<readonly PredictionNote[]>([]);
  const [record, setRecord] = useState<string | null>(null);

  const started = useCallback(
    (workerId: number, fault: FaultPoint | null, prediction: CrashPrediction | null) => {
      if (!fault || !prediction) return;
      setPending((list) => [...list, { workerId, owner: `worker-${workerId}`, fault, prediction }]);
    },
    [],
  );

  /** A new experiment: predictions made for the old one's workers can no longer be graded. */
  const cleared = useCallback(() => {
    setPending([]);
    setNotes([]);
  }, []);

  const evaluated = useCallback(
    async (evaluation: Evaluation) => {
      const { snapshot, workers } = host.getState();
      const waiting: Pending[] = [];
      const next: PredictionNote[] = [];
      const graded: {
        fault: FaultPoint;
        predicted: CrashPrediction;
        actual: CrashPrediction;
        passed: boolean;
      }[] = [];
      for (const p of pending) {
        const grade = gradePrediction(
          workers.find((w) => w.id === p.workerId),
          snapshot,
          p.prediction,
        );
        const who = `${p.owner} (dies ${FAULT_NAMES[p.fault]})`;
        if (grade.kind === 'waiting') {
          waiting.push(p);
          next.push({
            key: `${p.workerId}`,
            text: `${who}: not graded yet, ${grade.why}.`,
            right: null,
          });
        } else if (grade.kind === 'void')
          next.push({
            key: `${p.workerId}`,
            text: `${who}: not graded, ${grade.why}.`,
            right: null,
          });
        else {
          graded.push({
            fault: p.fault,
            predicted: p.prediction,
            actual: grade.actual,
            passed: grade.right,
          });
          next.push({
            key: `${p.workerId}`,
            text: `${who}: you said ${said(p.prediction)}; the databases show ${said(grade.actual)}. ${grade.right ? 'Right.' : 'Not right.'}`,
            right: grade.right,
          });
        }
      }
      setPending(waiting);
      setNotes(next);
      const [{ browserRecords }, { logActivity }, { exerciseResult, readWorkFacts }] =
        await Promise.all([
          import('@/lib/composition'),
          import('@/lib/records'),
          import('@/lib/progress'),
        ]);
      const summary = await browserRecords().write((db) => {
        const at = Date.now();
        logActivity(db, at, 'crashlab.evaluated', 'crash-lab', { passed: evaluation.passed });
        for (const g of graded) logActivity(db, at, 'crashlab.predicted', 'crash-lab', g);
        return exerciseResult(readWorkFacts(db), { kind: 'crashlab', id: 'crash-lab' }).summary;
      });
      setRecord(summary);
    },
    [host, pending],
  );

  return { pending, notes, record, started, cleared, evaluated };
}
