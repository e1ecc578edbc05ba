import type { Locator, Page } from '@playwright/test';
import { editorReady, expect, freshStorage, HEAVY_LOAD, test } from './fixtures';

/*
 * "Check my design" from the rulebook's catalogue (issue 26): the learner picks the finish's
 * conditions instead of typing SQL. By the run id alone B's retried finish finishes the run a
 * second time (property 4); with the status and the fingerprint (attempt, claimed_at) the design
 * is safe within the lesson's story, and with 5 workers. The lesson's own finish is safe too, so
 * the counterexample shows only if the picks reach the checker.
 */

/** Opens Compare designs and returns the "Check my design" section once its editors are up. */
async function openMyDesign(page: Page): Promise<Locator> {
  await page.goto('/practice/compare');
  const section = page.getByRole('region', { name: 'Check my design' });
  await editorReady(section);
  return section;
}

/** Adds a catalogue entry to the finish from its menu. */
async function addToFinish(picker: Locator, label: string) {
  await picker.getByRole('combobox', { name: 'Condition to add to the finish' }).selectOption({
    label,
  });
  await picker.getByRole('button', { name: 'Add to the finish' }).click();
}

// The finish's and the claim's picks share one page as the steps of one test: each was a test of
// its own, paying a fresh context and a first load of Compare designs (its bundles, Monaco and
// the SQLite WASM compiled again). Each step starts as its test did, from a first visit's storage
// (freshStorage) and a fresh load of the page with the lesson's statements.
test('my design from the catalogue: the finish by the run id alone, then with the status and the fingerprint; the claim of a queued run only, then comparing the fence it read', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('my design from the catalogue: a finish by the run id alone finishes twice; status and the fingerprint (attempt, claimed_at) are safe, with 5 workers too', async () => {
    await freshStorage(page);
    const section = await openMyDesign(page);
    await expect(section).toContainText('A check stops at its time limit of 300 seconds');
    const picker = section.getByRole('group', { name: 'Finish conditions' });
    const finishSql = section.getByTestId('code-editor').nth(2);

    for (const c of ['owner', 'fence', 'lease', 'status'])
      await picker.getByRole('button', { name: `Remove ${c} from the finish` }).click();
    await expect(picker).toContainText('The finish checks nothing but the run id.');
    // The finish's SQL below is rewritten from the picks.
    await expect(finishSql).toContainText('WHERE run_id = $run');
    await expect(finishSql).not.toContainText('owner = $owner');
    await section.getByRole('button', { name: 'Check my design' }).click();
    await expect(section.getByText('Unsafe: property 4 breaks.')).toBeVisible(HEAVY_LOAD);
    await expect(section).toContainText('property 4');

    await addToFinish(picker, 'status: the run is running');
    await addToFinish(picker, 'fingerprint: columns as the writer’s claim left them');
    await picker
      .getByRole('group', { name: 'Columns of the finish’s fingerprint' })
      .getByRole('checkbox', { name: 'claimed_at' })
      .check();
    await expect(picker).toContainText(
      'The finish checks only the status and the (attempt, claimed_at).',
    );
    await expect(finishSql).toContainText('(attempt, claimed_at) = ($attempt, $claimed_at)');
    await section.getByRole('button', { name: 'Check my design' }).click();
    await expect(section.getByText('Safe within the bound.')).toBeVisible(HEAVY_LOAD);
    const verdict = section.getByText(/All [\d,]+ schedules checked/);
    const story = await verdict.innerText();

    await page
      .getByLabel('Workers and their programs')
      .selectOption({ label: '5 workers × 4 operations' });
    await section.getByRole('button', { name: 'Check my design' }).click();
    // A new verdict, over the 5 workers' schedules (not the story's), and safe.
    await expect(verdict).not.toHaveText(story, HEAVY_LOAD);
    await expect(section.getByText('Safe within the bound.')).toBeVisible();

    // Back to the lesson's statements: the picks are the lesson's again.
    await section.getByRole('button', { name: 'Restore the lesson’s statements' }).click();
    await expect(picker).toContainText(
      'The finish checks the owner, the fence, the lease and the status.',
    );
  });
  await test.step('my design’s claim from the catalogue: status IN (queued) alone is safe in the story (nobody takes over); the claim comparing the fence it read is safe where select-then-update breaks property 2', async () => {
    await freshStorage(page);
    const section = await openMyDesign(page);
    const picker = section.getByRole('group', { name: 'Claim conditions' });
    const claimSql = section.getByTestId('code-editor').nth(0);
    const verdict = section.getByText(/All [\d,]+ schedules checked/);
    await expect(picker).toContainText(
      'The claim checks only the claimable test (queued, or its lease run out).',
    );

    // A claim of a queued run only: the checker's verdict (measured by running it) is safe within
    // the story. Nobody may take the run over from the paused A, so no stale write lands; the run
    // that stays stuck is a matter of progress, which the checker does not judge.
    const menu = picker.getByRole('combobox', { name: 'Condition to add to the claim' });
    await menu.selectOption({ label: 'status in a set you choose' });
    await picker.getByRole('button', { name: 'Add to the claim' }).click();
    await picker.getByRole('button', { name: /^Remove claimable test/ }).click();
    await expect(picker).toContainText('The claim checks only the status (queued).');
    await expect(claimSql).toContainText("WHERE run_id = $run AND status IN ('queued')");
    await section.getByRole('button', { name: 'Check my design' }).click();
    await expect(section.getByText('Safe within the bound.')).toBeVisible(HEAVY_LOAD);
    const queuedOnly = await verdict.innerText();

    // The compare-and-set claim: read under the claimable test, write only where the fence is
    // still what was read.
    await section.getByRole('button', { name: 'Restore the lesson’s statements' }).click();
    await expect(picker).toContainText(
      'The claim checks only the claimable test (queued, or its lease run out).',
    );
    await menu.selectOption({
      label: 'as read: a column still holds what the claim’s read saw (compare-and-set)',
    });
    await picker.getByRole('button', { name: 'Add to the claim' }).click();
    await expect(picker).toContainText('and the fence as read.');
    await expect(picker.getByRole('figure')).toContainText(
      'write: run_id = $run AND fence = $read_fence',
    );
    await expect(section.getByRole('figure', { name: /First the claim reads/ })).toContainText(
      'SELECT fence AS read_fence FROM runs',
    );
    await expect(claimSql).toContainText('WHERE run_id = $run AND fence = $read_fence');
    await section.getByRole('button', { name: 'Check my design' }).click();
    await expect(verdict).not.toHaveText(queuedOnly, HEAVY_LOAD);
    await expect(section.getByText('Safe within the bound.')).toBeVisible();

    // Select-then-update, which trusts its read, hands one fence to two workers.
    const stu = page.getByRole('region', {
      name: 'Lock-free SELECT, then an unconditional UPDATE',
    });
    await stu.getByRole('button', { name: 'Check' }).click();
    await expect(stu.getByText('Unsafe: property 2 breaks.')).toBeVisible(HEAVY_LOAD);
  });
});
