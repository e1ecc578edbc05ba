// Starts the app's static server (scripts/serve.mjs, serving out/) as a child process for the
// benchmarks that drive a browser, and waits until it listens. One home for the spawn and the
// wait, shared by bench:page-load and bench:claim-lab.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SERVE = fileURLToPath(new URL('./serve.mjs', import.meta.url));

/**
 * Serves out/ (or SERVE_ROOT in `env`) on 127.0.0.1:port; port 0 lets the OS pick a free one.
 * Resolves once the server says it listens, with its base URL and a stop function that resolves
 * when it has exited. Rejects with one sentence, holding the server's own message, when it exits
 * first (the port is taken, out/ is missing) or has not listened within 10 s; a server that did
 * not start is never left running.
 * @param {number} port
 * @param {Record<string, string | undefined>} [env]
 * @returns {Promise<{ base: string, stop: () => Promise<void> }>}
 */
export function startStaticServer(port, env = process.env) {
  const child = spawn(process.execPath, [SERVE], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill();
    await exited;
  };
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    let stdout = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the static server on port ${port} did not listen within 10 s`));
    }, 10_000);
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      const listening = /localhost:(\d+)/.exec(stdout)?.[1];
      if (listening === undefined) return;
      clearTimeout(timer);
      // From here on its output is passed through, never left to fill a pipe.
      child.stdout.removeAllListeners('data');
      child.stdout.pipe(process.stdout);
      child.stderr.removeAllListeners('data');
      child.stderr.pipe(process.stderr);
      resolve({ base: `http://127.0.0.1:${listening}`, stop });
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      const said = stderr.trim().split('\n')[0] || 'no message';
      reject(
        new Error(
          `the static server for port ${port} exited (${signal ?? `exit ${code}`}) before it listened: ${said}`,
        ),
      );
    });
  });
}
