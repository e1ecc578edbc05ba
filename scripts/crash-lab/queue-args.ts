// The queue lab's command line: its usage text, its options and how they are read and checked.
import { parseArgs } from 'node:util';
import { FAULT_POINTS, isFaultPoint } from '@/lib/crashlab';
import { REMOVABLE_FENCES } from '@/lib/crashlab/queue/schema';
import { BadInput } from './files';
import { defaultPublisher, parsePlace, type Place } from './queue-connect';

export const QUEUE_USAGE = `queue commands (a PostgreSQL URL or a SQLite file after --database)
  pg start [--port P] | pg stop | pg status   the embedded PostgreSQL 18 (data in .lab/pg), prints its URL
  submit   --database URL [--runs N]          create both databases' tables with N queued runs
  run      --database URL [--workers N] [--lease-seconds S] [--fault POINT] [--step-ms MS] [--history FILE]
                                              claim runs (FOR UPDATE SKIP LOCKED on PostgreSQL) until none is claimable
  inspect  --database URL [--json]            print both databases
  evaluate --database URL [--history FILE] [--json]
                                              check every property; a failure prints the shortest history excerpt
  chaos    --database URL [--workers 8] [--runs 1000] [--seconds 60] [--seed N] [--faults F] [--history FILE]
                                              workers under a supervisor that kills (SIGKILL), pauses (SIGSTOP past
                                              the lease, then SIGCONT) and drops publisher acknowledgements
every queue command also takes --publisher URL (default: database NAME_publisher on the same server)
workers on other machines join by running: npm run lab -- run --database URL --wait`;

const OPTIONS = {
  database: { type: 'string' },
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

/** True when the command line is for the queue lab rather than the single-run SQLite lab. */
export function isQueueCommand(argv: string[]): boolean {
  return (
    ['pg', 'chaos', '_worker'].includes(argv[0] ?? '') ||
    argv.includes('--database') ||
    argv.some((a) => a.startsWith('--database='))
  );
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
  if (typeof values.database !== 'string' || !values.database)
    throw new BadInput('--database URL is required');
  const task = parsePlace(values.database);
  const publisher =
    typeof values.publisher === 'string' && values.publisher
      ? parsePlace(values.publisher)
      : defaultPublisher(task);
  return { task, publisher };
}
