import { defineConfig, devices } from '@playwright/test';
import { existsSync } from 'node:fs';

const PORT = Number(process.env.E2E_PORT ?? 4173);
// Debian's Chromium headless shell (the same engine and version as its chromium package, and
// what Playwright itself runs headless) uses about 13% less CPU than the full browser on this
// suite; the full browser is the fallback.
const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) =>
    existsSync(path),
  );

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
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // No host name resolves, so a request to another host fails at once in the browser
        // (e2e/fixtures.ts's guard reports it and fails the test); the app is on 127.0.0.1.
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
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
