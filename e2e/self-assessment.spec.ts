import { expect, freshStorage, test } from './fixtures';

// The three journeys run as steps of one test, in one page, instead of three tests: each fresh
// context and first load of the app in a new renderer was most of a journey's CPU time. Each step
// starts from a first visit's storage (freshStorage: no ratings or notes of the step before) and
// loads /reflect/self-assessment itself, keeping every check it had as a test of its own.
test('self-assessment: ratings kept across a reload with their history and evidence; a rating and a note, or a note alone, left without waiting are kept', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(3 * 120_000);
  await test.step('rate the standards, reload, ratings kept; progress shows them and the evidence', async () => {
    await freshStorage(page);
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
      // No save button: the rating saves itself after a pause.
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
    await expect(basic.getByText('Last rated partly')).toBeVisible();
    const overTime = page
      .getByRole('list', { name: 'Ratings over time: Basic standard' })
      .getByRole('listitem');
    await expect(overTime).toHaveCount(2);
    await expect(overTime.first()).toContainText('Confident');
    await expect(overTime.last()).toContainText('Partly');
    await expect(
      page.getByRole('list', { name: 'Ratings over time: Senior standard' }),
    ).toContainText('Not yet');
    await expect(page.getByText('0 of 2 exercises passed').first()).toBeVisible();
  });
  await test.step('a rating and a note left without waiting are still there after navigating away', async () => {
    await freshStorage(page);
    await page.goto('/reflect/self-assessment');
    const group = page.getByRole('group', { name: 'Intermediate standard' });
    await group.getByRole('radio', { name: 'Partly' }).check();
    await group
      .getByRole('textbox', { name: 'Note (optional)' })
      .fill('Half way through the renewal rule');
    await expect(group.getByRole('status')).toHaveText('Unsaved changes (autosave after a pause)');
    // Leave at once, by a link inside the app (no pagehide), then come back.
    await page.getByRole('link', { name: 'your answer journal' }).click();
    await expect(page).toHaveURL(/\/reflect$/);
    await page.goBack();
    const again = page.getByRole('group', { name: 'Intermediate standard' });
    await expect(again.getByRole('radio', { name: 'Partly' })).toBeChecked();
    await expect(again.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(
      'Half way through the renewal rule',
    );
    await expect(again.getByRole('status')).toHaveText('All changes saved');
    // And after a full reload too (the records database, not just memory).
    await page.reload();
    await expect(
      page
        .getByRole('group', { name: 'Intermediate standard' })
        .getByRole('textbox', { name: 'Note (optional)' }),
    ).toHaveValue('Half way through the renewal rule');
  });
  await test.step('a note written without a rating survives leaving the page and a reload', async () => {
    await freshStorage(page);
    await page.goto('/reflect/self-assessment');
    const group = page.getByRole('group', { name: 'Senior standard' });
    const note = group.getByRole('textbox', { name: 'Note (optional)' });
    await note.fill('Not sure yet how the gateway learns the newest token');
    await expect(group.getByRole('status')).toHaveText('Unsaved changes (autosave after a pause)');
    // Leave at once by a link inside the app, no rating chosen, then come back.
    await page.getByRole('link', { name: 'your answer journal' }).click();
    await expect(page).toHaveURL(/\/reflect$/);
    await page.goBack();
    const again = page.getByRole('group', { name: 'Senior standard' });
    await expect(again.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(
      'Not sure yet how the gateway learns the newest token',
    );
    await expect(again.getByRole('status')).toHaveText('All changes saved');
    // Nothing was rated: the note is saved on its own.
    await expect(again.getByRole('radio', { name: 'Not yet' })).not.toBeChecked();
    await page.reload();
    const reloaded = page.getByRole('group', { name: 'Senior standard' });
    await expect(reloaded.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(
      'Not sure yet how the gateway learns the newest token',
    );
    // Rating later keeps the note with the rating.
    await reloaded.getByRole('radio', { name: 'Partly' }).check();
    await expect(reloaded.getByText('Last rated partly')).toBeVisible();
    await expect(reloaded.getByRole('textbox', { name: 'Note (optional)' })).toHaveValue(
      'Not sure yet how the gateway learns the newest token',
    );
  });
});
