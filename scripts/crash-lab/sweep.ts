import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import {
  createCrashLab,
  evaluate,
  FAULT_EXIT_CODE,
  FAULT_POINTS,
  submitLab,
  type FaultPoint,
} from '@/lib/crashlab';
import { EXIT } from './exit-codes';
import { defaultPublisherPath } from './files';
import { table } from './format';
import { createQueue, openQueue, type Place } from './queue-connect';

export interface ChildResult {
  code: number;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The repository root: tsx reads tsconfig.json (the @/ paths) from the working directory. */
const REPO_ROOT = resolve(dirname(process.argv[1]), '..', '..');

/** Runs this CLI again as a fresh child process (same Node, same tsx loader). */
export function runChild(args: string[]): Promise<ChildResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1], ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd: REPO_ROOT,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr, ms: Date.now() - started }),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  });
  await Promise.all(lanes);
  return results;
}

export interface SweepRow {
  fault: FaultPoint;
  exitCode: number;
  resumeExitCode: number;
  fence: number;
  collectCount: number;
  receipts: number;
  passed: boolean;
  failed: string[];
}

/** Reads both files (read-only) and evaluates the experiment, with the sweep's figures. */
async function evaluateFiles(task: Place, publisher: Place) {
  const db = await openQueue(task, publisher, 'read');
  try {
    const snapshot = await createCrashLab(db).snapshot();
    return {
      evaluation: evaluate(snapshot),
      figures: {
        fence: snapshot.runs[0]?.fence ?? 0,
        collectCount: snapshot.attempts.filter((a) => a.step === 'collect').length,
        receipts: snapshot.publisher.receipts.length,
      },
    };
  } finally {
    await db.close();
  }
}

/**
 * Every fault point in its own pair of files: submit one run, a child process that dies at the fault,
 * wait out the lease, a fresh child process that resumes, then evaluate the files. Prints one row per fault.
 */
export async function runSweep(options: {
  leaseSeconds: number;
  dir?: string;
  print: (line: string) => void;
}): Promise<number> {
  const root = options.dir ?? mkdtempSync(join(tmpdir(), 'crash-lab-sweep-'));
  const started = Date.now();
  options.print(
    `sweep: ${FAULT_POINTS.length} fault points, lease ${options.leaseSeconds} s, files in ${root}`,
  );
  const rows = await mapLimit(FAULT_POINTS, 4, async (fault): Promise<SweepRow> => {
    const db = join(root, `${fault.replace(':', '-')}.sqlite`);
    const task: Place = { kind: 'sqlite', path: db };
    const publisher: Place = { kind: 'sqlite', path: defaultPublisherPath(db) };
    await createQueue(task, publisher, (q) =>
      submitLab(q.task, q.publisher, { runs: 1, experiment: fault.replace(':', '-') }).then(
        () => undefined,
      ),
    );
    const first = await runChild([
      'run',
      '--db',
      db,
      '--lease-seconds',
      String(options.leaseSeconds),
      '--fault',
      fault,
    ]);
    await sleep(options.leaseSeconds * 1000 + 100); // the dead worker's lease runs out
    const resumed = await runChild(['run', '--db', db]);
    // Judged from the files alone, after both worker processes have exited.
    const { evaluation, figures } = await evaluateFiles(task, publisher);
    return {
      fault,
      exitCode: first.code,
      resumeExitCode: resumed.code,
      ...figures,
      passed: evaluation.passed && first.code === FAULT_EXIT_CODE && resumed.code === 0,
      failed: evaluation.violations.map((v) => v.property),
    };
  });
  options.print(
    table(
      ['fault', 'exit code', 'resume exit', 'fence', 'collect count', 'receipts', 'verdict'],
      rows.map((r) => [
        r.fault,
        r.exitCode,
        r.resumeExitCode,
        r.fence,
        r.collectCount,
        r.receipts,
        r.passed ? 'pass' : `FAIL ${[...new Set(r.failed)].join(',')}`,
      ]),
    ),
  );
  const failed = rows.filter((r) => !r.passed);
  options.print(
    failed.length
      ? `sweep FAILED at: ${failed.map((r) => r.fault).join(', ')}`
      : `sweep passed: ${rows.length} of ${rows.length} fault points, ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return failed.length ? EXIT.failed : EXIT.ok;
}
