import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { LAB, ROOT } from './lab-process';
import { processesMentioning, type ProcessRow } from './process-table';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The probe's chaos command of issue 42, point 8 (after its --db/--database). */
const PAUSED_ARGS = [
  '--runs',
  '200',
  '--seed',
  '31',
  '--workers',
  '4',
  '--seconds',
  '120',
  '--lease-seconds',
  '5',
];
/** A queue big enough to be interrupted while it is written (issue 42 review F2). */
const CREATING_ARGS = ['--runs', '100000', '--seed', '31', '--workers', '4'];

export interface InterruptResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** The processes still naming the queue's database after the supervisor exited. */
  left: ProcessRow[];
  /** Whether a worker was held paused (a pause line in the history) when the signal went. */
  pausedAtSignal: boolean;
}

/**
 * Starts `chaos` with `args` in its own process group, polls `ready` until it holds (or chaos has
 * exited), then sends `signal` to the group (Ctrl-C) or to the supervisor alone (`kill PID`), and
 * waits for the supervisor to exit. `caught`: the signal went while chaos ran and `ready` held.
 */
async function signalChaos(
  args: string[],
  ready: () => boolean,
  signal: NodeJS.Signals,
  group: boolean,
  pollMs: number,
) {
  const child = spawn(process.execPath, [LAB, 'chaos', ...args], {
    cwd: ROOT,
    env: { ...process.env, INIT_CWD: ROOT },
    detached: true,
    stdio: 'pipe',
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.on('exit', (code, sig) => done({ code, signal: sig })),
  );
  let over = false;
  void exited.then(() => (over = true));
  while (!over && !ready()) await sleep(pollMs);
  const caught = !over;
  if (!over) process.kill(group ? -child.pid! : child.pid!, signal);
  const { code, signal: endedBy } = await exited;
  return { code, signal: endedBy, stdout, stderr, caught };
}

/**
 * Test support: starts `chaos` in its own process group, waits until the history shows the
 * supervisor holding a worker paused (SIGSTOP), then sends `signal` to the whole group, as
 * Ctrl-C in a terminal does, and reads the process table once the supervisor has exited.
 */
export async function interruptChaosWhilePaused(options: {
  database: string;
  history: string;
  signal: NodeJS.Signals;
  /** Sent to the whole group (Ctrl-C), or to the supervisor alone (`kill PID`). */
  group: boolean;
}): Promise<InterruptResult> {
  const { database, history, signal, group } = options;
  // A state the lab exposes: the history line of the pause (the supervisor writes it once the
  // worker is stopped). Seed 31 plans pauses among its first runs; each holds for a lease.
  const paused = () =>
    existsSync(history) && readFileSync(history, 'utf8').includes('"action":"pause"');
  const { caught, ...ended } = await signalChaos(
    [
      // The probe's spelling: --db for a file, --database for a URL.
      /^postgres(ql)?:/.test(database) ? '--database' : '--db',
      database,
      ...PAUSED_ARGS,
      '--history',
      history,
    ],
    paused,
    signal,
    group,
    50,
  );
  return { ...ended, left: processesMentioning(database), pausedAtSignal: caught };
}

/**
 * Test support (issue 42 review F2): starts `chaos --runs 100000` in `dir`, in its own process
 * group, waits until the task database's journal appears (the queue is being written), then
 * sends `signal` to the group, as Ctrl-C does, and reads what the supervisor said and left.
 */
export async function interruptChaosWhileCreating(options: {
  dir: string;
  signal: NodeJS.Signals;
}): Promise<InterruptResult & { files: string[] }> {
  const { dir, signal } = options;
  const database = `${dir}/X.sqlite`;
  const writing = () =>
    (readdirSync(dir, { recursive: true }) as string[]).some((f) => f.endsWith('X.sqlite-journal'));
  const { caught, ...ended } = await signalChaos(
    ['--db', database, ...CREATING_ARGS, '--history', `${dir}/H.jsonl`],
    writing,
    signal,
    true,
    20,
  );
  return {
    ...ended,
    left: processesMentioning(database),
    pausedAtSignal: caught,
    files: (readdirSync(dir, { recursive: true }) as string[]).sort(),
  };
}

/** Kills whatever a failed run left behind, so one failing test does not leave stopped workers. */
export function killLeftovers(rows: ProcessRow[]) {
  for (const row of rows) {
    for (const s of ['SIGKILL', 'SIGCONT'] as const) {
      try {
        process.kill(row.pid, s);
      } catch {
        // already gone
      }
    }
  }
}
