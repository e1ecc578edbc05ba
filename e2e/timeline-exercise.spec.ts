import type { Page } from '@playwright/test';
import { expect, freshStorage, test } from './fixtures';

async function mark(
  page: Page,
  write: string,
  choice: 'Applied' | 'Refused' | 'Duplicate' | 'Unknown to the caller',
) {
  await page
    .getByRole('group', { name: write, exact: true })
    .getByRole('radio', { name: choice, exact: true })
    .check();
}

/** A first visit's storage, then /practice/timeline at scenario 1, ready to run. */
async function openTimeline(page: Page) {
  await freshStorage(page);
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
}

// The timeline's exercise, its builder and its links were six tests, each paying a fresh context
// and a first load of the page (its bundles and the SQLite WASM compiled again). They share one
// page as the steps of one test, and each step starts as its test did: a first visit's storage
// (freshStorage: no records, no saved scenario) and a fresh load of /practice/timeline at
// scenario 1 (the damaged link then arrives in that page, as its test's did). The share link opens
// in a second tab, closed at the step's end; the 390 px step puts the window back to 1280 × 720.
test('the timeline exercise: predictions scored, steps announced, built scenarios shared and saved, a phone-width drawing, a damaged link refused', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(6 * 120_000);
  await test.step('scenario 1: A’s submit predicted refused and B’s applied, run to the end: full marks, 0 rows on A’s commit', async () => {
    await openTimeline(page);
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('lib:acceptance');
    await mark(page, 'A claims the run', 'Applied');
    await mark(page, 'B claims the run', 'Applied');
    await mark(page, 'A submits (finish)', 'Refused');
    await mark(page, 'B submits (finish)', 'Applied');
    await page.getByRole('button', { name: 'Run to end' }).click();

    await expect(page.getByRole('heading', { name: 'Score: 4 / 4 · Full marks' })).toBeVisible();
    const aCommit = page.getByRole('row').filter({ hasText: 'A submits (finish)' });
    await expect(aCommit).toContainText('refused, 0 rows: owner, fence');
    await expect(aCommit).toContainText("0 rows changed: A's finish was refused");
    await expect(page.getByRole('row').filter({ hasText: 'B submits (finish)' })).toContainText(
      'applied, 1 row',
    );
    await expect(page.getByText('Result saved in your records.')).toBeVisible();
    // What the scenario shows: the steps it turns on, in the step view's words (issue 38).
    const turns = page
      .getByRole('region', { name: 'What this scenario shows' })
      .getByRole('list', { name: 'The steps it turns on' });
    await expect(turns.getByRole('listitem')).toHaveCount(3);
    const aTurn = turns.getByRole('listitem').nth(1);
    await expect(aTurn).toContainText('t=7 A submits (finish)');
    await expect(aTurn).toContainText(
      "refused, 0 rows: owner, fence: 0 rows changed: A's finish was refused: the owner is B, not A; the fence is 2, A holds 1.",
    );
    await page.screenshot({ path: 'test-results/timeline-scenario-1-run.png', fullPage: true });
  });
  await test.step('stepping announces each step in the live region, forward and back', async () => {
    await openTimeline(page);
    const live = page.getByRole('status').filter({ hasText: /Step|Ready/ });
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(live).toContainText('Step 1 of 8, t=0: A claims the run: applied, 1 row');
    await page.getByRole('button', { name: 'Step forward' }).click();
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(live).toContainText('Step 3 of 8, t=0: Time moves 6 s');
    await page.getByRole('button', { name: 'Step back' }).click();
    await expect(live).toContainText('Step 2 of 8, t=0: A pauses');
    await expect(page.getByRole('row', { name: /A submits \(finish\)/ })).toContainText(
      'not run yet',
    );
  });
  await test.step('a scenario built by the learner, shared as a link, opens in a fresh page with the same trace', async () => {
    await openTimeline(page);
    await page.getByRole('button', { name: 'Build your own' }).click();
    await page.getByRole('button', { name: 'Remove event 8' }).click();
    await page
      .getByRole('combobox', { name: 'New event' })
      .selectOption({ label: 'Renew (heartbeat)' });
    await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOption('A');
    await page.getByRole('button', { name: 'Add event' }).click();
    await page.getByRole('combobox', { name: 'New event' }).selectOption({ label: 'Advance time' });
    await page.getByRole('spinbutton', { name: 'Seconds to advance' }).fill('5');
    await page.getByRole('button', { name: 'Add event' }).click();
    await page
      .getByRole('combobox', { name: 'New event' })
      .selectOption({ label: 'Submit (finish)' });
    await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOption('B');
    await page.getByRole('button', { name: 'Add event' }).click();
    await page.getByRole('button', { name: 'Move event 10 up' }).click();
    await expect(page.getByRole('list', { name: 'Events' }).getByRole('listitem')).toHaveCount(10);

    await page.getByRole('button', { name: 'Share link' }).click();
    const link = await page.getByRole('textbox', { name: 'Link to this scenario' }).inputValue();
    expect(link).toMatch(/\/practice\/timeline#[A-Za-z0-9_-]+$/);
    await page.getByRole('button', { name: 'Run to end' }).click();
    const trace = await page.getByRole('table').innerText();
    expect(trace).toContain('B submits (finish)');
    expect(trace).toContain('A renews its lease (heartbeat)');

    const fresh = await page.context().newPage();
    const errors: string[] = [];
    fresh.on('pageerror', (e) => errors.push(e.message));
    fresh.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await fresh.goto(link);
    await expect(fresh.getByRole('combobox', { name: 'Scenario' })).toContainText(
      'My version of: The acceptance sequence',
    );
    await expect(fresh.getByRole('status').filter({ hasText: 'Ready: 10 events' })).toBeVisible();
    await fresh.getByRole('button', { name: 'Run to end' }).click();
    expect(await fresh.getByRole('table').innerText()).toBe(trace);
    expect(errors).toEqual([]);
    await fresh.close();
  });
  await test.step('a built scenario is saved in the browser and can be picked again after a reload', async () => {
    await openTimeline(page);
    await page.getByRole('button', { name: 'Build your own' }).click();
    await page.getByRole('textbox', { name: 'Scenario title' }).fill('Two pauses');
    await page.getByRole('button', { name: 'Remove event 1' }).click();
    await page.getByRole('button', { name: 'Save scenario' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Saved “Two pauses” in this browser.' }),
    ).toBeVisible();
    await page.reload();
    const picker = page.getByRole('combobox', { name: 'Scenario' });
    await picker.selectOption({ label: 'Two pauses' });
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 7 events' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete saved scenario' }).click();
    await expect(picker.getByRole('option', { name: 'Two pauses', exact: true })).toHaveCount(0);
  });
  await test.step('at 390 px wide the scored page shows the drawing as a region the keyboard can scroll', async () => {
    await openTimeline(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: /Score: 0 \/ 4/ })).toBeVisible();
    const drawing = page.getByRole('region', { name: 'Timeline drawing' });
    await drawing.focus();
    await expect(drawing).toBeFocused();
    await page.setViewportSize({ width: 1280, height: 720 });
  });
  await test.step('a damaged or hostile link is refused with a message, and scenario 1 is shown', async () => {
    await openTimeline(page);
    await page.goto('/practice/timeline#%3Cscript%3Ealert(1)%3C%2Fscript%3E');
    await expect(page.getByRole('alert').filter({ hasText: 'The link is damaged' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Scenario' })).toHaveValue('lib:acceptance');
  });
});
