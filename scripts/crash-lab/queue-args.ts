// The crash lab's command line: its usage text, its options and how they are read and checked.
import { parseArgs } from 'node:util';
import { FAULT_POINTS, isFaultPoint, REMOVABLE_FENCES, STEPS, type Step } from '@/lib/crashlab';
import { BadInput } from './files';
import { hasUnprintable } from './printable';
import {
  defaultPublisher,
  fromCaller,
  isPg,
  parsePlace,
  pgIdentity,
  type Place,
} from './queue-connect';

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
  verbose: { type: 'boolean' },
} as const;

/**
 * `--lease-seconds -1` as `--lease-seconds=-1`: Node's parser takes a value that starts with a
 * dash for a forgotten value and answers in three lines; a negative number is a value, and the
 * range check then says what the option accepts, in one line.
 */
function joinNegativeValues(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const name = args[i].startsWith('--') ? args[i].slice(2) : null;
    const option = name && name in OPTIONS ? OPTIONS[name as keyof typeof OPTIONS] : null;
    const next = args[i + 1];
    if (option?.type === 'string' && next !== undefined && /^-(\d|\.\d|Infinity)/.test(next)) {
      out.push(`${args[i]}=${next}`);
      i++;
    } else out.push(args[i]);
  }
  return out;
}

/** The longest --owner: it is printed in tables, histories and messages, on one line. */
export const OWNER_MAX = 64;

/**
 * An owner is one short line: a worker's name in every table and message the lab prints. No
 * control or format character (Unicode Cc, Cf, line and paragraph separators): not a line
 * break, nor a U+202E that turns the rest of a line around, nor a zero-width one. Not blank
 * either (it would print as nothing). Its length is counted in characters (code points), as the
 * line says, not UTF-16 units: an emoji is one.
 */
function checkOwner(owner: string) {
  const chars = [...owner];
  const blank = owner.trim() === '';
  if (blank || hasUnprintable(owner) || chars.length > OWNER_MAX) {
    const shown = chars.slice(0, 40).join('');
    const more = chars.length > 40 ? ` and ${chars.length - 40} more characters` : '';
    throw new BadInput(
      `--owner must be one line of 1 to ${OWNER_MAX} characters and not blank (no line breaks, control or format characters such as U+202E or U+200B), not ${JSON.stringify(shown)}${more}`,
    );
  }
}

/**
 * Node's parser reads `--owner -x` as a forgotten value and answers in three lines; the lab says
 * in one how to give a value that starts with a dash.
 */
function dashValue(args: string[], message: string): string | null {
  const option = /^Option '(--[a-z-]+)' argument is ambiguous/.exec(message)?.[1];
  if (!option) return null;
  const value = args[args.indexOf(option) + 1] ?? '';
  return `${option} ${value}: a value that starts with a dash is read as an option; write ${option}=${value}`;
}

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

/**
 * Every path option made absolute once, against the folder the command was typed in, before
 * anything starts: worker processes start in the checkout's root and are handed these values, so
 * a relative --db was looked for there (issue 42 review F1: chaos reported every run as a
 * violation while its workers could not find the database).
 */
function absolutePaths(values: QueueValues): QueueValues {
  const out = { ...values };
  for (const name of ['database', 'publisher', 'history', 'dir'] as const) {
    const value = out[name];
    if (typeof value !== 'string' || !value || isPg(value)) continue;
    out[name] = fromCaller(
      name === 'database' || name === 'publisher' ? value.replace(/^sqlite:/, '') : value,
    );
  }
  return out;
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
      args: joinNegativeValues(rest),
      strict: true,
      allowPositionals: false,
      options: OPTIONS,
    }));
  } catch (error) {
    // Node's parser explains in several lines; the first says what is wrong.
    const message = error instanceof Error ? error.message : String(error);
    throw new BadInput(
      dashValue(rest, message) ?? `${message.split('\n')[0]} (npm run lab -- ${command} --help)`,
    );
  }
  // --db FILE, the single-run lab's option, is the same place as --database FILE.
  if (values.db !== undefined) {
    if (values.database !== undefined) throw new BadInput('give --database or --db, not both');
    values = { ...values, database: values.db, db: undefined };
  }
  values = absolutePaths(values);
  if (values.fault !== undefined && !isFaultPoint(String(values.fault))) {
    throw new BadInput(`unknown fault "${values.fault}"; fault points: ${FAULT_POINTS.join(', ')}`);
  }
  if (values.owner !== undefined) checkOwner(String(values.owner));
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
      ? parsePlace(values.publisher, '--publisher')
      : defaultPublisher(task);
  if (task.kind === 'sqlite' && publisher.kind === 'sqlite' && task.path === publisher.path)
    throw new BadInput('--publisher must be a different file from --database');
  if (
    task.kind === 'postgres' &&
    publisher.kind === 'postgres' &&
    pgIdentity(task.url) === pgIdentity(publisher.url)
  )
    throw new BadInput('--publisher must be a different database from --database');
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
