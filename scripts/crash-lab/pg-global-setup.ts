import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { labUrl, portInUse, removeServer, startServer } from './pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgPort: number;
    pgDir: string;
  }
}

/** The port range of this checkout's test servers (CRASHLAB_PG_PORTS="5451-5459"). */
export function testPortRange(): [number, number] {
  const [from, to] = (process.env.CRASHLAB_PG_PORTS ?? '5451-5459').split('-').map(Number);
  return [from, to ?? from];
}

/**
 * Starts a server on the first port of the range that is free, and returns it. A probe and the
 * server's bind are two steps: a second run started at the same moment (two checkouts, a stress
 * run beside CI) can probe the same port free and bind it first. A start that fails while its
 * port is now taken moves on to the next port; any other failure is the caller's.
 */
export async function startOnFreePort(
  start: (port: number) => Promise<unknown>,
  range: [number, number] = testPortRange(),
): Promise<number> {
  const [from, to] = range;
  for (let port = from; port <= to; port++) {
    if (await portInUse(port)) continue;
    try {
      await start(port);
      return port;
    } catch (error) {
      if (!(await portInUse(port))) throw error;
    }
  }
  throw new Error(
    `no free port in ${from}-${to} for the test server; set CRASHLAB_PG_PORTS to a free range, e.g. CRASHLAB_PG_PORTS=5461-5469`,
  );
}

/**
 * A setup failure Vitest shows as just its line: the line says what to do, and a stack trace
 * of the setup file would only bury it.
 */
function oneLine(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  const failure = new Error(`the PostgreSQL test server could not start: ${message}`);
  failure.stack = failure.message;
  return failure;
}

/** Starts one PostgreSQL for every *.pg.test.ts file of the run; the teardown always stops it. */
export default async function setup(project: TestProject) {
  let dir: string | null = null;
  const teardown = async () => {
    if (dir) await removeServer(dir);
  };
  try {
    dir = mkdtempSync(join(tmpdir(), 'crashlab-pg-'));
    const scratch = dir;
    const port = await startOnFreePort((candidate) =>
      startServer({ dir: scratch, port: candidate, scratch: true }),
    );
    project.provide('pgPort', port);
    project.provide('pgDir', dir);
    process.env.CRASHLAB_TEST_PG_URL = labUrl(port);
  } catch (error) {
    await teardown();
    throw oneLine(error);
  }
  return teardown;
}
