import type { Page } from '@playwright/test';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { layoutTimeline, type Scenario } from '@/lib/timeline';
import { expect, freshStorage, seriousViolations, test } from './fixtures';

// On a 390 px phone the drawing is wider than the screen and scrolls sideways inside its box.
// Whatever the learner runs, the drawing must still say which lane is which, and show where
// the run has got to.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** The lane names the drawing shows for a scenario (the layout's, so every lane is checked). */
function laneLabels(scenario: Scenario): string[] {
  return layoutTimeline(scenario).lanes.map((lane) => lane.label);
}

/** The learner looks at the drawing: every lane label and the current step are on screen. */
async function expectLabelsAndStepInView(page: Page, labels: string[], what: string) {
  const drawing = page.getByRole('region', { name: 'Timeline drawing' });
  await drawing.scrollIntoViewIfNeeded();
  for (const label of labels)
    await expect(
      drawing.getByText(label, { exact: true }),
      `${what}: lane label “${label}”`,
    ).toBeInViewport({ ratio: 1 });
  await expect(drawing.getByTestId('current-step'), `${what}: the current step`).toBeInViewport();
  // No label of a lease bar or a pause is cut by the box's left edge into a fragment: each one
  // drawn starts inside the box (they slide along their spans as the drawing scrolls).
  await expect
    .poll(
      () =>
        drawing.evaluate((box) => {
          const left = box.getBoundingClientRect().left;
          return [
            ...box.querySelectorAll('[data-testid="lease-bar"] text, [data-testid="pause-label"]'),
          ]
            .filter((text) => text.getBoundingClientRect().left < left)
            .map((text) => text.textContent);
        }),
      { message: `${what}: span labels cut by the left edge` },
    )
    .toEqual([]);
}

async function runToEnd(page: Page, events: number) {
  await expect(
    page.getByRole('status').filter({ hasText: `Ready: ${events} events` }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Step / })).toContainText(
    `Step ${events} of ${events}`,
  );
}

// The two drawings share one page, at the phone's size this file sets, as the steps of one test:
// each was a test of its own, paying a fresh context and a first load of the app (its bundles and
// the SQLite WASM compiled again). Each step starts as its test did, from a first visit's storage
// (freshStorage) and a fresh load of its page.
test('at 390 px the lane labels and the current step stay in view: /practice/timeline at every step, and a case file after Run to end', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('/practice/timeline at 390 px: after Run to end and at every step forward, the lane labels and the current step stay in view', async () => {
    await freshStorage(page);
    // The widest library scenario: at 390 px it scrolls furthest.
    const scenario = [...TIMELINE_SCENARIOS].sort(
      (a, b) => layoutTimeline(b).width - layoutTimeline(a).width,
    )[0];
    await page.goto('/practice/timeline');
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption(`lib:${scenario.id}`);
    const count = scenario.events.length;
    await runToEnd(page, count);
    await expectLabelsAndStepInView(page, laneLabels(scenario), 'after Run to end');

    await page.getByRole('button', { name: 'Start over' }).click();
    for (let step = 1; step <= count; step += 1) {
      await page.getByRole('button', { name: 'Step forward' }).click();
      await expect(page.getByRole('status').filter({ hasText: /^Step / })).toContainText(
        `Step ${step} of ${count}`,
      );
      await expectLabelsAndStepInView(page, laneLabels(scenario), `step ${step}`);
    }
  });
  await test.step('a case file at 390 px: after Run to end the lane labels and the current step stay in view', async () => {
    await freshStorage(page);
    // The widest case run: three workers, the longest drawing.
    const runs = CASE_FILES.flatMap((caseFile) =>
      caseFile.runs.map((run, index) => ({
        caseFile,
        index,
        scenario: caseScenario(caseFile, run),
      })),
    ).filter((r) => r.index === 0);
    const widest = runs.sort(
      (a, b) => layoutTimeline(b.scenario).width - layoutTimeline(a.scenario).width,
    )[0];
    await page.goto(`/learn/case-files/${widest.caseFile.id}`);
    await runToEnd(page, widest.scenario.events.length);
    await expectLabelsAndStepInView(page, laneLabels(widest.scenario), 'after Run to end');
  });
});

