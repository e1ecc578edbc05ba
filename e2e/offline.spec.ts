import { expect, test } from './fixtures';

test('pages a learner has opened keep working offline, navigation included', async ({
  page,
  context,
  guard,
}) => {
  await page.goto('/');
  await expect
    .poll(() =>
      page.evaluate(async () =>
        Boolean(await navigator.serviceWorker.getRegistration()?.then((r) => r?.active)),
      ),
    )
    .toBe(true);
  // Visit the modes once online (the service worker now controls the page and caches them).
  await page.reload();
  for (const name of ['Learn', 'Practice', 'Reflect']) {
    await page.getByRole('navigation', { name: 'Modes' }).getByRole('link', { name }).click();
    await expect(page.getByRole('link', { name, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

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
