import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  createCrashLab,
  databaseClock,
  evaluate,
  type Evaluation,
  type LabSnapshot,
} from '@/lib/crashlab';
import type { FileDriver } from '@/lib/sqlite/better-sqlite3-driver';
import { BadInput, createLabFile, openLabFile } from './files';

/** Creates a new experiment: both files, one queued run, a fresh publish operation id. */
export function submitExperiment(
  p: { db: string; publisher: string },
  say: (line: string) => void,
): void {
  for (const [path, kind] of [
    [p.db, 'task'],
    [p.publisher, 'publisher'],
  ] as const) {
    if (existsSync(path))
      throw new BadInput(
        `${kind} database ${path} already exists: submit starts a new experiment, choose a new path`,
      );
  }
  const task = createLabFile(p.db, 'task');
  const publisher = createLabFile(p.publisher, 'publisher');
  try {
    const lab = createCrashLab({ task, publisher, clock: databaseClock(task) });
    lab.submit({ operationId: `publish-${randomUUID().slice(0, 8)}` });
    const snapshot = lab.snapshot();
    say(
      `submitted ${snapshot.runId}: status ${snapshot.status}, publish operation ${snapshot.operationId}`,
    );
    say(`task database ${p.db}, publisher database ${p.publisher}`);
  } finally {
    task.close();
    publisher.close();
  }
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
