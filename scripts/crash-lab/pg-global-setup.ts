import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { labUrl, portInUse, startServer, stopServer } from './pg-server';

declare module 'vitest' {
  export interface ProvidedContext {
    pgPort: number;
    pgDir: string;
  }
}

/** The first free port of this worktree's range (CRASHLAB_PG_PORTS="5451-5459"), checked at run time. */
async function freePort(): Promise<number> {
  const [from, to] = (process.env.CRASHLAB_PG_PORTS ?? '5451-5459').split('-').map(Number);
  for (let port = from; port <= (to ?? from); port++) if (!(await portInUse(port))) return port;
  throw new Error(`no free port in ${from}-${to} for the test server`);
}

/** Starts one PostgreSQL for every *.pg.test.ts file of the run; the teardown always stops it. */
export default async function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), 'crashlab-pg-'));
  chmodSync(dir, 0o777);
  const port = await freePort();
  const teardown = async () => {
    await stopServer(dir).catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await startServer({ dir, port });
  } catch (error) {
    await teardown();
    throw error;
  }
  project.provide('pgPort', port);
  project.provide('pgDir', dir);
  process.env.CRASHLAB_TEST_PG_URL = labUrl(port);
  return teardown;
}
