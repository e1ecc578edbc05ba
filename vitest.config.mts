import { defineConfig } from 'vitest/config';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    environment: 'node',
    // A limit, not a measure: the longest single unit test takes about 2 s alone, but several
    // (search.test, records/outbox, claim-lab, crashlab/lab) passed 30 s at load 20 on two cores
    // with the lead and three helpers beside them. No test asserts on time.
    testTimeout: 120_000,
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core machine. Many
    // files here mostly wait (real CLI processes, a lease running out, PostgreSQL), so one fork
    // more than the cores keeps both busy: the crash lab's 13 files took 194 s of wall time with
    // one fork and 135 s with three, at about the same CPU time (83 and 78 s; docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Files share a fork's modules instead of importing everything again per file (sql.js and
          // its WASM, zod, fast-check, the lesson's content): lib/, content/ and components/, 114
          // files, 239.1 -> 108.9 s of CPU at load 22-36, all 947 tests passing both ways
          // (docs/testing.md). No test file here relies on a fresh module graph: the few that
          // patch a global (fake timers, JSON.parse spied) restore it.
          isolate: false,
          include: [
            'lib/**/*.test.ts',
            'content/**/*.test.ts',
            'scripts/**/*.test.ts',
            'components/**/*.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.pg.test.ts'],
        },
      },
      {
        // One embedded PostgreSQL for the whole run, started only when these tests are selected
        // and stopped (its folder removed) in the global teardown, even when a test fails.
        extends: true,
        test: {
          name: 'postgres',
          include: ['scripts/**/*.pg.test.ts'],
          globalSetup: ['scripts/crash-lab/pg-global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
