import { expect, test } from './fixtures';

test('rate the standards, reload, ratings kept; progress shows them and the evidence', async ({
  page,
}) => {
  await page.goto('/reflect/self-assessment');
  const ratings = [
    ['Basic standard', 'Confident'],
    ['Intermediate standard', 'Partly'],
    ['Senior standard', 'Not yet'],
  ] as const;
  for (const [name, rating] of ratings) {
    const group = page.getByRole('group', { name });
    await group.getByRole('radio', { name: rating }).check();
    if (name === 'Basic standard')
      await group
        .getByRole('textbox', { name: 'Note (optional)' })
        .fill('Paused worker A in the demo.');
    await group.getByRole('button', { name: `Save rating: ${name}` }).click();
    await expect(group.getByText(`Last rated ${rating.toLowerCase()}`)).toBeVisible();
  }

  await page.reload();
  for (const [name, rating] of ratings) {
    await expect(
      page.getByRole('group', { name }).getByRole('radio', { name: rating }),
    ).toBeChecked();
  }
  await expect(
    page
      .getByRole('group', { name: 'Basic standard' })
      .getByRole('textbox', { name: 'Note (optional)' }),
  ).toHaveValue('Paused worker A in the demo.');

  // A second rating of the same item is added to its history, not written over it.
  const basic = page.getByRole('group', { name: 'Basic standard' });
  await basic.getByRole('radio', { name: 'Partly' }).check();
  await basic.getByRole('button', { name: 'Save rating: Basic standard' }).click();
  const overTime = page
    .getByRole('list', { name: 'Ratings over time: Basic standard' })
    .getByRole('listitem');
  await expect(overTime).toHaveCount(2);
  await expect(overTime.first()).toContainText('Confident');
  await expect(overTime.last()).toContainText('Partly');
  await expect(
    page.getByRole('list', { name: 'Ratings over time: Senior standard' }),
  ).toContainText('Not yet');
  await expect(page.getByText('No evidence yet.').first()).toBeVisible();
});
