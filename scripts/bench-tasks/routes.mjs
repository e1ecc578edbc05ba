// What bench:tasks loads and does: every route of the static export (read from out/, so a new
// page is measured without an edit here), the state each page shows once it is ready, and the
// first learner action of each practice page, done the way a learner does it (roles and visible
// names) and ended on a state the app shows.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

const TIMEOUT = { timeout: 120_000 };

/** Every page of out/ (one case file and one path stand for their dynamic routes). */
export function exportedRoutes(root = 'out') {
  const routes = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== '_next') walk(path);
      } else if (name.endsWith('.html')) {
        const rel = relative(root, path).replace(/\.html$/, '');
        if (rel === '_not-found') continue;
        routes.push(rel === 'index' ? '/' : `/${rel}`);
      }
    }
  };
  walk(root);
  const seen = new Set();
  return routes.sort().filter((route) => {
    // A dynamic route's pages share one template: the first of each stands for the rest.
    const template = templateOf(route);
    if (seen.has(template)) return false;
    seen.add(template);
    return true;
  });
}

/** The route a page belongs to: a case file or a path stands for its dynamic route. */
export const templateOf = (path) =>
  path.replace(/^\/learn\/(case-files|paths)\/.+$/, '/learn/$1/[…]');

const status = (page, text) => page.getByRole('status').filter({ hasText: text }).first();
const editorReady = (page) =>
  page.locator('[data-testid="code-editor"][data-ready="true"]').first().waitFor(TIMEOUT);

/** The state a page shows once it is ready for the learner, beyond the network going idle. */
export const READY = {
  '/practice/claim-lab': editorReady,
  '/practice/sql-sandbox': editorReady,
  '/practice/timeline': (page) => status(page, /^Ready: \d+ events/).waitFor(TIMEOUT),
  '/practice/crash-lab': (page) =>
    page.getByTestId('run-status').filter({ hasText: 'queued' }).waitFor(TIMEOUT),
  '/learn/case-files/[…]': (page) => status(page, /^Ready: \d+ events/).waitFor(TIMEOUT),
};

/** The first learner action of each practice page, by the route it starts on. */
export const ACTIONS = {
  '/practice/claim-lab': {
    name: 'Run',
    act: async (page) => {
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.getByTestId('verdict').waitFor(TIMEOUT);
    },
  },
  '/practice/sql-sandbox': {
    name: 'Run',
    act: async (page) => {
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await status(page, /^Ran \d+ statements/).waitFor(TIMEOUT);
    },
  },
  '/practice/timeline': {
    name: 'pick a scenario, step',
    act: async (page) => {
      const picker = page.getByRole('combobox', { name: 'Scenario' });
      const values = await picker
        .locator('option')
        .evaluateAll((options) => options.map((o) => o.value));
      const now = await picker.inputValue();
      await picker.selectOption(values.find((v) => v !== now && v !== ''));
      await status(page, /^Ready: \d+ events/).waitFor(TIMEOUT);
      await page.getByRole('button', { name: 'Step forward' }).click();
      await status(page, /^Step 1 of/).waitFor(TIMEOUT);
    },
  },
  '/practice/compare': {
    name: 'Check every design',
    act: async (page) => {
      await page.getByRole('button', { name: 'Check every design' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /^(\d+) of \1 designs checked$/ })
        .waitFor(TIMEOUT);
    },
  },
  '/learn/case-files': {
    name: 'open a case',
    act: async (page) => {
      await page.getByRole('list', { name: 'Case files' }).getByRole('link').first().click();
      await status(page, /^Ready: \d+ events/).waitFor(TIMEOUT);
    },
  },
  '/practice/crash-lab': {
    name: 'Start a worker',
    act: async (page) => {
      await page.getByRole('checkbox', { name: 'Step by step' }).check();
      await page.getByRole('button', { name: 'Start a worker' }).click();
      await page
        .getByRole('listitem', { name: 'worker-1', exact: true })
        .and(page.locator('[data-paused="collect"]'))
        .waitFor(TIMEOUT);
    },
  },
};
