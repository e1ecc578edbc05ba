import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { storedJournal } from './journal-fixture';
import { longTasksSince, recordLongTasks, type LongTask } from './long-tasks';

// Issue 41: the journal's load must not grow with its history on the page's main thread. A
// journal of 10,000 versions of one answer, made by the app's own store (e2e/journal-fixture.ts)
// and planted before the page loads, is read in slices and its history drawn a batch at a time:
// the load of /reflect holds no task of 200 ms more than the load of an empty journal. Before the
// fix the page read every part in one task and drew a picker option per version, each numbered
// by a search of the whole history.

// Playwright's trace snapshots the DOM in the page's main thread at every action.
test.use({ trace: 'off' });

const VERSIONS = 10_000;

/** Plants `items` in localStorage before the app's first script, once per test. */
async function plant(page: Page, items: Record<string, string>) {
  await page.addInitScript((planted) => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', '1');
    for (const [key, value] of Object.entries(planted)) localStorage.setItem(key, value);
  }, items);
}

const longest = (tasks: readonly LongTask[]) => Math.max(0, ...tasks.map((t) => t.duration));

/** Loads /reflect and waits until the journal is read and its history shown. */
async function loadReflect(page: Page, versions: number): Promise<number> {
  await recordLongTasks(page);
  await page.goto('/reflect');
  await expect(page.locator('[data-journal="ready"]')).toBeVisible({ timeout: 90_000 });
  await expect(
    page.getByRole('heading', {
      name: `History (${versions} ${versions === 1 ? 'version' : 'versions'})`,
    }),
  ).toBeVisible();
  return longest(await longTasksSince(page, 0));
}

test('a journal of 10,000 versions adds no main-thread task of 200 ms to the load of /reflect', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const full = page;
  const baseline = await loadReflect(page, 0);
  {
    await plant(full, storedJournal(VERSIONS, 1));
    const loaded = await loadReflect(full, VERSIONS);
    const line = `longest main-thread task: ${Math.round(baseline)} ms with an empty journal, ${Math.round(loaded)} ms with ${VERSIONS.toLocaleString('en-US')} versions`;
    console.log(`[journal-load] ${line}`);
    test.info().annotations.push({ type: 'longest task', description: line });
    expect(loaded - baseline, line).toBeLessThan(200);
    // The history is drawn a batch at a time: the newest 30, then more on request.
    const versions = full.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
    await expect(versions).toHaveCount(30);
    await expect(versions.first()).toContainText(`Version ${VERSIONS}`);
    await full.getByRole('button', { name: /^Show 200 older versions/ }).click();
    await expect(versions).toHaveCount(230);
    // The newest version is in the editor, and saving adds version 10,001 at once.
    const answer = full.getByRole('textbox', { name: 'Your answer: Main question' });
    await answer.fill('Written after ten thousand versions.');
    await full.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(
      full.getByRole('heading', { name: `History (${VERSIONS + 1} versions)` }),
    ).toBeVisible();
    expect(longest(await longTasksSince(full, 0))).toBeLessThan(baseline + 200);
  }
});
