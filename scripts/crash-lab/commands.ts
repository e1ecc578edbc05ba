/**
 * The crash lab on the command line: real processes over real SQLite files.
 *   npm run lab -- submit   --db crash.sqlite
 *   npm run lab -- run      --db crash.sqlite --lease-seconds 2 --fault after_collect   (exits 75)
 *   npm run lab -- inspect  --db crash.sqlite
 *   npm run lab -- run      --db crash.sqlite
 *   npm run lab -- evaluate --db crash.sqlite
 *   npm run lab -- sweep
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  createCrashLab,
  databaseClock,
  evaluate,
  FAULT_EXIT_CODE,
  FAULT_POINTS,
  isFaultPoint,
  runWorker,
  type FaultPoint,
  type Step,
  STEPS,
} from '@/lib/crashlab';
import type { FileDriver } from '@/lib/sqlite/better-sqlite3-driver';
import { EXIT } from './exit-codes';
import { BadInput, defaultPublisherPath, openLabFile } from './files';
import { formatEvaluation, formatSnapshot } from './format';
import { checkExisting } from './safe-files';
import { submitExperiment } from './experiment';
import { runCompetingWorkers, runSweep } from './sweep';
import { isQueueCommand, QUEUE_USAGE } from './queue-args';
import { queueMain } from './queue-cli';

const COMMANDS = ['submit', 'run', 'inspect', 'evaluate', 'sweep', 'help'] as const;
type Command = (typeof COMMANDS)[number];

const USAGE = `usage: npm run lab -- <command> [options]

commands
  submit   --db FILE                       create the task and publisher databases with one queued run
  run      --db FILE [--lease-seconds S] [--fault POINT] [--workers N] [--step-ms MS] [--owner NAME]
           [--stall STEP:SECONDS]          claim the run and work through collect, draft, verify, publish;
                                           --stall pauses inside STEP (a stale worker that wakes up later)
  inspect  --db FILE [--json]              print both databases
  evaluate --db FILE [--json]              check the experiment; exit 0 only if every check passes
  sweep    [--lease-seconds S] [--dir DIR] every fault point in fresh processes, then a table

every command that takes --db also takes --publisher FILE (default: beside --db, NAME.publisher.sqlite)
fault points: ${FAULT_POINTS.join(', ')}
exit codes: 0 ok, 1 check failed, 2 bad input, 3 lease held by another worker, 4 fenced out, 75 died at a fault point

${QUEUE_USAGE}`;

function positiveNumber(
  name: string,
  value: string | undefined,
  fallback: number,
  max: number,
): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0 || n > max)
    throw new BadInput(`--${name} must be a number above 0 and at most ${max}, not "${value}"`);
  return n;
}

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h')
    return { command: 'help' as Command, values: {} };
  if (!(COMMANDS as readonly string[]).includes(command)) {
    throw new BadInput(`unknown command "${command}"; commands: ${COMMANDS.join(', ')}`);
  }
  let values;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: {
        db: { type: 'string' },
        publisher: { type: 'string' },
        'lease-seconds': { type: 'string' },
        fault: { type: 'string' },
        workers: { type: 'string' },
        'step-ms': { type: 'string' },
        owner: { type: 'string' },
        stall: { type: 'string' },
        dir: { type: 'string' },
        json: { type: 'boolean' },
      },
    }));
  } catch (error) {
    throw new BadInput(error instanceof Error ? error.message : String(error));
  }
  if (values.fault !== undefined && !isFaultPoint(values.fault)) {
    throw new BadInput(`unknown fault "${values.fault}"; fault points: ${FAULT_POINTS.join(', ')}`);
  }
  return { command: command as Command, values };
}

type Values = ReturnType<typeof parse>['values'] & Record<string, string | boolean | undefined>;

/** `--stall publish:8`: the worker pauses 8 s inside publish, after starting it, before its effect. */
function parseStall(value: string | undefined): { step: Step; seconds: number } | null {
  if (value === undefined) return null;
  const [step, seconds] = value.split(':');
  if (!(STEPS as readonly string[]).includes(step) || seconds === undefined) {
    throw new BadInput(
      `--stall must look like STEP:SECONDS with STEP one of ${STEPS.join(', ')}, not "${value}"`,
    );
  }
  return { step: step as Step, seconds: positiveNumber('stall', seconds, 1, 600) };
}

/** npm runs scripts from the package root; resolve paths against where the learner typed. */
const fromCaller = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

function paths(values: Values): { db: string; publisher: string } {
  if (typeof values.db !== 'string' || values.db === '')
    throw new BadInput('--db FILE is required');
  const db = fromCaller(values.db);
  const publisher =
    typeof values.publisher === 'string' && values.publisher !== ''
      ? fromCaller(values.publisher)
      : defaultPublisherPath(db);
  if (publisher === db) throw new BadInput('--publisher must be a different file from --db');
  return { db, publisher };
}

/** Opens both files after checking both, so a bad publisher leaves the task file untouched too. */
function openBoth(values: Values, readonly = false): { task: FileDriver; publisher: FileDriver } {
  const p = paths(values);
  // openLabFile checks each path and permission (writable too, unless readonly) and writes
  // nothing: a read-only publisher stops a run before it claims a generation in the task file.
  const task = openLabFile(p.db, 'task', { readonly });
  try {
    return { task, publisher: openLabFile(p.publisher, 'publisher', { readonly }) };
  } catch (error) {
    task.close();
    throw error;
  }
}

