import axe from 'axe-core';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { stopLongTaskRecording } from './long-tasks';

/** Problems a page must never show: console errors, uncaught errors, requests to other hosts. */
interface PageGuard {
  problems: string[];
  /**
   * Console errors and failed requests matching these are expected by the test (a 404 page logs
   * its own 404; an offline test sees the network refuse).
   */
  allowConsole: RegExp[];
  /**
   * Off-origin requests matching these are expected by the test: hostile-sandbox.spec.ts lets a
   * learner's program try its second server, which counts what reaches it.
   */
  allowRequests: RegExp[];
}

const ALLOWED_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/**
 * A `page` that fails the test on any console error, any uncaught page or worker error, and any
 * request to a host other than the app's own.
 *
 * Off-origin requests are seen, not routed: the context's `request` event fires for every request
 * a page, a frame or a Web Worker of the test's context sends (e2e/guard.spec.ts shows each one
 * failing a test). Routing every request through `context.route` did the same and also turned
 * off the browser's HTTP cache for the whole context (Playwright disables it while requests are
 * intercepted), so every reload and navigation of a test fetched and compiled Monaco and the
 * SQLite WASM again: 6-10% of the CPU time of the specs that reload (docs/testing.md). Nothing
 * leaves the machine: the browser resolves no host name (`--host-resolver-rules` in
 * playwright.config.ts), and the app's Content-Security-Policy refuses other origins, a refusal
 * the console guard reports.
 */
export const test = base.extend<{ guard: PageGuard; longTaskTrace: void }>({
  // A long-task trace (e2e/long-tasks.ts) ends with its test, never slowing the next one.
  longTaskTrace: [
    async ({ browser }, use) => {
      await use();
      await stopLongTaskRecording(browser);
    },
    { auto: true },
  ],
  guard: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const guard: PageGuard = { problems: [], allowConsole: [], allowRequests: [] };
      page.context().on('request', (request) => {
        const url = new URL(request.url());
        if (ALLOWED_SCHEMES.has(url.protocol) || url.origin === origin) return;
        if (guard.allowRequests.some((pattern) => pattern.test(url.href))) return;
        guard.problems.push(`off-origin request: ${url.href}`);
      });
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        if (guard.allowConsole.some((pattern) => pattern.test(message.text()))) return;
        guard.problems.push(`console error: ${message.text()}`);
      });
      page.on('pageerror', (error) =>
        guard.problems.push(
          `page error: ${error.message}\n${(error.stack ?? '').split('\n').slice(1, 4).join('\n')}`,
        ),
      );
      page.on('worker', (worker) => {
        worker.on('console', (message) => {
          if (message.type() === 'error')
            guard.problems.push(`worker console error: ${message.text()}`);
        });
      });
      page.on('requestfailed', (request) => {
        const url = new URL(request.url());
        if (url.origin === origin) {
          const failure = request.failure()?.errorText ?? '';
          // Navigations cancelled by the next navigation are not failures of the app.
          if (failure.includes('ERR_ABORTED') || guard.allowConsole.some((p) => p.test(failure)))
            return;
          guard.problems.push(`failed request: ${url.pathname} ${failure}`);
        }
      });
      await use(guard);
      expect(guard.problems, 'console errors, page errors or off-origin requests').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * How long a heavy island (Monaco, a WASM engine) may take to load on a busy machine. It is a
 * ceiling on waiting for a state the page exposes, never a pause: a test goes on the moment the
 * state is reached.
 */
export const HEAVY_LOAD = { timeout: 60_000 };

/**
 * Waits until the code editor has mounted Monaco with its model (`data-ready="true"` on the
 * editor's wrapper). The generous limit counts from when the editor's placeholder is on the page,
 * that is, from when loading starts.
 */
export async function editorReady(scope: Page | Locator): Promise<Locator> {
  const editor = scope.getByTestId('code-editor').first();
  await expect(editor).toBeAttached();
  await expect(editor).toHaveAttribute('data-ready', 'true', HEAVY_LOAD);
  return editor;
}

