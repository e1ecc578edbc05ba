import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, expectNoSidewaysScroll, freshStorage, seriousViolations, test } from './fixtures';

/**
 * Recorded by the CLI on a SQLite queue (3 worker processes, 8 runs):
 * `npm run lab -- chaos --database q.db --workers 3 --runs 8 --faults 4 --seed 3 --history …`
 * run-0001 drop-ack, run-0003 and run-0004 paused before publish, run-0006 killed.
 */
const RECORDED = join(__dirname, 'fixtures', 'chaos-history-seed3.jsonl');

const fileInput = (page: Page) => page.getByLabel(/History file \(JSONL/);
const alert = (page: Page) =>
  page.getByRole('region', { name: 'History from the command line' }).getByRole('alert');

async function importRecorded(page: Page) {
  await page.goto('/practice/crash-lab');
  await fileInput(page).setInputFiles(RECORDED);
  await expect(
    page.getByRole('status').filter({ hasText: 'shown 219 of 219 entries' }),
  ).toBeVisible();
}

// The history's checks share one page as the steps of one test: each was a test of its own,
// paying a fresh context and a first load of the crash lab. Each step starts as its test did,
// from a first visit's storage (freshStorage) and the recorded history imported into a fresh load
// of the page. The phone steps set their theme and the 390 px width first and put back the light
// theme and 1280 × 720 at their end.
test('a history recorded by the CLI drawn lane by lane, files that are not histories refused, and the drawing at 390 px in both themes', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(4 * 120_000);
  await test.step('a history recorded by the CLI is drawn as one lane per process with its kills, pauses, takeovers and refusals', async () => {
    await freshStorage(page);
    await importRecorded(page);
    const lanes = page.getByRole('list', { name: 'Processes' }).getByRole('listitem');
    await expect(lanes).toHaveCount(4);
    await expect(page.getByText('4 processes, 8 runs over 11.2 s.')).toBeVisible();

    // w3 met the drop-ack (its reply lost, then the retry a duplicate), then was killed.
    const killed = page.getByRole('listitem', { name: /^w3 \(pid \d+\), killed$/ });
    await expect(
      killed.getByRole('img', {
        name: /^killed \(SIGKILL\) at \+[\d.]+ s: run-0006, fence 1$/,
      }),
    ).toBeVisible();
    await expect(
      killed.getByRole('img', {
        name: /^acknowledgement lost \(outcome unknown\) at .*: publish, run-0001/,
      }),
    ).toBeVisible();
    await expect(
      killed.getByRole('img', { name: /^duplicate .*: publish, run-0001/ }),
    ).toBeVisible();
    // Its replacement is a new process, on its own lane, and takes a run over.
    const replacement = page.getByRole('listitem', { name: /^w3\.1 \(pid \d+\), exited$/ });
    await expect(replacement.getByRole('img', { name: /^takeover/ })).toHaveCount(1);

    // w1 and w2 were each paused before publishing, woke up stale, and the publisher refused them.
    for (const [worker, run] of [
      ['w1', 'run-0004'],
      ['w2', 'run-0003'],
    ]) {
      const lane = page.getByRole('listitem', {
        name: new RegExp(`^${worker} \\(pid \\d+\\), exited$`),
      });
      await expect(
        lane.getByRole('img', { name: new RegExp(`^paused \\(SIGSTOP\\) .*: ${run}`) }),
      ).toBeVisible();
      await expect(
        lane.getByRole('img', { name: new RegExp(`^resumed \\(SIGCONT\\) .*: ${run}`) }),
      ).toBeVisible();
      await expect(
        lane.getByRole('img', {
          name: new RegExp(`^refused write .*: publish, ${run}, fence 1$`),
        }),
      ).toBeVisible();
    }

    const counts = page.getByRole('table', { name: 'Marks and how many' });
    for (const [meaning, count] of [
      ['killed (SIGKILL)', '1'],
      ['paused (SIGSTOP)', '2'],
      ['takeover (a later claim, with a higher fence)', '3'],
      ['refused write', '2'],
      ['acknowledgement lost (outcome unknown)', '1'],
    ]) {
      await expect(counts.getByRole('row', { name: meaning })).toContainText(count);
    }
    const events = page.getByRole('table', { name: /Events on the timeline \(12\)/ });
    await expect(events.getByRole('row')).toHaveCount(13);
    await expect(
      events.getByRole('row').filter({ hasText: 'refused write' }).first(),
    ).toContainText('refused: generation 1 is older than generation 2');
    await expect(
      page.getByText('4 claims that found nothing to claim are not drawn.'),
    ).toBeVisible();
  });
  await test.step('a file that is not a history, or too big, gets a clear message and the page keeps working', async () => {
    await freshStorage(page);
    await importRecorded(page);
    const lines = readFileSync(RECORDED, 'utf8').split('\n');
    lines[9] = '{"type":"complete","t":1,"pid":2}';
    await fileInput(page).setInputFiles({
      name: 'broken.jsonl',
      mimeType: 'text/plain',
      buffer: Buffer.from(lines.join('\n')),
    });
    await expect(alert(page)).toHaveText(
      'broken.jsonl was not drawn: history line 10 is not a crash-lab history entry. Import a history written by npm run lab -- chaos or run --history.',
    );
    await expect(page.getByRole('list', { name: 'Processes' })).toHaveCount(0);

    await fileInput(page).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(alert(page)).toHaveText(/^notes\.txt was not drawn: history line 1 is not JSON\./);

    await fileInput(page).setInputFiles({
      name: 'huge.jsonl',
      mimeType: 'text/plain',
      buffer: Buffer.alloc(6_000_000, 'x'),
    });
    await expect(alert(page)).toHaveText(
      'huge.jsonl was not drawn: The file is 6.0 MB; the page reads histories up to 5 MB. Record a shorter run (fewer --runs).',
    );

    // A long history is drawn from its first 10,000 entries, and says so.
    const poll = (i: number) =>
      JSON.stringify({
        type: 'complete',
        t: 1000 + i,
        pid: 7,
        worker: 'w1',
        op: 'claim',
        outcome: 'refused',
      });
    const long = Array.from({ length: 10_050 }, (_, i) => poll(i)).join('\n');
    await fileInput(page).setInputFiles({
      name: 'long.jsonl',
      mimeType: 'text/plain',
      buffer: Buffer.from(long),
    });
    await expect(
      page.getByRole('status').filter({ hasText: 'long.jsonl: shown 10000 of 10050 entries' }),
    ).toBeVisible();
    await expect(alert(page)).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Processes' }).getByRole('listitem')).toHaveCount(
      1,
    );

    // The in-browser lab above still works.
    await expect(page.getByRole('button', { name: 'Start a worker' })).toBeEnabled();
  });
  for (const colorScheme of ['light', 'dark'] as const) {
    await test.step(`at 390 px in the ${colorScheme} theme the drawn history fits the screen and has no serious accessibility violations`, async () => {
      await freshStorage(page);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width: 390, height: 844 });
      await importRecorded(page);
      await expect(page.locator('html')).toHaveClass(
        colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/,
      );
      const lane = page.getByRole('list', { name: 'Processes' });
      const box = await lane.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
      await expectNoSidewaysScroll(page, 'the crash lab with its drawn history');
      expect(await seriousViolations(page)).toEqual([]);
      await page.setViewportSize({ width: 1280, height: 720 });
      await page.emulateMedia({ colorScheme: 'light' });
    });
  }
});
