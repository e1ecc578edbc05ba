import { expect, freshStorage, test, whenSaved } from './fixtures';

// Issue 23, "nothing lost": a learner who acts and then leaves by a full navigation (types an
// address, reloads, closes the tab) at once must find the record when they come back. The records
// database is written in the background, and a navigation within the few hundred milliseconds
// that write takes lost it (two fresh-clone CI runs failed on exactly this). Each case acts, then
// leaves IMMEDIATELY with page.goto, with no wait for <html data-saving> to clear, on purpose.

// The six cases run as steps of one test, in one page, instead of six tests: each fresh context
// and first load of the app in a new renderer was most of a case's CPU time. Each step starts from
// a first visit's storage (freshStorage: no records, no outbox, no filler of the step before),
// acts, leaves at once and comes back, keeping every check it had as a test of its own.
test('each kind of record is kept when the learner leaves at once: a quiz answer, a reveal rating, a checked prediction, a self-assessment; a damaged outbox and a full storage', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(6 * 120_000);
  await test.step('a quiz answer on /learn/mistakes is kept when the learner leaves at once', async () => {
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    const item = page.getByRole('article', { name: /expiry on record is enough/ });
    await item.getByRole('button', { name: 'False', exact: true }).click();
    await expect(item.getByRole('status')).toContainText(/the statement is (true|false)/);
    await page.goto('/');

    await page.goto('/learn/mistakes');
    const again = page.getByRole('article', { name: /expiry on record is enough/ });
    await expect(again.getByRole('button', { name: 'False', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('1 of 7 answered, 1 right on the first try')).toBeVisible();
  });
  await test.step('a reveal rating on /learn/questions is kept when the learner leaves at once', async () => {
    await freshStorage(page);
    await page.goto('/learn/questions');
    const question = page.getByRole('article', { name: /user cancels its task/ });
    await question.getByRole('button', { name: 'I don’t know yet' }).click();
    await question.getByRole('button', { name: 'Reveal the reference answer' }).click();
    await expect(question.getByText('Reference answer', { exact: true })).toBeVisible();
    await question.getByRole('button', { name: 'Missed' }).click();
    await expect(question.getByRole('button', { name: 'Missed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await page.goto('/learn/mistakes');

    await page.goto('/learn/questions');
    const again = page.getByRole('article', { name: /user cancels its task/ });
    await expect(again.getByRole('button', { name: 'Hide the reference answer' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await expect(again.getByRole('button', { name: 'Missed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
  await test.step('a checked prediction is kept when the learner leaves at once', async () => {
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    const name = /Generating tokens at random.*what happens/;
    const prediction = page.getByRole('article', { name });
    await prediction
      .getByRole('group', { name: /B’s report at 7/ })
      .getByRole('button', { name: 'Applied' })
      .click();
    await prediction
      .getByRole('group', { name: /A’s report at 8/ })
      .getByRole('button', { name: 'Applied' })
      .click();
    await prediction.getByRole('button', { name: 'Check my prediction' }).click();
    const verdict = prediction.getByRole('status').filter({ hasText: /first try/ });
    await expect(verdict).toContainText('Right on the first try.');
    await page.goto('/');

    await page.goto('/learn/mistakes');
    await expect(
      page
        .getByRole('article', { name })
        .getByRole('status')
        .filter({ hasText: /first try/ }),
    ).toContainText('Right on the first try.');
  });
  await test.step('a self-assessment rating is kept when the learner leaves at once', async () => {
    await freshStorage(page);
    await page.goto('/reflect/self-assessment');
    const group = page.getByRole('group', { name: 'Intermediate standard' });
    await group.getByRole('radio', { name: 'Confident' }).check();
    await expect(group.getByRole('radio', { name: 'Confident' })).toBeChecked();
    await page.goto('/');

    await page.goto('/reflect/self-assessment');
    const again = page.getByRole('group', { name: 'Intermediate standard' });
    await expect(again.getByText('Last rated confident')).toBeVisible();
    await expect(again.getByRole('radio', { name: 'Confident' })).toBeChecked();
  });
  await test.step('a damaged or foreign action left in the outbox is set aside and reported, and answers still save', async () => {
    await freshStorage(page);
    // Planted before the app's code runs, on the document freshStorage leaves the page on (which
    // runs no script of the app): once, so the later visit finds only what the app made of it.
    await page.evaluate(() => {
      localStorage.setItem('lease-lab.outbox.v1.zz-1-planted', '{not json');
      localStorage.setItem(
        'lease-lab.outbox.v1.zz-2-planted',
        JSON.stringify({ owner: 'another app', entries: 'all of them' }),
      );
    });
    await page.goto('/learn/mistakes');
    // The records notice (Next's route announcer is an alert too).
    const notice = page.getByRole('alert').filter({ hasText: 'lease-lab.outbox.v1.' });
    await expect(notice).toContainText(
      'Stored data under "lease-lab.outbox.v1.zz-1-planted" was damaged',
    );
    await expect(notice).toContainText('Stored data under "lease-lab.outbox.v1.zz-2-planted"');
    const kept = await page.evaluate(() => Object.keys(localStorage).sort());
    expect(kept.filter((k) => k.startsWith('lease-lab.outbox.v1.'))).toEqual([
      expect.stringMatching(/^lease-lab\.outbox\.v1\.zz-1-planted\.corrupt\.\d+$/),
      expect.stringMatching(/^lease-lab\.outbox\.v1\.zz-2-planted\.corrupt\.\d+$/),
    ]);

    const item = page.getByRole('article', { name: /expiry on record is enough/ });
    await item.getByRole('button', { name: 'False', exact: true }).click();
    await expect(item.getByRole('status')).toContainText(/the statement is (true|false)/);
    await page.goto('/learn/mistakes');
    await expect(
      page
        .getByRole('article', { name: /expiry on record is enough/ })
        .getByRole('button', { name: 'False', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
  await test.step('when browser storage is full, an answer still shows and is saved, and the page says leaving at once could lose it', async () => {
    await freshStorage(page);
    await page.goto('/learn/mistakes');
    const item = page.getByRole('article', { name: /expiry on record is enough/ });
    await expect(item.getByRole('button', { name: 'False', exact: true })).toBeEnabled();
    // Fill localStorage to its quota (characters of keys and values), so the outbox cannot hold
    // the batch.
    await page.evaluate(() => {
      let size = 4_000_000;
      let n = 0;
      while (size >= 1) {
        try {
          localStorage.setItem(`lease-lab.test-filler.${n}`, 'x'.repeat(size));
          n += 1;
        } catch {
          size = Math.floor(size / 2);
        }
      }
    });
    await item.getByRole('button', { name: 'False', exact: true }).click();
    await expect(item.getByRole('status')).toContainText(/the statement is (true|false)/);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Browser storage is full' }),
    ).toContainText(
      'Browser storage is full, so this action goes straight to your records database',
    );
    // Without the outbox the write must land before leaving: wait for it, as the notice says.
    await whenSaved(page);
    await page.goto('/learn/mistakes');
    await expect(
      page
        .getByRole('article', { name: /expiry on record is enough/ })
        .getByRole('button', { name: 'False', exact: true }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