/** Every route of the static export, read from out/ so new pages are covered automatically. */
export function exportedRoutes(): string[] {
  const root = join(process.cwd(), 'out');
  const routes: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '_next') walk(path);
      } else if (name.endsWith('.html')) {
        const rel = relative(root, path).replace(/\.html$/, '');
        if (rel === '404' || rel === '_not-found') continue;
        routes.push(rel === 'index' ? '/' : `/${rel.replace(/\/index$/, '')}`);
      }
    }
  };
  walk(root);
  return routes.sort();
}

/**
 * Expects the page not to scroll sideways at its viewport's width (390 px on a phone): neither
 * the document nor the body is wider than the screen, so wide code, tables and drawings scroll
 * inside their own boxes. A failure names `what` and the first elements reaching past the edge.
 */
export async function expectNoSidewaysScroll(page: Page, what = 'the page'): Promise<void> {
  const screen = page.viewportSize()?.width;
  if (!screen) throw new Error('expectNoSidewaysScroll needs a viewport size');
  const widths = await page.evaluate(
    (edge) => ({
      document: document.documentElement.scrollWidth,
      body: document.body.scrollWidth,
      wide: [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > edge + 1)
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${el.className.toString().slice(0, 60)}`),
    }),
    screen,
  );
  const culprits = widths.wide.join(' | ');
  expect(widths.document, `${what} is ${widths.document} px wide: ${culprits}`).toBeLessThanOrEqual(
    screen,
  );
  expect(widths.body, `${what}'s body is ${widths.body} px wide: ${culprits}`).toBeLessThanOrEqual(
    screen,
  );
}

/** The WCAG 2.1 A and AA rules, and those of them whose result depends on the theme's colours. */
const AXE_RULES = {
  all: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
  colours: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
} as const;

/**
 * Runs axe and returns the serious and critical violations, described for a failure message:
 * every WCAG 2.1 A and AA rule, or only those that depend on colours (what a second scan of the
 * same page in the other theme needs to run again).
 *
 * axe runs in the page itself, injected once per page (the app has no frames to merge), and only
 * the violations are detailed (`resultTypes`) and sent back, as the lines a failure shows.
 * @axe-core/playwright injected axe's 550 kB again for every scan and returned every result of
 * every node, passes included, serialized to Node: 2.9-3.1 s of CPU for a light and a dark scan
 * of /learn, against 1.5-1.9 s this way (browser and test processes counted).
 */
export async function seriousViolations(
  page: Page,
  scope: keyof typeof AXE_RULES = 'all',
): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (runOnly) => {
    const { axe: inPage } = window as unknown as { axe: typeof axe };
    // Colours read in the middle of a transition are neither theme's (a card's text fading to
    // the dark theme's colour failed color-contrast): scan the colours the page settles on.
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((transition) => transition.finished.catch(() => undefined)),
    );
    const results = await inPage.run(document, {
      runOnly: { type: runOnly.type, values: [...runOnly.values] },
      resultTypes: ['violations'],
    });
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id} (${v.impact}): ${v.help} — ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }, AXE_RULES[scope]);
}

/**
 * Gives a step of a merged test a first visit's storage, in the same page. Steps that each were a
 * test of their own share one page, so the app's scripts are compiled once per renderer instead of
 * once per fresh context (about 1 s of CPU a test on this machine). The page first leaves the app
 * for a same-origin document that runs no script (the web manifest), so whatever the app writes as
 * it unloads has landed; then the origin's storage is cleared: local and session storage,
 * IndexedDB (the records database, the journal), caches and cookies. A step may plant storage with
 * `page.evaluate` while the page is still on that document, then load the app.
 */
export async function freshStorage(page: Page): Promise<void> {
  await page.goto('/manifest.webmanifest');
  await page.evaluate(() => sessionStorage.clear());
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(page.url()).origin,
      storageTypes: 'all',
    });
  } finally {
    await cdp.detach();
  }
}

/**
 * Reloads once the lesson's records are stored: answers show at once and are written to
 * IndexedDB in the background, and the page marks <html data-saving> until the write lands.
 */
export async function reloadWhenSaved(page: Page): Promise<void> {
  await whenSaved(page);
  await page.reload();
}

/**
 * Waits until the lesson's records are stored (no <html data-saving>): before a navigation that
 * leaves the page, as a reload would, the write must have landed.
 */
export async function whenSaved(page: Page): Promise<void> {
  await expect(page.locator('html:not([data-saving])')).toHaveCount(1);
}
