/**
 * The crash lab as a queue, on PostgreSQL or a SQLite file: many runs, many worker processes,
 * a chaos supervisor and a JSONL history.
 *   npm run lab -- pg start                          (prints the URL)
 *   npm run lab -- submit   --database URL --runs 100
 *   npm run lab -- run      --database URL --workers 4
 *   npm run lab -- chaos    --database URL --workers 8 --runs 1000 --seconds 60
 *   npm run lab -- evaluate --database URL --history FILE
 */
import { join, resolve } from 'node:path';
import { FAULT_EXIT_CODE, STEPS, type FaultPoint } from '@/lib/crashlab';
import { evaluateQueue, formatQueueEvaluation } from '@/lib/crashlab/queue/evaluate';
import { createQueueLab, submitQueue } from '@/lib/crashlab/queue/lab';
import type { RemovableFence } from '@/lib/crashlab/queue/schema';
import type { QueueSnapshot } from '@/lib/crashlab/queue/types';
import { runQueueWorker } from '@/lib/crashlab/queue/worker';
import { runChaos } from './chaos';
import { EXIT } from './exit-codes';
import { BadInput } from './files';
import { table } from './format';
import { barrier, BARRIER_ENV, chaosHooksFromEnv } from './chaos-worker';
import { labUrl, serverStatus, startServer, stopServer } from './pg-server';
import { runtimeHome } from './pg-runtime';
import { number, parseQueueArgs, places } from './queue-args';
import { historyWriter, readHistory } from './queue-history-file';
import { describePlace, openQueue } from './queue-connect';
import { runWorkerFleet } from './fleet';

const REPO_ROOT = resolve(__dirname, '..', '..');
/** The embedded server's home: git-ignored, beside the repository's files. */
export const LAB_DIR = resolve(REPO_ROOT, '.lab', 'pg');
export const DEFAULT_PORT = 5433;

const print = (text: string) => process.stdout.write(`${text}\n`);

function formatQueue(snapshot: QueueSnapshot, now: number): string {
  const counts = (status: string) => snapshot.runs.filter((r) => r.status === status).length;
  const lines = [
    `task database: ${snapshot.runs.length} run(s): ${counts('queued')} queued, ${counts('running')} running, ${counts('done')} succeeded` +
      (snapshot.removedFence ? ` (set up WITHOUT the ${snapshot.removedFence} fence)` : ''),
  ];
  for (const run of snapshot.runs.slice(0, 20)) {
    const steps = STEPS.map((s) => {
      const c = snapshot.checkpoints.find((x) => x.runId === run.runId && x.step === s);
      return c ? `${s}@gen${c.generation}` : `${s}:-`;
    }).join(' ');
    const left = run.leaseUntil - now;
    const lease =
      run.status !== 'running'
        ? ''
        : left > 0
          ? `, lease ${left.toFixed(1)} s left`
          : `, lease expired ${(-left).toFixed(1)} s ago`;
    lines.push(
      `  ${run.runId}  ${run.status === 'done' ? 'succeeded' : run.status}  gen${run.fence} ${run.owner || '(nobody)'}${lease}  ${steps}`,
    );
  }
  if (snapshot.runs.length > 20) lines.push(`  … ${snapshot.runs.length - 20} more`);
  const requests = snapshot.publisher.requests;
  lines.push(
    `publisher database: ${snapshot.publisher.receipts.length} receipt(s); ${requests.length} request(s): ` +
      ['applied', 'duplicate', 'refused']
        .map((o) => `${requests.filter((r) => r.outcome === o).length} ${o}`)
        .join(', '),
  );
  return lines.join('\n');
}

