import type { Page } from '@playwright/test';
import { CASE_FILES, caseScenario } from '@/content/cases';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { layoutTimeline, type Scenario } from '@/lib/timeline';
import { expect, freshStorage, test } from './fixtures';

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
