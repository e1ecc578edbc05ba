import type { Page } from '@playwright/test';
import { CASE_FILES } from '../content/cases';
import { DROP_STARTER } from '../content/claim-lab/programs';
import { expect, test } from './fixtures';

async function replaceProgram(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Lab program editor' }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

// A scripted learner solves one claim-lab challenge and one timeline scenario; Home and the
// PRACTICE hub then show that progress, and the path page ticks the step.
test('Home and the PRACTICE hub show real progress after one challenge and one timeline', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  const home = page.getByTestId('continue');
  await expect(home).toHaveAttribute('data-loaded', 'true', { timeout: 20_000 });
  await expect(page.getByTestId('continue-count')).toHaveText(/^0 of \d+ steps done/);

  // One claim-lab challenge.
  await page.goto('/practice/claim-lab');
  await page.getByRole('button', { name: 'Drop one condition' }).click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('fresh process');
  await replaceProgram(page, DROP_STARTER.replace(' AND fence = $token', ''));
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByText('Challenge solved. Saved in your records.')).toBeVisible({
    timeout: 20_000,
  });

  // One timeline scenario with full marks.
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
  for (const [write, choice] of [
    ['A claims the run', 'Applied'],
    ['B claims the run', 'Applied'],
    ['A submits (finish)', 'Refused'],
    ['B submits (finish)', 'Applied'],
  ] as const) {
    await page
      .getByRole('group', { name: write, exact: true })
      .getByRole('radio', { name: choice, exact: true })
      .check();
  }
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(page.getByText('Result saved in your records.')).toBeVisible();

  await page.goto('/practice');
  await expect(page.getByTestId('progress-/practice/claim-lab')).toHaveText(
    '1 of 4 challenges solved',
  );
  await expect(page.getByTestId('progress-/practice/timeline')).toHaveText(
    '1 of 13 scenarios with full marks',
  );

  // Home: the first path's timeline step is done, and Continue points at a step still due.
  await page.goto('/');
  await expect(page.getByTestId('continue-count')).toHaveText(/^1 of \d+ steps done/);
  await expect(
    home
      .getByRole('list', { name: /^Steps of/ })
      .getByRole('listitem')
      .filter({ hasText: 'Timeline' }),
  ).toContainText('(done)');
  await expect(home.getByRole('link', { name: /^Continue: / })).toBeVisible();
  // Home shows the practice that belongs to no single path: the challenge, the timeline and the
  // case files (none predicted yet), not just the one path's tick.
  await expect(page.getByTestId('home-progress-/practice/claim-lab')).toContainText(
    '1 of 4 challenges solved',
  );
  await expect(page.getByTestId('home-progress-/practice/timeline')).toContainText(
    '1 of 13 scenarios with full marks',
  );
  await expect(page.getByTestId('home-progress-/learn/case-files')).toContainText(
    `0 of ${CASE_FILES.length} case files predicted`,
  );

  // The compare path's claim lab step asks for exactly this challenge: its page ticks it. The
  // implement path asks for every challenge: one is not enough.
  await page.goto('/learn/paths/compare');
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Claim lab' }).getByTestId('step-done'),
  ).toBeVisible();
  await page.goto('/learn/paths/implement');
  const implementLab = page.getByRole('listitem').filter({ hasText: 'Claim lab' });
  await expect(implementLab).toContainText('all 4 challenges solved (1 of 4)');
  await expect(implementLab.getByTestId('step-done')).toHaveCount(0);
  // Every page ends with the next step of the path: on a path's own page, of that path.
  await expect(page.getByRole('navigation', { name: 'Next step' })).toContainText(
    'Next on the “Implement next” path:',
  );
});
