import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

// The page's clock is the test's: it stands still at a known instant and moves only when the test
// moves it, so "just now" and "3 minutes ago" are facts of the test, not of the machine's speed.
const START = new Date('2026-12-04T19:31:17Z');

/** The exact time a <time> shows on hover and keyboard focus, drawn from its title by CSS. */
async function tooltipOnFocus(page: Page, time: Locator): Promise<string> {
  // A keyboard learner: the last input was a key, so focus is shown (:focus-visible).
  await page.keyboard.press('Shift');
  await time.focus();
  await expect(time).toBeFocused();
  return time.evaluate((el) => {
    const after = getComputedStyle(el, '::after');
    return after.display === 'none' ? '' : after.content;
  });
}

async function startAt(page: Page, path: string) {
  await page.clock.install({ time: START.getTime() - 60_000 });
  await page.goto(path);
  await page.clock.pauseAt(START);
}

test('a saved answer says how long ago it was saved, and its exact time on hover and focus', async ({
  page,
}) => {
  await startAt(page, '/reflect');
  await page
    .getByRole('textbox', { name: 'Your answer: Main question' })
    .fill('The fencing token stops worker A.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  const saved = page.getByRole('status').filter({ hasText: 'Saved as version 1' });
  await expect(saved).toHaveText('Saved as version 1 just now.');
  const entry = page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
  await expect(entry).toContainText('saved just now');

  const time = entry.locator('time');
  await expect(time).toHaveAttribute('datetime', START.toISOString());
  const exact = await time.getAttribute('title');
  expect(exact).toMatch(/^\d{1,2} Dec 2026, \d{2}:\d{2}:17$/);
  expect(await tooltipOnFocus(page, time)).toBe(JSON.stringify(exact));

  // Three minutes later, without a reload, every place says so.
  await page.clock.fastForward('03:00');
  await expect(entry).toContainText('saved 3 minutes ago');
  await expect(saved).toHaveText('Saved as version 1 3 minutes ago.');
  // The exact time does not move.
  await expect(time).toHaveAttribute('title', exact!);
});

test('a self-assessment rating says when it was given, here and on the progress list', async ({
  page,
}) => {
  await startAt(page, '/reflect/self-assessment');
  const group = page.getByRole('group', { name: 'Intermediate standard' });
  await group.getByRole('radio', { name: 'Partly' }).check();
  // The rating saves itself after a short pause in the learner's changes.
  await page.clock.runFor('00:03');
  await expect(group.getByText('Last rated partly just now')).toBeVisible();

  await page.clock.fastForward('02:00:00');
  await expect(group.getByText('Last rated partly 2 hours ago')).toBeVisible();
  const overTime = page.getByRole('list', { name: 'Ratings over time: Intermediate standard' });
  await expect(overTime).toContainText('Partly (2 hours ago)');
  await expect(overTime.locator('time')).toHaveAttribute(
    'datetime',
    /^2026-12-04T19:31:(1[7-9]|20)/,
  );
});
