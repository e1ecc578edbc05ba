import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import type { Exited } from './fleet';

// How the chaos supervisor stops its worker processes: it holds some stopped with SIGSTOP, and a
// stopped process acts on no signal but SIGKILL and SIGCONT, so stopping must be done for it.

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** True once the kernel reports the process stopped (state T), so acting on it is safe. */
export async function waitStopped(pid: number): Promise<boolean> {
  for (let i = 0; i < 2000; i++) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
      if (state === 'T' || state === 't') return true;
    } catch {
      return false;
    }
    await sleep(5);
  }
  return false;
}

/** A worker process the supervisor started: its owner name, whether it holds it paused. */
export interface SupervisedWorker {
  child: ChildProcess;
  owner: string;
  paused: unknown;
  done: Promise<Exited>;
}

/**
 * Ends every worker (SIGKILL, then SIGCONT so a stopped one acts on it) and waits for each;
 * says which were still running and which of those were held paused.
 */
export async function endWorkers(
  workers: readonly SupervisedWorker[],
): Promise<{ live: string[]; paused: string[] }> {
  const live = workers.filter((w) => w.child.exitCode === null && w.child.signalCode === null);
  const paused = live.filter((w) => w.paused).map((w) => w.owner);
  for (const w of workers) {
    w.child.kill('SIGKILL');
    w.child.kill('SIGCONT');
  }
  await Promise.all(workers.map((w) => w.done));
  return { live: live.map((w) => w.owner), paused };
}

/**
 * Ctrl-C (SIGINT to the whole process group), SIGTERM, or SIGHUP (the terminal closed), caught so the supervisor can end its
 * workers before it exits instead of leaving a stopped one orphaned with its database open.
 */
export function watchStopSignals(): {
  signal: () => NodeJS.Signals | null;
  arrived: Promise<void>;
  off: () => void;
} {
  let caught: NodeJS.Signals | null = null;
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((r) => (arrive = r));
  const offs = (['SIGINT', 'SIGTERM', 'SIGHUP'] as const).map((signal) => {
    const handler = () => {
      caught ??= signal;
      arrive();
    };
    process.on(signal, handler);
    return () => process.off(signal, handler);
  });
  return { signal: () => caught, arrived, off: () => offs.forEach((off) => off()) };
}
