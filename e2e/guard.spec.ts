import { expect, freshStorage, test } from './fixtures';

// The fixture's guard is what fails a test on a request to another origin. A guard that misses
// one would let every spec pass: these tests send such requests on purpose and check that the
// guard holds each one as a problem (a problem fails the test when it ends), then clear them.
// The host never resolves (playwright.config.ts), so nothing leaves the machine.
const OFF = 'http://guard-probe.invalid';

test.describe('with the page policy bypassed, so the browser sends the requests', () => {
  test.use({ bypassCSP: true });

  test('a fetch, a Web Worker fetch and a navigation to another origin each fail the test', async ({
    page,
    guard,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(async (off) => {
      await fetch(`${off}/page-fetch`).catch(() => undefined);
      const source = `fetch('${off}/worker-fetch').catch(() => undefined).then(() => postMessage('done'));`;
      const worker = new Worker(
        URL.createObjectURL(new Blob([source], { type: 'text/javascript' })),
      );
      await new Promise((resolve) => (worker.onmessage = resolve));
    }, OFF);
    await page.evaluate((off) => {
      const link = Object.assign(document.createElement('a'), { href: `${off}/navigation` });
      document.body.append(link);
      link.click();
    }, OFF);
    await expect
      .poll(() => guard.problems.filter((p) => p.startsWith('off-origin request:')))
      .toEqual([
        `off-origin request: ${OFF}/page-fetch`,
        `off-origin request: ${OFF}/worker-fetch`,
        `off-origin request: ${OFF}/navigation`,
      ]);
    guard.problems.length = 0;
  });
});

test('under the page policy, a refused off-origin fetch fails the test as a console error', async ({
  page,
  guard,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate((off) => fetch(`${off}/refused`).catch(() => undefined), OFF);
  await expect
    .poll(() => guard.problems)
    .toContainEqual(expect.stringMatching(/^console error: .*Content Security Policy/));
  guard.problems.length = 0;
});

// Merged tests start their steps from freshStorage: a step that kept the step before's storage
// would pass or fail for the wrong reason.
test('freshStorage leaves a first visit: no local, session, cookie or IndexedDB data of the step before', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const planted = () =>
    page.evaluate(
      () =>
        new Promise<string[]>((resolve) => {
          const open = indexedDB.open('lease-lab');
          open.onsuccess = () => {
            const stores = [...open.result.objectStoreNames];
            open.result.close();
            resolve([
              ...Object.keys(localStorage).filter((key) => key.startsWith('step-before')),
              ...Object.keys(sessionStorage).filter((key) => key.startsWith('step-before')),
              ...document.cookie.split('; ').filter((cookie) => cookie.startsWith('step-before')),
              ...stores.filter((name) => name === 'step-before'),
            ]);
          };
        }),
    );
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        localStorage.setItem('step-before.local', '1');
        sessionStorage.setItem('step-before.session', '1');
        document.cookie = 'step-before.cookie=1; path=/';
        const version = Date.now();
        const open = indexedDB.open('lease-lab', version);
        open.onupgradeneeded = () => open.result.createObjectStore('step-before');
        open.onsuccess = () => {
          open.result.close();
          resolve();
        };
      }),
  );
  expect(await planted()).toEqual([
    'step-before.local',
    'step-before.session',
    'step-before.cookie=1',
    'step-before',
  ]);
  await freshStorage(page);
  expect(await planted()).toEqual([]);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await planted()).toEqual([]);
});
