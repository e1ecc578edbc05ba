import type { Page } from '@playwright/test';
import { expect, freshStorage, test } from './fixtures';

const answer = (page: Page) => page.getByRole('textbox', { name: 'Your answer: Main question' });
const versions = (page: Page) =>
  page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
const save = (page: Page) => page.getByRole('button', { name: 'Save', exact: true }).click();

// Six journeys of the journal on /reflect run as steps of one test, in one page, instead of six
// tests: each fresh context and first load of the app in a new renderer was most of a short
// journey's CPU time. Each step starts from a first visit's storage (freshStorage: no journal, no
// writer, no filler left by the full-quota step) and loads /reflect itself, keeping every check it
// had as a test of its own. The tests that own the page's clock stay tests of their own.
test('the journal: versions, diff and restore; learner HTML as text; a damaged history set aside; a full quota; export and import; a reload adopting its writer', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(6 * 120_000);
  await test.step('type, save, edit, save: two entries; diff them; restore the first: three; reload: all there', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await answer(page).fill('A lease lets worker B take over.');
    await expect(page.getByText('32 / 20,000')).toBeVisible();
    await save(page);
    await expect(versions(page)).toHaveCount(1);

    await answer(page).fill('A lease lets worker B take over. The fencing token stops worker A.');
    await save(page);
    await expect(versions(page)).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'History (2 versions)' })).toBeVisible();

    await page.getByRole('button', { name: 'Show differences' }).click();
    const diff = page.getByRole('figure');
    await expect(diff).toContainText('Differences from version 1 to version 2');
    await expect(diff.locator('ins').filter({ hasText: 'fencing token' })).toBeVisible();

    await page.getByRole('button', { name: 'Restore version 1' }).click();
    await expect(versions(page)).toHaveCount(3);
    await expect(answer(page)).toHaveValue('A lease lets worker B take over.');
    await expect(versions(page).first()).toContainText('from version 1');

    await page.reload();
    await expect(versions(page)).toHaveCount(3);
    await expect(answer(page)).toHaveValue('A lease lets worker B take over.');
    await page.getByRole('button', { name: 'Open version 2' }).click();
    await expect(page.getByLabel('Text of version 2')).toHaveText(
      'A lease lets worker B take over. The fencing token stops worker A.',
    );
  });
  await test.step('learner text with HTML is shown as text, never run', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await answer(page).fill('<img src=x onerror="window.__ran=1"><b>bold?</b>');
    await save(page);
    await page.getByRole('button', { name: 'Open version 1' }).click();
    await expect(page.getByLabel('Text of version 1')).toHaveText(
      '<img src=x onerror="window.__ran=1"><b>bold?</b>',
    );
    expect(
      await page.evaluate(() => (window as unknown as { __ran?: number }).__ran),
    ).toBeUndefined();
  });
  await test.step('a damaged stored history is set aside and reported; the rest keeps working', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await answer(page).fill('Safe answer.');
    await save(page);
    await page.evaluate(() =>
      localStorage.setItem('lease-lab.journal.v1.notes.handmade.0', '{"v":1,"entries":"broken"'),
    );
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: 'set aside' })).toBeVisible();
    await expect(answer(page)).toHaveValue('Safe answer.');
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.some((k) => k.startsWith('lease-lab.journal.v1.notes.handmade.0.corrupt.'))).toBe(
      true,
    );
  });
  await test.step('a full quota says so, keeps the unsaved text and offers an export', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await answer(page).fill('Saved before the quota filled up.');
    await save(page);
    await expect(versions(page)).toHaveCount(1);
    // Another page of this origin has taken all the remaining local storage.
    await page.evaluate(() => {
      let size = 4_000_000;
      let n = 0;
      while (size > 0) {
        try {
          localStorage.setItem(`filler-${(n += 1)}`, 'f'.repeat(size));
        } catch {
          size = Math.floor(size / 2);
        }
      }
    });
    await answer(page).fill('Saved before the quota filled up. And this part must not be lost.');
    await save(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Browser storage is full' });
    await expect(alert).toBeVisible();
    await expect(answer(page)).toHaveValue(
      'Saved before the quota filled up. And this part must not be lost.',
    );
    await expect(versions(page)).toHaveCount(1);

    const download = page.waitForEvent('download');
    await alert.getByRole('button', { name: 'Export journal and unsaved text' }).click();
    const file = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    const exported = JSON.parse(await readFile(file, 'utf8'));
    const texts = JSON.stringify(exported.prompts);
    expect(texts).toContain('And this part must not be lost.');
  });
  await test.step('export, then import into a fresh browser: merged once; a bad file is refused with a reason', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await answer(page).fill('First thought.');
    await save(page);
    await answer(page).fill('First thought, second thought.');
    await save(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export journal', exact: true }).click();
    const file = await (await download).path();

    // A first visit's storage in the same page stands for the fresh browser: nothing of the
    // exported journal is left in it, so the import alone brings the versions back.
    await freshStorage(page);
    await page.goto('/reflect');
    const input = page.getByLabel('Import journal file');
    await input.setInputFiles(file);
    await expect(page.getByRole('status').filter({ hasText: 'Imported 2 versions' })).toBeVisible();
    await expect(versions(page)).toHaveCount(2);
    await expect(answer(page)).toHaveValue('First thought, second thought.');
    await input.setInputFiles(file);
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: 'Imported 0 versions; 2 already in your journal were skipped' }),
    ).toBeVisible();
    await expect(versions(page)).toHaveCount(2);

    await input.setInputFiles({
      name: 'evil.json',
      mimeType: 'application/json',
      buffer: Buffer.from(
        '{"format":"lease-lab.journal","version":1,"exportedAt":0,"prompts":[{"prompt":"../theme","entries":[]}]}',
      ),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Import refused' })).toContainText(
      'prompt id',
    );
    await expect(versions(page)).toHaveCount(2);
  });
  await test.step('after a reload the tab adopts its idle writer and continues the same stored segment', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await answer(page).fill('Before the reload.');
    await save(page);
    await page.reload();
    await expect(versions(page)).toHaveCount(1);
    await answer(page).fill('Before the reload. After it.');
    await save(page);
    await expect(versions(page)).toHaveCount(2);
    // Segment keys end in their number; the writer's head record (`.head`) sits beside them.
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(k)),
    );
    expect(keys).toHaveLength(1);
  });
});

