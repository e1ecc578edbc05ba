// A bounded CPU hog: one busy loop per core, so the machine is as loaded as a shared CI box.
// Each loop ends by itself after a deadline and as soon as its parent is gone, so a hog can
// never outlive the run that started it. startCpuHog() returns a stop function.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const SELF = fileURLToPath(import.meta.url);

/**
 * Starts `count` busy-loop child processes (one per core by default), each stopping on its own
 * after `maxMinutes`. Returns a function that kills them all at once.
 */
export function startCpuHog({ count = availableParallelism(), maxMinutes = 30 } = {}) {
  const children = Array.from({ length: count }, () =>
    fork(SELF, ['--spin', String(maxMinutes), String(process.pid)], { stdio: 'ignore' }),
  );
  let stopped = false;
  return function stop() {
    if (stopped) return;
    stopped = true;
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  };
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function spin(maxMinutes, parent) {
  const deadline = Date.now() + maxMinutes * 60_000;
  let n = 0;
  for (;;) {
    n += 1;
    // Every few million turns: stop at the deadline or when the parent has died (orphaned).
    if ((n & 0x3fffff) === 0 && (Date.now() > deadline || !alive(parent))) process.exit(0);
  }
}

// The parent's pid comes as an argument: under load the parent may be gone before this starts.
if (process.argv[2] === '--spin') spin(Number(process.argv[3]) || 30, Number(process.argv[4]));