const print = (text: string) => process.stdout.write(`${text}\n`);

export async function main(argv: string[]): Promise<number> {
  if (isQueueCommand(argv)) return queueMain(argv);
  const { command, values: raw } = parse(argv);
  const values = raw as Values;
  const leaseSeconds = positiveNumber(
    'lease-seconds',
    values['lease-seconds'] as string | undefined,
    30,
    3600,
  );

  switch (command) {
    case 'help':
      print(USAGE);
      return EXIT.ok;

    case 'submit': {
      const p = paths(values);
      submitExperiment(p, print);
      return EXIT.ok;
    }
    case 'run': {
      const workers = positiveNumber('workers', values.workers as string | undefined, 1, 16);
      const stepMs = positiveNumber(
        'step-ms',
        values['step-ms'] as string | undefined,
        0.001,
        60_000,
      );
      if (!Number.isInteger(workers)) throw new BadInput('--workers must be a whole number');
      const stall = parseStall(values.stall as string | undefined);
      if (workers > 1) {
        const p = paths(values);
        const probe = openBoth(values, true); // validate before starting anybody
        probe.task.close();
        probe.publisher.close();
        checkExisting(p.db, 'task', true); // every worker writes to both files
        checkExisting(p.publisher, 'publisher', true);
        return runCompetingWorkers({
          ...p,
          workers,
          leaseSeconds,
          stepMs,
          fault: (values.fault as FaultPoint) ?? null,
          print,
        });
      }
      const { task, publisher } = openBoth(values);
      const lab = createCrashLab({ task, publisher, clock: databaseClock(task), leaseSeconds });
      const owner = typeof values.owner === 'string' ? values.owner : `worker-${process.pid}`;
      const fault = (values.fault as FaultPoint | undefined) ?? null;
      const outcome = await runWorker(lab, {
        owner,
        fault,
        die(point) {
          // The crash: leave at once. No transaction is open here, nothing is closed or flushed.
          process.stderr.write(`${owner} died at ${point} (exit ${FAULT_EXIT_CODE})\n`);
          process.exit(FAULT_EXIT_CODE);
        },
        work: (step) => {
          const ms = stall?.step === step ? stall.seconds * 1000 : stepMs >= 1 ? stepMs : 0;
          if (ms === 0) return;
          if (stall?.step === step)
            print(`  ${step}: stalling ${stall.seconds} s (the lease keeps running)`);
          return new Promise<void>((resolve) => setTimeout(resolve, ms));
        },
        onEvent(event) {
          switch (event.type) {
            case 'claimed':
              print(
                `${owner} claimed the run: generation ${event.generation}` +
                  (event.resumedFrom.length
                    ? `, resuming after ${event.resumedFrom.join(', ')}`
                    : ''),
              );
              break;
            case 'skipped':
              print(`  ${event.step}: checkpoint saved earlier, not redone`);
              break;
            case 'started':
              print(`  ${event.step}: started (attempt ${event.attemptId})`);
              break;
            case 'published':
              print(`  publish: publisher answered ${event.outcome}, receipt #${event.receiptId}`);
              break;
            case 'checkpointed':
              print(`  ${event.step}: checkpoint saved`);
              break;
            case 'finished':
              break;
          }
        },
      });
      const snapshot = lab.snapshot();
      const collects = snapshot.attempts.filter((a) => a.step === 'collect').length;
      const now = lab.now();
      task.close();
      publisher.close();
      switch (outcome.kind) {
        case 'succeeded':
          print(
            `${snapshot.status}: generation ${outcome.generation}, collect ran ${collects}×, ${snapshot.publisher.receipts.length} receipt(s)`,
          );
          return EXIT.ok;
        case 'not-claimed':
          print(
            outcome.reason === 'lease-held'
              ? `not claimed: ${snapshot.run.owner} holds the lease for another ${(snapshot.run.leaseUntil - now).toFixed(1)} s (generation ${snapshot.run.fence}); try again after it runs out`
              : `not claimed: ${outcome.explanation}`,
          );
          return outcome.reason === 'final-state' ? EXIT.ok : EXIT.leaseHeld;
        case 'fenced-out':
          print(
            `fenced out at ${outcome.step} (generation ${outcome.generation}): ${outcome.explanation}`,
          );
          return EXIT.fencedOut;
      }
      return EXIT.failed;
    }

    case 'inspect':
    case 'evaluate': {
      const { task, publisher } = openBoth(values, true);
      const lab = createCrashLab({ task, publisher, clock: databaseClock(task) });
      const snapshot = lab.snapshot();
      const now = lab.now();
      task.close();
      publisher.close();
      if (command === 'inspect') {
        print(
          values.json
            ? JSON.stringify({ ...snapshot, now }, null, 2)
            : formatSnapshot(snapshot, now),
        );
        return EXIT.ok;
      }
      const evaluation = evaluate(snapshot);
      print(values.json ? JSON.stringify(evaluation, null, 2) : formatEvaluation(evaluation));
      return evaluation.passed ? EXIT.ok : EXIT.failed;
    }

    case 'sweep':
      return runSweep({
        leaseSeconds: positiveNumber(
          'lease-seconds',
          values['lease-seconds'] as string | undefined,
          2,
          60,
        ),
        dir: typeof values.dir === 'string' ? values.dir : undefined,
        print,
      });
  }
}
