import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('.', import.meta.url)) } },
  test: {
    environment: 'node',
    testTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['lib/**/*.test.ts', 'content/**/*.test.ts', 'scripts/**/*.test.ts'],
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
