import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';

// The one place the service worker runs (playwright.config.ts blocks it in journeys).
test.use({ serviceWorkers: 'allow' });

test('the app is installable, and pages a learner has opened keep working offline, navigation included', async ({
  page,
  context,
  guard,
}) => {
  await page.goto('/');
  // The service worker precaches every page before it activates: on a loaded machine that takes
  // a while, so wait for the state itself (serviceWorker.ready), bounded only by the test limit.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Visit the modes once online (the service worker now controls the page and caches them).
  await page.reload();

  // Installable as an app by Chromium's own criteria: it reads the manifest and its icons and
  // reports what, if anything, is missing.
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  expect(manifest.errors).toEqual([]);
  // A test browser context is incognito-like, which Chromium reports as "in-incognito"; every
  // other criterion (name, icons of 144 px and more, start_url, display, service worker) is
  // checked and reported too.
  const errors = async () =>
    (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
      .map((e) => e.errorId)
      .filter((id) => id !== 'in-incognito');
  await expect.poll(errors, HEAVY_LOAD).toEqual([]);
  await cdp.detach();

  // The mode links of the header: a page may link to a mode too (the path steps on /reflect).
  const modes = page.getByRole('navigation', { name: 'Modes' });
  for (const name of ['Learn', 'Practice', 'Reflect']) {
    await modes.getByRole('link', { name }).click();
    await expect(modes.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // Opened means loaded: /learn's first screen runs the opening failure, whose timeline code
    // and SQLite arrive after the text (a learner who leaves before that has not opened it).
    if (name === 'Learn') await expect(page.locator('[data-first-failure="ready"]')).toBeVisible();
  }
  // Opened means loaded: the mastery map and the review list read the records database, whose
  // code arrives after the text.
  await expect(page.locator('[data-mastery-ready]')).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('[data-reviews="ready"]')).toBeVisible();

  // The service worker tries the network first; offline, the browser logs that refusal.
  guard.allowConsole.push(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(true);
  await page.reload();
  await expect(
    page.getByRole('heading', { level: 1, name: /Lease takeover and fencing/ }),
  ).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Modes' })
    .getByRole('link', { name: 'Learn' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/learn$/);
  await page.goto('/reflect');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(false);
});

test('under the service worker, the Web Workers start and run, first from the network, then from its cache', async ({
  page,
}) => {
  await page.goto('/practice/claim-lab');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Twice: the first load puts the worker scripts in the cache, the reload takes them from it.
  // The lab's worker runs the program; Monaco's workers colour and check it.
  for (const load of ['first load', 'from the cache']) {
    if (load === 'from the cache') await page.reload();
    expect(await page.evaluate(() => !!navigator.serviceWorker.controller), load).toBe(true);
    await editorReady(page);
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('verdict'), load).toHaveText('pass', HEAVY_LOAD);
  }
});
