import type { Page } from '@playwright/test';
import { TIMELINE_SCENARIOS } from '../content/timeline/scenarios';
import { encodeScenario } from '../lib/timeline';
import { expect, freshStorage, test } from './fixtures';

// Issue 17: crafted imports and links. They are refused with a reason; saving and the page keep working.
const answer = (page: Page) => page.getByRole('textbox', { name: 'Your answer: Main question' });
const versions = (page: Page) =>
  page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');

function journalFile(entries: unknown[]) {
  return Buffer.from(
    JSON.stringify({
      format: 'lease-lab.journal',
      version: 1,
      exportedAt: 1,
      prompts: [{ prompt: 'main', entries }],
    }),
  );
}

// The crafted imports and links run as steps of one test, in one page, instead of four tests:
// each fresh context and first load of the app in a new renderer was most of a short check's CPU
// time. Each step starts from a first visit's storage (freshStorage: no journal of the step
// before) and loads its own page, a document load of its own for each link (from the same page
// its hash alone would not load the timeline again), keeping every check it had as a test of its
// own.
test('crafted imports and links are refused with a reason, and the page keeps working', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(4 * 120_000);
  await test.step('an import with a generation at the safe-integer edge is refused, and saving keeps working (point 2)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    const input = page.getByLabel('Import journal file');
    await input.setInputFiles({
      name: 'edge.json',
      mimeType: 'application/json',
      buffer: journalFile([
        {
          id: 'x1',
          gen: 9007199254740991,
          base: 0,
          parent: null,
          time: 1,
          size: 3,
          kind: 'save',
          text: 'old',
        },
      ]),
    });
    await expect(page.getByRole('alert').filter({ hasText: 'Import refused' })).toContainText(
      'gen',
    );
    await answer(page).fill('Typed after the hostile import.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(versions(page)).toHaveCount(1);
    await page.reload();
    await expect(answer(page)).toHaveValue('Typed after the hostile import.');
  });
  await test.step('a large import is checked in a worker and lands whole (point 10)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    const entries: unknown[] = [
      {
        id: 'e0',
        gen: 1,
        base: 0,
        parent: null,
        time: 1,
        size: 40,
        kind: 'save',
        text: 'y'.repeat(40),
      },
    ];
    for (let k = 1; k < 2_000; k += 1) {
      entries.push({
        id: `e${k}`,
        gen: k + 1,
        base: k,
        parent: `e${k - 1}`,
        time: k,
        size: 40,
        kind: 'save',
        patch: [[0, 0, '']],
      });
    }
    await page.getByLabel('Import journal file').setInputFiles({
      name: 'big.json',
      mimeType: 'application/json',
      buffer: journalFile(entries),
    });
    // A ceiling on waiting, not a pause: the import took 20 s alone and over 30 s at load average
    // 15 (seen failing there), so the limit leaves room for a loaded machine.
    await expect(
      page.getByRole('status').filter({ hasText: 'Imported 2000 versions' }),
    ).toBeVisible({
      timeout: 90_000,
    });
    await expect(page.getByRole('heading', { name: 'History (2000 versions)' })).toBeVisible();
  });
  for (const design of ['constructor', '__proto__']) {
    await test.step(`a shared link naming the design "${design}" is refused clearly, not stuck loading (point 8)`, async () => {
      await freshStorage(page);
      await page.goto(`/practice/timeline#${encodeScenario({ ...TIMELINE_SCENARIOS[0], design })}`);
      await expect(
        page.getByRole('alert').filter({ hasText: 'could not run this scenario' }),
      ).toContainText(`Unknown lease design "${design}"`);
    });
  }
});