export async function queueMain(argv: string[]): Promise<number> {
  const { command, sub, values } = parseQueueArgs(argv);
  const leaseSeconds = number(values, 'lease-seconds', 30, 0.1, 3600);

  switch (command) {
    case 'pg': {
      const port = number(values, 'port', DEFAULT_PORT, 1024, 65535, true);
      const dir =
        typeof values.dir === 'string'
          ? resolve(process.env.INIT_CWD ?? process.cwd(), values.dir)
          : LAB_DIR;
      if (sub === 'start') {
        const url = await startServer({ dir, port }, print);
        print(`PostgreSQL 18 is running; data in ${join(runtimeHome(dir), 'data')}`);
        print(url);
        return EXIT.ok;
      }
      if (sub === 'stop') {
        print((await stopServer(dir)) ? 'stopped the lab server' : 'no lab server is running');
        return EXIT.ok;
      }
      if (sub === 'status') {
        const status = await serverStatus(dir);
        print(
          status
            ? `running (pid ${status.pid}): ${labUrl(status.port)}`
            : 'not running (start it with: npm run lab -- pg start)',
        );
        return status ? EXIT.ok : EXIT.failed;
      }
      throw new BadInput(`pg needs one of start, stop, status, not "${sub ?? ''}"`);
    }

    case 'submit': {
      const p = places(values);
      const runs = number(values, 'runs', 1, 1, 100_000, true);
      const db = await openQueue(p.task, p.publisher, 'submit');
      try {
        const experiment = Math.random().toString(36).slice(2, 10);
        await submitQueue(db.task, db.publisher, {
          runs,
          experiment,
          removedFence: (values['remove-fence'] as RemovableFence) ?? null,
        });
        print(
          `submitted ${runs} run(s) to ${describePlace(p.task)} (experiment ${experiment}); publisher ${describePlace(p.publisher)}`,
        );
        if (values['remove-fence'])
          print(
            `WARNING: set up without the ${values['remove-fence']} fence, to show what chaos finds`,
          );
      } finally {
        await db.close();
      }
      return EXIT.ok;
    }

    case 'run':
    case '_worker': {
      const p = places(values);
      const workers = number(values, 'workers', 1, 1, 64, true);
      const stepMs = number(values, 'step-ms', 0, 0, 60_000);
      const history =
        typeof values.history === 'string'
          ? resolve(process.env.INIT_CWD ?? process.cwd(), values.history)
          : undefined;
      if (command === 'run' && workers > 1) {
        const probe = await openQueue(p.task, p.publisher, 'use');
        await probe.close();
        return runWorkerFleet({ values, workers, history, print });
      }
      const db = await openQueue(p.task, p.publisher, 'use');
      const lab = createQueueLab({ task: db.task, publisher: db.publisher, leaseSeconds });
      const owner = typeof values.owner === 'string' ? values.owner : `worker-${process.pid}`;
      const record = historyWriter(history);
      record({ type: 'process', t: Date.now(), pid: process.pid, worker: owner, event: 'start' });
      const chaos = command === '_worker' ? chaosHooksFromEnv() : undefined;
      if (command === '_worker' && process.env[BARRIER_ENV] && process.send) await barrier();
      const quiet = values.quiet === true;
      const summary = await runQueueWorker(lab, {
        owner,
        pid: process.pid,
        fault: (values.fault as FaultPoint | undefined) ?? null,
        die(point) {
          process.stderr.write(`${owner} died at ${point} (exit ${FAULT_EXIT_CODE})\n`);
          process.exit(FAULT_EXIT_CODE);
        },
        work: stepMs > 0 ? () => new Promise((r) => setTimeout(r, stepMs)) : undefined,
        waitForAll: values.wait === true || command === '_worker',
        idle: () => new Promise((r) => setTimeout(r, Math.min(200, leaseSeconds * 100))),
        chaos,
        record,
        clock: () => performance.timeOrigin + performance.now(),
        onEvent: quiet ? undefined : print,
      });
      record({
        type: 'process',
        t: Date.now(),
        pid: process.pid,
        worker: owner,
        event: 'exit',
        code: 0,
      });
      if (process.connected) process.disconnect();
      const snapshot =
        summary.succeeded + summary.fencedOut === 0 && summary.stopped === 'none-claimable'
          ? await lab.snapshot()
          : null;
      const now = await lab.now();
      await db.close();
      if (snapshot) {
        const held = snapshot.runs.filter((r) => r.status === 'running');
        print(
          `not claimed: ${held.map((r) => `${r.runId} is held by ${r.owner} for another ${(r.leaseUntil - now).toFixed(1)} s (generation ${r.fence})`).join('; ')}; try again after the lease runs out`,
        );
        return EXIT.leaseHeld;
      }
      print(
        `${owner}: ${summary.succeeded} run(s) succeeded, ${summary.fencedOut} fenced out; ${summary.stopped === 'all-final' ? 'every run is final' : 'nothing else is claimable now'}`,
      );
      return EXIT.ok;
    }

    case 'inspect':
    case 'evaluate': {
      const p = places(values);
      const history =
        typeof values.history === 'string'
          ? readHistory(resolve(process.env.INIT_CWD ?? process.cwd(), values.history))
          : [];
      const db = await openQueue(p.task, p.publisher, 'use');
      const lab = createQueueLab({ task: db.task, publisher: db.publisher });
      const snapshot = await lab.snapshot();
      const now = await lab.now();
      await db.close();
      if (command === 'inspect') {
        print(
          values.json ? JSON.stringify({ ...snapshot, now }, null, 2) : formatQueue(snapshot, now),
        );
        return EXIT.ok;
      }
      const evaluation = evaluateQueue(snapshot, history);
      print(values.json ? JSON.stringify(evaluation, null, 2) : formatQueueEvaluation(evaluation));
      return evaluation.passed ? EXIT.ok : EXIT.failed;
    }

    case 'chaos':
      return runChaos({ values, print });

    case 'sweep':
      throw new BadInput(
        'sweep runs on SQLite files (--db); on PostgreSQL use chaos, which visits every fault point',
      );
  }
  throw new BadInput(`unknown command "${command}"`);
}

export { table };