/** Axis labels of the drawing that its box's edges cut into a fragment ("= 6 s"). */
function cutAxisLabels(page: Page) {
  return page.getByRole('region', { name: 'Timeline drawing' }).evaluate((box) => {
    const edge = box.getBoundingClientRect();
    // The box clips at its padding box: inside its border.
    const left = edge.left + box.clientLeft;
    const right = left + box.clientWidth;
    return [...box.querySelectorAll('[data-testid="axis-label"]')]
      .map((text) => ({ text: text.textContent, r: text.getBoundingClientRect() }))
      .filter(
        ({ r }) =>
          (r.left < left - 0.5 && r.right > left) || (r.right > right + 0.5 && r.left < right),
      )
      .map(({ text }) => text);
  });
}

// Issue 39, point 6: after Run to end at 390 px the t = 0 claim had scrolled off the left edge
// with nothing saying so, the axis read "= 6 s", and the trace's "Why" column was cut at the
// screen's right edge.
test('at 390 px after Run to end: no axis label is cut, a cue leads back to the earlier steps, and the trace table reads whole', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await freshStorage(page);
  await page.goto('/practice/timeline');
  const drawing = page.getByRole('region', { name: 'Timeline drawing' });
  for (const scenario of TIMELINE_SCENARIOS) {
    await page.getByRole('combobox', { name: 'Scenario' }).selectOption(`lib:${scenario.id}`);
    await runToEnd(page, scenario.events.length);
    const what = `${scenario.id} after Run to end`;
    await expect
      .poll(() => cutAxisLabels(page), { message: `${what}: axis labels cut` })
      .toEqual([]);
    const scrolledBy = await drawing.evaluate((box) => box.scrollLeft);
    if (scrolledBy === 0) continue;
    // The first steps are off the left edge: the learner is told, and the cue brings them back.
    const earlier = page.getByRole('button', { name: 'Earlier steps' });
    await drawing.scrollIntoViewIfNeeded();
    await expect(earlier, `${what}: the cue to earlier steps`).toBeInViewport();
    // The cue shows what the page last drew from the box's scroll (data-scrolled): wait until
    // it has caught up with the box before asking whether an earlier page is left, or a click
    // can land on a button the next render removes.
    const cue = page.getByTestId('scroll-cue');
    const caughtUp = async () => {
      const left = await drawing.evaluate((box) => Math.round(box.scrollLeft));
      return Number(await cue.getAttribute('data-scrolled')) === left;
    };
    await expect.poll(caughtUp, { message: `${what}: the cue follows the scroll` }).toBe(true);
    for (let i = 0; i < 10 && (await earlier.isVisible()); i += 1) {
      await earlier.click();
      await expect.poll(caughtUp, { message: `${what}: the cue follows the scroll` }).toBe(true);
      await expect.poll(() => cutAxisLabels(page), { message: `${what}: paged back` }).toEqual([]);
    }
    await expect(earlier, `${what}: no earlier steps left`).toBeHidden();
    await expect(drawing.locator('[data-testid="axis-tick"][data-t="0"]')).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Later steps' })).toBeVisible();
  }

  // The trace table of the last scenario, every step shown: nothing runs past the screen or its
  // cell, and each reason is on screen whole once scrolled to.
  const table = page.getByRole('region', { name: 'Trace table' });
  await table.scrollIntoViewIfNeeded();
  const fit = await table.evaluate((box) => ({
    scroll: box.scrollWidth,
    client: box.clientWidth,
    clipped: [...box.querySelectorAll('td')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => cell.textContent),
  }));
  expect(fit.scroll, 'the trace table scrolls sideways').toBeLessThanOrEqual(fit.client);
  expect(fit.clipped, 'cells whose text is clipped').toEqual([]);
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const why = rows.nth(i).getByRole('cell').nth(4);
    await why.scrollIntoViewIfNeeded();
    await expect(why, `row ${i + 1}: its Why`).not.toBeEmpty();
    await expect(why, `row ${i + 1}: its Why whole on screen`).toBeInViewport({ ratio: 1 });
  }
  // Stacked, it is still a table to assistive technology (its roles), with nothing axe objects to.
  expect(await seriousViolations(page), 'axe at 390 px, the table stacked').toEqual([]);
});
