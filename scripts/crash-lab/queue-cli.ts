/**
 * The crash lab on the command line: one lab, on PostgreSQL or a SQLite file; a single run is a
 * queue of one. Many runs, many worker processes, a chaos supervisor and a JSONL history.
 *   npm run lab -- submit   --db crash.sqlite                          (one run)
 *   npm run lab -- run      --db crash.sqlite --lease-seconds 2 --fault after_collect   (exits 75)
 *   npm run lab -- pg start                                            (prints the URL)
 *   npm run lab -- submit   --database URL --runs 100
 *   npm run lab -- run      --database URL --workers 4
 *   npm run lab -- chaos    --database URL --workers 8 --runs 1000 --seconds 60
 *   npm run lab -- evaluate --database URL --history FILE
 */
import { join, resolve } from 'node:path';
import {
  claimRefusedOn,
  createCrashLab,
  describeWorkerEvent,
  logLine,
  evaluate,
  FAULT_EXIT_CODE,
  runWorker,
  submitLab,
  type FaultPoint,
  type RemovableFence,
} from '@/lib/crashlab';
import { counted } from '@/lib/lease';
import { runChaos } from './chaos';
import { EXIT } from './exit-codes';
import { BadInput } from './files';
import { formatEvaluation, formatSnapshot } from './format';
import { barrier, BARRIER_ENV, chaosHooksFromEnv } from './chaos-worker';
import { labUrl, serverStatus, startServer, stopServer } from './pg-server';
import { runtimeHome } from './pg-runtime';
import { number, parseQueueArgs, parseStall, places } from './queue-args';
import { COMMANDS } from './help';
import { historyWriter, readHistory } from './queue-history-file';
import { createQueue, describePlace, openQueue } from './queue-connect';
import { runWorkerFleet } from './fleet';
import { printable, printLine } from './printable';
import { runSweep } from './sweep';
import { REPO_ROOT } from './paths';

/** The embedded server's home: git-ignored, beside the repository's files. */
export const LAB_DIR = resolve(REPO_ROOT, '.lab', 'pg');
export const DEFAULT_PORT = 5433;

const print = printLine;
export async function main(argv: string[]): Promise<number> {
  const [first] = argv;
  if (!([...COMMANDS, '_worker'] as string[]).includes(first))
    throw new BadInput(
      `unknown command "${first}"; commands: ${COMMANDS.join(', ')} (npm run lab -- --help)`,
    );
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
      const experiment = Math.random().toString(36).slice(2, 10);
      const removedFence = (values['remove-fence'] as RemovableFence) ?? null;
      await createQueue(p.task, p.publisher, async (db) => {
        await submitLab(db.task, db.publisher, { runs, experiment, removedFence });
      });
      print(
        `submitted ${counted(runs, 'run')} to ${describePlace(p.task)} (experiment ${experiment}); publisher ${describePlace(p.publisher)}`,
      );
      if (removedFence)
        print(`WARNING: set up without the ${removedFence} fence, to show what chaos finds`);
      return EXIT.ok;
    }

    case 'run':
    case '_worker': {
      const p = places(values);
      const workers = number(values, 'workers', 1, 1, 64, true);
      const stepMs = number(values, 'step-ms', 0, 0, 60_000);
      const stall = parseStall(values.stall);
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
      const lab = createCrashLab({ task: db.task, publisher: db.publisher, leaseSeconds });
      const owner = typeof values.owner === 'string' ? values.owner : `worker-${process.pid}`;
      const record = historyWriter(history);
      record({ type: 'process', t: Date.now(), pid: process.pid, worker: owner, event: 'start' });
      const chaos = command === '_worker' ? chaosHooksFromEnv() : undefined;
      if (command === '_worker' && process.env[BARRIER_ENV] && process.send) await barrier();
      const quiet = values.quiet === true;
      const summary = await runWorker(lab, {
        owner,
        pid: process.pid,
        fault: (values.fault as FaultPoint | undefined) ?? null,
        die(point) {
          process.stderr.write(`${printable(owner)} died at ${point} (exit ${FAULT_EXIT_CODE})\n`);
          process.exit(FAULT_EXIT_CODE);
        },
        work: (step) => {
          const ms = stall?.step === step ? stall.seconds * 1000 : stepMs;
          if (stall?.step === step && !quiet)
            print(`  ${step}: stalling ${stall.seconds} s (the lease keeps running)`);
          return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : undefined;
        },
        waitForAll: values.wait === true || command === '_worker',
        idle: () => new Promise((r) => setTimeout(r, Math.min(200, leaseSeconds * 100))),
        chaos,
        record,
        clock: () => performance.timeOrigin + performance.now(),
        onEvent: quiet
          ? undefined
          : (e) => print(`${e.type === 'claimed' ? owner : ' '} ${describeWorkerEvent(e)}`),
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
      // The refusal is judged at the claim's own instant: a clock read now may find the lease
      // run out since, and judge a refused claim claimable ('it matched no row').
      const now = summary.refused?.at ?? (await lab.now());
      await db.close();
      if (snapshot) {
        const held = snapshot.runs.filter((r) => r.status === 'running');
        const refusals = held.map((r) => ({
          run: r.runId,
          decision: claimRefusedOn(owner, r, now),
        }));
        print(logLine({ kind: 'not-claimed', refusals }));
        return EXIT.leaseHeld;
      }
      print(
        logLine({
          kind: 'summary',
          owner,
          succeeded: summary.succeeded,
          fencedOut: summary.fencedOut,
          allFinal: summary.stopped === 'all-final',
        }),
      );
      // A worker that only ever lost its runs was fenced out: the rule working, told by exit 4.
      const lost = command === 'run' && summary.fencedOut > 0 && summary.succeeded === 0;
      return lost ? EXIT.fencedOut : EXIT.ok;
    }

    case 'inspect':
    case 'evaluate': {
      const p = places(values);
      const history =
        typeof values.history === 'string'
          ? readHistory(resolve(process.env.INIT_CWD ?? process.cwd(), values.history))
          : [];
      const db = await openQueue(p.task, p.publisher, 'read');
      const lab = createCrashLab({ task: db.task, publisher: db.publisher });
      const snapshot = await lab.snapshot();
      const now = await lab.now();
      await db.close();
      if (command === 'inspect') {
        print(
          values.json
            ? JSON.stringify({ ...snapshot, now }, null, 2)
            : formatSnapshot(snapshot, now),
        );
        return EXIT.ok;
      }
      const evaluation = evaluate(snapshot, history);
      print(values.json ? JSON.stringify(evaluation, null, 2) : formatEvaluation(evaluation));
      return evaluation.passed ? EXIT.ok : EXIT.failed;
    }

    case 'chaos':
      return runChaos({ values, print });

    case 'sweep':
      if (values.database !== undefined)
        throw new BadInput(
          'sweep makes its own SQLite files (--dir); on PostgreSQL use chaos, which visits every fault point',
        );
      return runSweep({
        leaseSeconds: number(values, 'lease-seconds', 2, 0.1, 60),
        dir:
          typeof values.dir === 'string'
            ? resolve(process.env.INIT_CWD ?? process.cwd(), values.dir)
            : undefined,
        print,
      });
  }
  throw new BadInput(`unknown command "${command}"`);
}
