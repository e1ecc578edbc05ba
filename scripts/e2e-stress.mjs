// npm run test:e2e:stress: the whole end-to-end suite while a CPU hog keeps every core busy.
// The hog is a child of this script: stopped when the suite ends, passes or fails, or when this
// script is interrupted. Extra arguments go to Playwright (e.g. a spec path).
import { spawn } from 'node:child_process';
import { availableParallelism, loadavg } from 'node:os';
import { startCpuHog } from './cpu-hog.mjs';

const cores = availableParallelism();
const stop = startCpuHog({ count: cores, maxMinutes: 30 });
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stop();
    process.exit(130);
  });
}
process.on('exit', stop);

console.log(
  `e2e-stress: ${cores} busy loops started; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const started = Date.now();
const suite = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit' });
suite.on('exit', (code, signal) => {
  stop();
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  console.log(
    `e2e-stress: suite ${code === 0 ? 'passed' : 'FAILED'} in ${minutes} min under load; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  process.exit(code ?? (signal ? 1 : 0));
});
