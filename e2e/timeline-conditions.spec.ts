import type { Page } from '@playwright/test';
import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, expectNoSidewaysScroll, freshStorage, test } from './fixtures';

/*
 * The learner picks the finish's conditions from the rulebook's catalogue (issue 26). In the
 * short example A claims, pauses past its lease, B takes the run over, and A wakes and submits
 * its finish. By the run id alone A's late finish lands over B's run (property 1); comparing
 * the fingerprint (attempt, claimed_at) its claim left, it is refused. The design's own finish
 * (owner, fence, lease, status) refuses it on the owner and the fence, so both outcomes below
 * show only if the picks reach the run and the link.
 */

const FINISH = 'A submits (finish)';

/** The builder's picker for the finish. */
const finishPicker = (page: Page) => page.getByRole('group', { name: 'Finish conditions' });

/** Runs the scenario to its end. */
async function runToEnd(page: Page) {
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Step 6 of 6' })).toBeVisible();
}

/**
 * The share link opens with the same picks in the builder (`said`), and runs to the same trace,
 * its finish row saying `words`.
 */
async function keptByLink(page: Page, said: string, words: string) {
  const trace = await page.getByRole('table').innerText();
  const fresh = await openShareLink(page, 6);
  await fresh.getByRole('button', { name: 'Build your own' }).click();
  await expect(finishPicker(fresh)).toContainText(said);
  await runToEnd(fresh);
  await expect(row(fresh, FINISH)).toContainText(words);
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
  await fresh.close();
}

/** Adds a catalogue entry to the finish, by keyboard from the menu to its button. */
async function addToFinish(page: Page, label: string) {
  const picker = finishPicker(page);
  const menu = picker.getByRole('combobox', { name: 'Condition to add to the finish' });
  await menu.selectOption({ label });
  await menu.focus();
  await page.keyboard.press('Tab');
  await expect(picker.getByRole('button', { name: 'Add to the finish' })).toBeFocused();
  await page.keyboard.press('Enter');
}

