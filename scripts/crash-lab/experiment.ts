import { randomUUID } from 'node:crypto';
import {
  createCrashLab,
  databaseClock,
  evaluate,
  type Evaluation,
  type LabSnapshot,
} from '@/lib/crashlab';
import { openFileDb, type FileDriver } from '@/lib/sqlite/better-sqlite3-driver';
import { openLabFile } from './files';
import { checkCreatable, createAllOrNothing } from './safe-files';

/**
 * Creates a new experiment: both files, one queued run, a fresh publish operation id. Every
 * path is checked first, and both files are made in temporary folders and moved into place
 * together: on bad input or a failure, no file appears (not even an empty one).
 */
export function submitExperiment(
  p: { db: string; publisher: string },
  say: (line: string) => void,
): void {
  checkCreatable(p.db, 'task');
  checkCreatable(p.publisher, 'publisher');
  let snapshot: LabSnapshot | null = null;
  createAllOrNothing([p.db, p.publisher], ([taskPath, publisherPath]) => {
    const task = openFileDb(taskPath, { mustExist: false });
    let publisher: FileDriver | null = null;
    try {
      publisher = openFileDb(publisherPath, { mustExist: false });
      const lab = createCrashLab({ task, publisher, clock: databaseClock(task) });
      lab.submit({ operationId: `publish-${randomUUID().slice(0, 8)}` });
      snapshot = lab.snapshot();
    } finally {
      task.close();
      publisher?.close();
    }
  });
  const made = snapshot as LabSnapshot | null;
  if (made)
    say(`submitted ${made.runId}: status ${made.status}, publish operation ${made.operationId}`);
  say(`task database ${p.db}, publisher database ${p.publisher}`);
}

/** Reads both files (read-only) and evaluates the experiment. */
export function evaluateFiles(p: { db: string; publisher: string }): {
  snapshot: LabSnapshot;
  evaluation: Evaluation;
} {
  const task = openLabFile(p.db, 'task', { readonly: true });
  let publisher: FileDriver;
  try {
    publisher = openLabFile(p.publisher, 'publisher', { readonly: true });
  } catch (error) {
    task.close();
    throw error;
  }
  try {
    const snapshot = createCrashLab({ task, publisher, clock: databaseClock(task) }).snapshot();
    return { snapshot, evaluation: evaluate(snapshot) };
  } finally {
    task.close();
    publisher.close();
  }
}