test('two tabs edit the same answer: both saves are kept, the stale one as a branch', async ({
  page,
}) => {
  // Time stands still in both tabs, so the autosave (2 s after typing) never fires between the
  // test's own steps, however slow the machine: the saves happen exactly where the test says.
  await page.clock.install();
  await page.goto('/reflect');
  const other = await page.context().newPage();
  await other.goto('/reflect');
  await page.clock.pauseAt(Date.now() + 60_000);
  await answer(page).fill('Start from tab one.');
  await save(page);
  // The other tab follows through the storage event.
  await expect(answer(other)).toHaveValue('Start from tab one.');
  await expect(versions(other)).toHaveCount(1);

  await answer(page).fill('Start from tab one. Edited in tab one.');
  await answer(other).fill('Start from tab one. Edited in tab two.');
  await save(page);
  await save(other);
  await expect(other.getByRole('alert').filter({ hasText: 'Another tab' })).toBeVisible();

  for (const tab of [page, other]) {
    await expect(versions(tab)).toHaveCount(3);
    await expect(versions(tab).filter({ hasText: 'branch' })).toHaveCount(1);
  }
  await other.close();
  await page.reload();
  await expect(versions(page)).toHaveCount(3);
  for (const n of [2, 3]) await page.getByRole('button', { name: `Open version ${n}` }).click();
  await expect(page.getByLabel('Text of version 3')).toContainText('Edited in tab');
});

test('pasting 20,001 characters is refused with a message and nothing is lost', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  // Time stands still, so no autosave (2 s after typing) replaces the notices this test reads.
  await page.clock.install();
  await page.goto('/reflect');
  await page.clock.pauseAt(Date.now() + 60_000);
  await answer(page).fill('Keep this text.');
  await page.evaluate((text) => navigator.clipboard.writeText(text), 'x'.repeat(20_001));
  await answer(page).focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByRole('alert').filter({ hasText: 'Paste refused' })).toContainText(
    '20,016 characters, over the 20,000 limit',
  );
  await expect(answer(page)).toHaveValue('Keep this text.');
  await expect(page.getByText('15 / 20,000')).toBeVisible();

  // Typing past the limit is refused too, and the 20,000 characters already there stay.
  await answer(page).fill('y'.repeat(20_000));
  await expect(page.getByText('20,000 / 20,000')).toBeVisible();
  await answer(page).press('End');
  await answer(page).pressSequentially('z');
  await expect(page.getByRole('alert').filter({ hasText: 'Input refused' })).toBeVisible();
  await expect(answer(page)).toHaveValue('y'.repeat(20_000));
});
