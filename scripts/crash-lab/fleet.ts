import { spawn, type ChildProcess } from 'node:child_process';
import { EXIT } from './exit-codes';
import { table } from './format';
import { CLI_ENTRY, REPO_ROOT } from './paths';
import type { QueueValues } from './queue-args';

/** The options a worker process inherits from the command that starts it. */
export function workerArgs(
  values: QueueValues,
  owner: string,
  history: string | undefined,
): string[] {
  const pass = ['database', 'publisher', 'lease-seconds', 'step-ms'] as const;
  const args = ['_worker', '--owner', owner, '--quiet'];
  for (const name of pass)
    if (typeof values[name] === 'string') args.push(`--${name}`, values[name] as string);
  if (history) args.push('--history', history);
  return args;
}

/** Starts this CLI again as a worker process (same Node, same loader or bundle), optionally with an IPC channel. */
export function spawnWorker(
  args: string[],
  options: { ipc?: boolean; env?: Record<string, string> } = {},
): ChildProcess {
  return spawn(process.execPath, [...process.execArgv, CLI_ENTRY, ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...options.env },
    stdio: options.ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'],
  });
}

export interface Exited {
  code: number;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export function collect(child: ChildProcess): Promise<Exited> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (c) => (stdout += c));
  child.stderr?.on('data', (c) => (stderr += c));
  return new Promise((done) =>
    child.on('close', (code, signal) => done({ code: code ?? 128, signal, stdout, stderr })),
  );
}

/** `run --workers N`: N worker processes claim runs from the queue until every run is final. */
export async function runWorkerFleet(options: {
  values: QueueValues;
  workers: number;
  history?: string;
  print: (l: string) => void;
}): Promise<number> {
  const started = Date.now();
  const results = await Promise.all(
    Array.from({ length: options.workers }, (_, i) =>
      collect(spawnWorker(workerArgs(options.values, `worker-${i + 1}`, options.history))),
    ),
  );
  options.print(
    table(
      ['worker', 'exit code', 'last line'],
      results.map((r, i) => [
        `worker-${i + 1}`,
        r.code,
        (r.stdout.trim().split('\n').pop() ?? '') || r.stderr.trim().split('\n').pop() || '',
      ]),
    ),
  );
  options.print(
    `${options.workers} workers finished in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  return results.every((r) => r.code === EXIT.ok) ? EXIT.ok : EXIT.failed;
}
