// The browser the end-to-end suite drives, shared by playwright.config.ts and the page-load
// benchmark (scripts/bench-page-load.mjs), so the benchmark measures the flags the suite runs.
import { existsSync } from 'node:fs';

/**
 * Debian's Chromium headless shell (the same engine and version as its chromium package, and
 * what Playwright itself runs headless) uses about 13% less CPU than the full browser on this
 * suite; the full browser is the fallback. CHROMIUM_PATH overrides both.
 */
export const executablePath =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) =>
    existsSync(path),
  );

/** Flags for a browser on a machine with no network and no GPU, as the tests need it. */
export const BASE_ARGS = [
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
];

/**
 * WebAssembly compiled by V8's baseline compiler only. Every fresh context compiles the SQLite
 * WASM again (the records database opens on most pages, and the checker's and the claim lab's
 * workers each load it), and V8 then compiled the whole 688 kB module a second time with its
 * optimizing compiler on background threads: 899 ms in a trace of one load of `/`, which a test
 * rarely runs long enough to win back. What the app does is the same; a real browser keeps its
 * compiled code in the HTTP cache between visits. `npm run bench:page-load` compares the two;
 * the whole suite, idle: 692.7 -> 580.9 s of CPU, 6.6 -> 5.6 min (docs/testing.md).
 */
export const WASM_BASELINE_ONLY = '--js-flags=--liftoff-only';

/**
 * The browser's environment: the caller's, with a UTF-8 character locale when it has none. A
 * plain user's login shell on Debian often has no LANG (the POSIX locale), and Chromium then
 * cannot turn a file path with a character outside ASCII into bytes: a file picked by path (a
 * test's output folder is named after its title, which may hold a typographic apostrophe; a
 * checkout may sit under such a name) never reached the page. Found as `learner`: three imports
 * of `fuzz-doors.spec.ts` waited out their minute; reproduced as root with LC_ALL=C.
 */
export function testBrowserEnv(env = process.env) {
  const locale = env.LC_ALL || env.LC_CTYPE || env.LANG || '';
  return /utf-?8/i.test(locale) ? { ...env } : { ...env, LC_ALL: 'C.UTF-8' };
}

/** The flags the end-to-end suite launches its browser with. */
export const TEST_BROWSER_ARGS = [...BASE_ARGS, WASM_BASELINE_ONLY];