// Three builder journeys share one page as the steps of one test: each was a test of its own,
// paying a fresh context and a first load of the timeline (its bundles and the SQLite WASM
// compiled again). Each step starts as its test did, from a first visit's storage (freshStorage)
// and the builder's short example freshly loaded; each share link opens in a second tab that the
// step closes. The phone test below keeps its own context (its viewport and touch options).
test('the finish and the claim from the catalogue: a stale finish by the run id alone and by the fingerprint, a claim of a queued run only, two claimers reading before they write; each kept by the share link', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(3 * 120_000);
  await test.step('a stale finish lands when the finish checks only the run id, and the fingerprint (attempt, claimed_at) refuses it; both kept by the share link', async () => {
    await freshStorage(page);
    await openBuilder(page);
    const picker = finishPicker(page);
    const clause = picker.getByRole('figure');
    // It starts as the design's own finish.
    await expect(picker).toContainText(
      'The finish checks the owner, the fence, the lease and the status.',
    );
    await expect(clause).toContainText(
      "run_id = $run AND owner = $owner AND fence = $token AND lease_until > $now AND status = 'running'",
    );
    await runToEnd(page);
    await expect(row(page, FINISH)).toContainText('refused, 0 rows: owner, fence');

    for (const c of ['owner', 'fence', 'lease', 'status'])
      await picker.getByRole('button', { name: `Remove ${c} from the finish` }).click();
    await expect(picker).toContainText('The finish checks nothing but the run id.');
    await expect(clause).toContainText(/^The finish’s WHERE clauserun_id = \$run$/);
    await runToEnd(page);
    const finish = row(page, FINISH);
    await expect(finish).toContainText('applied, 1 row');
    await expect(finish).toContainText('checks nothing but the run id');
    await expect(finish).toContainText('the culprit is A, the victim is B');
    await keptByLink(page, 'The finish checks nothing but the run id.', 'applied, 1 row');

    await addToFinish(page, 'fingerprint: columns as the writer’s claim left them');
    const columns = picker.getByRole('group', { name: 'Columns of the finish’s fingerprint' });
    await expect(columns.getByRole('checkbox', { name: 'attempt', exact: true })).toBeChecked();
    await columns.getByRole('checkbox', { name: 'claimed_at' }).check();
    await expect(picker).toContainText('The finish checks only the (attempt, claimed_at).');
    await expect(clause).toContainText(
      'run_id = $run AND (attempt, claimed_at) = ($attempt, $claimed_at)',
    );

    // A fingerprint of no column is refused with the reason, and the finish keeps its last valid list
    // (claimed_at alone).
    await columns.getByRole('checkbox', { name: 'attempt', exact: true }).uncheck();
    await columns.getByRole('checkbox', { name: 'claimed_at' }).uncheck();
    await expect(picker.getByRole('alert')).toHaveText(
      'Not applied: A fingerprint compares at least one column. The finish keeps its last valid conditions.',
    );
    await expect(clause).toContainText(/AND claimed_at = \$claimed_at$/);
    await columns.getByRole('checkbox', { name: 'attempt', exact: true }).check();
    await columns.getByRole('checkbox', { name: 'claimed_at' }).check();
    await expect(picker.getByRole('alert')).toHaveCount(0);

    await runToEnd(page);
    await expect(finish).toContainText('refused, 0 rows: (attempt, claimed_at)');
    await expect(finish).toContainText("(attempt, claimed_at) is (2, 6), A's claim left (1, 0)");
    await expect(finish).not.toContainText('This breaks property');
    await keptByLink(
      page,
      'The finish checks only the (attempt, claimed_at).',
      'refused, 0 rows: (attempt, claimed_at)',
    );

    // Back to the design's own finish.
    await picker.getByRole('button', { name: 'Use the design’s own finish' }).click();
    await expect(picker).toContainText(
      'The finish checks the owner, the fence, the lease and the status.',
    );
    await expect(picker.getByRole('button', { name: 'Use the design’s own finish' })).toHaveCount(
      0,
    );
  });
  await test.step('a claim that checks only status = queued never takes over from a stopped worker: B is refused and the run is stuck; kept by the share link', async () => {
    await freshStorage(page);
    await openBuilder(page);
    const picker = page.getByRole('group', { name: 'Claim conditions' });
    const clause = picker.getByRole('figure');
    await expect(picker).toContainText(
      'The claim checks only the claimable test (queued, or its lease run out).',
    );
    await expect(clause).toContainText(
      "run_id = $run AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))",
    );
    await runToEnd(page);
    await expect(row(page, 'B claims the run')).toContainText('applied, 1 row');

    // The claim's list may not be empty: the reason shows, and the claim keeps the lesson's test.
    await picker.getByRole('button', { name: /^Remove claimable test/ }).click();
    await expect(picker.getByRole('alert')).toHaveText(
      'Not applied: A claim checks at least one condition. The claim keeps its last valid conditions.',
    );
    const menu = picker.getByRole('combobox', { name: 'Condition to add to the claim' });
    await menu.selectOption({ label: 'status in a set you choose' });
    await picker.getByRole('button', { name: 'Add to the claim' }).click();
    await expect(picker.getByRole('alert')).toHaveCount(0);
    await expect(picker).toContainText('The claim checks only the status (queued).');
    await expect(clause).toContainText(
      /^The claim’s WHERE clauserun_id = \$run AND status IN \('queued'\)$/,
    );

    await runToEnd(page);
    const claim = row(page, 'B claims the run');
    await expect(claim).toContainText('refused, 0 rows: status');
    await expect(claim).toContainText("B's claim was refused: the run is already running");
    await expect(row(page, FINISH)).toContainText('refused, 0 rows: lease');

    const trace = await page.getByRole('table').innerText();
    const fresh = await openShareLink(page, 6);
    await fresh.getByRole('button', { name: 'Build your own' }).click();
    await expect(fresh.getByRole('group', { name: 'Claim conditions' })).toContainText(
      'The claim checks only the status (queued).',
    );
    await runToEnd(fresh);
    await expect(row(fresh, 'B claims the run')).toContainText('refused, 0 rows: status');
    expect(await fresh.getByRole('table').innerText()).toBe(trace);
    await fresh.close();

    await picker.getByRole('button', { name: 'Use the design’s own claim' }).click();
    await expect(picker).toContainText('The claim checks only the claimable test');
  });
  await test.step('two claimers read before either writes: trusting the read both land; a claim that compares the fence it read refuses the second; kept by the share link', async () => {
    await freshStorage(page);
    await openBuilder(page);
    // A and B each read the row, then each writes its claim.
    for (let i = 6; i >= 1; i--)
      await page.getByRole('button', { name: `Remove event ${i}` }).click();
    await addEvent(page, 'Read before claiming', { worker: 'A' });
    await addEvent(page, 'Read before claiming', { worker: 'B' });
    await addEvent(page, 'Claim', { worker: 'A' });
    await addEvent(page, 'Claim', { worker: 'B' });
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 4 events' })).toBeVisible();
    const end = async (p: Page) => {
      await p.getByRole('button', { name: 'Run to end' }).click();
      await expect(p.getByRole('status').filter({ hasText: 'Step 4 of 4' })).toBeVisible();
    };

    // Select-then-update: the write trusts the read, and both claims land with one token.
    await page
      .getByRole('combobox', { name: 'Lease design' })
      .selectOption({ label: 'Lock-free SELECT, then an unconditional UPDATE' });
    await end(page);
    await expect(row(page, 'A claims the run')).toContainText('applied, 1 row');
    await expect(row(page, 'B claims the run')).toContainText('applied, 1 row');
    await expect(row(page, 'B claims the run')).toContainText('This breaks property 2');

    // The lesson's design, its claim comparing the fence it read.
    await page
      .getByRole('combobox', { name: 'Lease design' })
      .selectOption({ label: 'Lease + fencing token (the lesson’s design)' });
    const picker = page.getByRole('group', { name: 'Claim conditions' });
    await picker.getByRole('combobox', { name: 'Condition to add to the claim' }).selectOption({
      label: 'as read: a column still holds what the claim’s read saw (compare-and-set)',
    });
    await picker.getByRole('button', { name: 'Add to the claim' }).click();
    await expect(
      picker.getByRole('combobox', { name: 'Column the claim compares as read' }),
    ).toHaveValue('fence');
    await expect(picker).toContainText(
      'The claim checks only the claimable test (queued, or its lease run out) and the fence as read.',
    );
    const clauses = picker.getByRole('figure');
    await expect(clauses).toContainText('The claim’s WHERE clauses');
    await expect(clauses).toContainText(
      "read: run_id = $run AND (status = 'queued' OR (status = 'running' AND lease_until <= $now))",
    );
    await expect(clauses).toContainText('write: run_id = $run AND fence = $read_fence');

    await end(page);
    await expect(row(page, 'B reads the row before claiming')).toContainText(
      'Its claim writes only if the fence is still 0',
    );
    await expect(row(page, 'A claims the run')).toContainText('applied, 1 row');
    const b = row(page, 'B claims the run');
    await expect(b).toContainText('refused, 0 rows: fence changed since the read');
    await expect(b).toContainText("B's claim was refused: the fence is 1, B read 0.");
    await expect(b).not.toContainText('This breaks property');

    const trace = await page.getByRole('table').innerText();
    const fresh = await openShareLink(page, 4);
    await fresh.getByRole('button', { name: 'Build your own' }).click();
    await expect(fresh.getByRole('group', { name: 'Claim conditions' })).toContainText(
      'and the fence as read.',
    );
    await end(fresh);
    await expect(row(fresh, 'B claims the run')).toContainText(
      'refused, 0 rows: fence changed since the read',
    );
    expect(await fresh.getByRole('table').innerText()).toBe(trace);
    await fresh.close();
  });
});

test.describe('on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the conditions pickers fit without sideways scrolling, a fingerprint and a status set included', async ({
    page,
  }) => {
    await openBuilder(page);
    await addToFinish(page, 'fingerprint: columns as the writer’s claim left them');
    await addToFinish(page, 'status in a set you choose');
    await finishPicker(page)
      .getByRole('group', { name: 'Statuses of the finish’s status set' })
      .getByRole('checkbox', { name: 'canceling' })
      .check();
    await expect(finishPicker(page).getByRole('figure')).toContainText(
      "status IN ('running', 'canceling')",
    );
    await finishPicker(page).scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(page, 'the builder with its conditions pickers');
  });
});
