import { defineConfig, devices } from '@playwright/test';
import { executablePath, TEST_BROWSER_ARGS, testBrowserEnv } from './scripts/test-browser.mjs';

const PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  // Limits on waiting for states the app exposes, sized for a loaded 2-core machine (the stress
  // run keeps both cores busy). No test passes by waiting out a timer.
  timeout: 120_000,
  expect: { timeout: 30_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // Recording a trace snapshots the DOM at every action: about a fifth of the suite's CPU time
    // (measured on shell.spec.ts: 75.7 s with traces kept on failure, 61.2 s without). CI keeps
    // no artifacts, so no trace is recorded; to debug a failure locally, rerun it with
    // `npx playwright test <spec> --trace on` and open the trace with `npx playwright show-trace`.
    trace: 'off',
    // Each test is a fresh browser profile, where the service worker would precache every page
    // and route payload (about 300 requests) while the test runs: 40% of the suite's CPU time on
    // this machine. Journeys run without it; e2e/offline.spec.ts runs with it (offline pages,
    // installability, and the Web Workers it serves from its cache).
    serviceWorkers: 'block',
    ...devices['Desktop Chrome'],
    launchOptions: {
      executablePath,
      // scripts/test-browser.mjs: the flags, and why each one.
      args: TEST_BROWSER_ARGS,
      env: testBrowserEnv(),
    },
  },
  webServer: {
    command: 'node scripts/serve.mjs',
    url: `http://127.0.0.1:${PORT}/`,
    env: { PORT: String(PORT), HOST: '127.0.0.1' },
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
});
