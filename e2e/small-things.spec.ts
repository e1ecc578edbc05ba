import { CASE_FILES } from '@/content/cases';
import { QUIZ_ITEMS } from '@/content/lesson/mistakes';
import { expect, freshStorage, test } from './fixtures';

const plain = (text: string) => text.replace(/`/g, '').slice(0, 40);

// The smaller things of issue 39's point 6 that are behaviour, as steps of one test in one page.
test('the small things: the case files counted from the data, no raw backticks, Next agrees with Continue, the checklist reads down, a true statement names no belief, the pause drawn as a dash', async ({
  page,
}) => {
  test.setTimeout(3 * 120_000);
  await test.step('/learn counts the case files from the data, and its Next names the step home’s Continue names', async () => {
    await freshStorage(page);
    await page.goto('/');
    const card = page.getByTestId('continue');
    await expect(card).toHaveAttribute('data-loaded', 'true');
    const continueLink = card.getByRole('link', { name: /^Continue: / });
    const step = ((await continueLink.textContent()) ?? '').replace(/^Continue: /, '');
    expect(step.length).toBeGreaterThan(0);

    // Home's checklist reads down the first column, then the second.
    const items = card.getByRole('list', { name: /^Steps of/ }).getByRole('listitem');
    const boxes = await items.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: Math.round(r.x), y: Math.round(r.y) };
      }),
    );
    const reading = [...boxes.keys()].sort(
      (a, b) => boxes[a].x - boxes[b].x || boxes[a].y - boxes[b].y,
    );
    expect(reading).toEqual([...boxes.keys()]);

    await page.goto('/learn');
    await expect(
      page.getByRole('link', { name: new RegExp(`${CASE_FILES.length} real incidents`) }),
    ).toBeVisible();
    const next = page.getByRole('navigation', { name: 'Next step' });
    await expect(next.getByRole('link')).toHaveText(step);
  });
  await test.step('/learn/mistakes shows code, not backticks; a true statement gets no “belief behind it”', async () => {
    await page.goto('/learn/mistakes');
    await expect(page.getByRole('main')).not.toContainText('`');
    const truth = QUIZ_ITEMS.find((q) => q.truth)!;
    const myth = QUIZ_ITEMS.find((q) => !q.truth)!;
    const trueCard = page.getByRole('article', { name: plain(truth.statement) });
    await trueCard.getByRole('button', { name: 'True', exact: true }).click();
    await expect(trueCard.getByRole('status')).toContainText('the statement is true');
    await expect(trueCard).not.toContainText('The belief behind it');
    const mythCard = page.getByRole('article', { name: plain(myth.statement) });
    await mythCard.getByRole('button', { name: 'False', exact: true }).click();
    await expect(mythCard).toContainText('The belief behind it');
    // The outcome texts of a checked prediction show code too, not backticks.
    await expect(page.getByRole('main')).not.toContainText('`');
  });
  await test.step('an answer saved after the reveal is marked so in its history, on /learn and on REFLECT', async () => {
    await freshStorage(page);
    await page.goto('/learn');
    const check = page.getByRole('article', { name: /picked up again by two workers/ });
    const box = check.getByRole('textbox', { name: /Your answer first/ });
    await box.fill('Both run it; only the fence stops the stale one.');
    await check.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(check.getByRole('button', { name: '1 version' })).toBeVisible();
    await check.getByRole('button', { name: 'Reveal the reference answer' }).click();
    await expect(check.getByText('Reference answer', { exact: true })).toBeVisible();
    await box.fill('Both run it; only the fence at the storage stops the stale one.');
    await check.getByRole('button', { name: 'Save', exact: true }).click();
    await check.getByRole('button', { name: '2 versions' }).click();
    const versions = check.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
    await expect(
      versions.filter({ hasText: 'Version 2' }).getByTestId('after-reveal'),
    ).toBeVisible();
    await expect(versions.filter({ hasText: 'Version 1' }).getByTestId('after-reveal')).toHaveCount(
      0,
    );
  });
  await test.step('the timeline draws a pause as a dashed line, as its legend does', async () => {
    await page.goto('/practice/timeline');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    // One shape for both (components/timeline/timeline-shapes.tsx): the same dash.
    await expect(page.getByTestId('legend-pause-dash')).toHaveAttribute('stroke-dasharray', '4 4');
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByTestId('pause-dash').first()).toHaveAttribute('stroke-dasharray', '4 4');
  });
});
