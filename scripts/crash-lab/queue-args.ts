// The crash lab's command line: its usage text, its options and how they are read and checked.
import { parseArgs } from 'node:util';
import { FAULT_POINTS, isFaultPoint, REMOVABLE_FENCES, STEPS, type Step } from '@/lib/crashlab';
import { BadInput } from './files';
import { defaultPublisher, parsePlace, type Place } from './queue-connect';

export const USAGE = `usage: npm run lab -- <command> [options]

Every command takes --database PLACE: a PostgreSQL URL (postgres://…) or a SQLite file path
(--db FILE is the same as --database FILE). A single run is a queue of one (--runs 1, the default).
  pg start [--port P] | pg stop | pg status   the embedded PostgreSQL 18 (data in .lab/pg), prints its URL
  submit   --database PLACE [--runs N]        create both databases' tables with N queued runs
  run      --database PLACE [--workers N] [--lease-seconds S] [--fault POINT] [--step-ms MS]
           [--stall STEP:SECONDS] [--owner NAME] [--history FILE] [--wait]
                                              claim runs (FOR UPDATE SKIP LOCKED on PostgreSQL) until none is
                                              claimable; --stall pauses inside STEP (a stale worker that wakes up later)
  inspect  --database PLACE [--json]          print both databases
  evaluate --database PLACE [--history FILE] [--json]
                                              check every property; a failure prints the shortest history excerpt
  chaos    --database PLACE [--workers 8] [--runs 1000] [--seconds 60] [--seed N] [--faults F] [--history FILE]
                                              workers under a supervisor that kills (SIGKILL), pauses (SIGSTOP past
                                              the lease, then SIGCONT) and drops publisher acknowledgements
  sweep    [--lease-seconds S] [--dir DIR]    every fault point on its own SQLite files, in fresh processes
every command also takes --publisher PLACE (default: NAME.publisher.sqlite beside a file, NAME_publisher on a server)
fault points: ${FAULT_POINTS.join(', ')}
exit codes: 0 ok, 1 check failed, 2 bad input, 3 lease held by another worker, 4 fenced out, 75 died at a fault point
workers on other machines join by running: npm run lab -- run --database URL --wait`;

const OPTIONS = {
  database: { type: 'string' },
  db: { type: 'string' },
  stall: { type: 'string' },
  publisher: { type: 'string' },
  runs: { type: 'string' },
  workers: { type: 'string' },
  'lease-seconds': { type: 'string' },
  fault: { type: 'string' },
  'step-ms': { type: 'string' },
  owner: { type: 'string' },
  history: { type: 'string' },
  json: { type: 'boolean' },
  wait: { type: 'boolean' },
  seconds: { type: 'string' },
  seed: { type: 'string' },
  faults: { type: 'string' },
  port: { type: 'string' },
  dir: { type: 'string' },
  'remove-fence': { type: 'string' },
  quiet: { type: 'boolean' },
} as const;

export type QueueValues = Partial<Record<keyof typeof OPTIONS, string | boolean>>;

export function number(
  values: QueueValues,
  name: keyof typeof OPTIONS,
  fallback: number,
  min: number,
  max: number,
  whole = false,
): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < min || n > max || (whole && !Number.isInteger(n))) {
    throw new BadInput(
      `--${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max}, not "${String(raw)}"`,
    );
  }
  return n;
}

export function parseQueueArgs(argv: string[]): {
  command: string;
  sub?: string;
  values: QueueValues;
} {
  const [command, ...rest] = argv;
  const sub = command === 'pg' ? rest.shift() : undefined;
  let values: QueueValues;
  try {
    ({ values } = parseArgs({
      args: rest,
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }));
  } catch (error) {
    throw new BadInput(error instanceof Error ? error.message : String(error));
  }
  // --db FILE, the single-run lab's option, is the same place as --database FILE.
  if (values.db !== undefined) {
    if (values.database !== undefined) throw new BadInput('give --database or --db, not both');
    values = { ...values, database: values.db, db: undefined };
  }
  if (values.fault !== undefined && !isFaultPoint(String(values.fault))) {
    throw new BadInput(`unknown fault "${values.fault}"; fault points: ${FAULT_POINTS.join(', ')}`);
  }
  const removed = values['remove-fence'];
  if (removed !== undefined && !(REMOVABLE_FENCES as readonly string[]).includes(String(removed))) {
    throw new BadInput(`--remove-fence must be one of ${REMOVABLE_FENCES.join(', ')}`);
  }
  return { command, sub, values };
}

export function places(values: QueueValues): { task: Place; publisher: Place } {
  const database = values.database ?? values.db;
  if (typeof database !== 'string' || !database)
    throw new BadInput('--database URL (or --db FILE) is required');
  const task = parsePlace(database);
  const publisher =
    typeof values.publisher === 'string' && values.publisher
      ? parsePlace(values.publisher)
      : defaultPublisher(task);
  if (task.kind === 'sqlite' && publisher.kind === 'sqlite' && task.path === publisher.path)
    throw new BadInput('--publisher must be a different file from --database');
  return { task, publisher };
}

/** `--stall publish:8`: the worker pauses 8 s inside publish, after starting it, before its effect. */
export function parseStall(value: unknown): { step: Step; seconds: number } | null {
  if (value === undefined) return null;
  const [step, seconds] = String(value).split(':');
  const n = Number(seconds);
  if (!(STEPS as readonly string[]).includes(step) || !(n > 0 && n <= 600)) {
    throw new BadInput(
      `--stall must look like STEP:SECONDS with STEP one of ${STEPS.join(', ')} and up to 600 seconds, not "${String(value)}"`,
    );
  }
  return { step: step as Step, seconds: n };
}
