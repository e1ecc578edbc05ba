import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, freshStorage, test } from './fixtures';

// The two remote targets share one page as the steps of one test: each was a test of its own,
// paying a fresh context and a first load of the timeline (its bundles and the SQLite WASM
// compiled again). Each step starts as its test did, from a first visit's storage (freshStorage)
// and the builder's short example freshly loaded; the share link's tab is closed at its step's end.
test('remote targets in the builder: a 3-acceptor replicated target kept by the share link, its registration a predicted write; a fingerprint token from a clock running ahead, and the counter', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(2 * 120_000);
  await test.step('a 3-acceptor replicated target: a minority write is not committed, a stale one is refused, and it all survives the share link', async () => {
    await freshStorage(page);
    await openBuilder(page);
    await page
      .getByRole('combobox', { name: 'Gateway check (resource fence)' })
      .selectOption({ label: 'Majority of acceptors' });
    await expect(page.getByRole('combobox', { name: 'Acceptors' })).toHaveValue('3');
    await addEvent(page, 'Register generation at the gateway', {
      worker: 'B',
      resource: 'journal',
      reach: '1, 2',
    });
    await addEvent(page, 'Gateway write', { worker: 'A', resource: 'journal', reach: '3' });
    await addEvent(page, 'Gateway write', { worker: 'A', resource: 'journal', reach: '' });
    await addEvent(page, 'Gateway write', { worker: 'B', resource: 'journal', reach: '' });
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 10 events' })).toBeVisible();
    // The registration at the replicated resource is a write the learner predicts.
    await page
      .getByRole('group', { name: /B registers its generation at the gateway \(journal\)/ })
      .getByRole('radio', { name: 'Applied', exact: true })
      .check();
    await page.getByRole('button', { name: 'Run to end' }).click();

    await expect(row(page, 'B registers its generation at the gateway (journal)')).toContainText(
      'B registered fence 2 at the gateway (journal)',
    );
    await expect(row(page, 'B registers its generation at the gateway (journal)')).toContainText(
      'acceptors 1, 2 took it',
    );
    // A registration at a replicated resource is a write with its own verdict (issue 38, gap 4).
    await expect(row(page, 'B registers its generation at the gateway (journal)')).toContainText(
      'registered, 2 of 3 acceptors promised',
    );
    const minority = row(page, 'A writes journal through the gateway (it reaches acceptor 3)');
    await expect(minority).toContainText('not committed: stored by 1 of 3 acceptors');
    await expect(minority).toContainText('acceptor 3 took it');
    const stale = row(page, 'A writes journal through the gateway').filter({
      hasNotText: 'reaches acceptor',
    });
    await expect(stale).toContainText('not committed: stored by 1 of 3 acceptors');
    await expect(stale).toContainText('1, 2 had promised a higher fence');
    await expect(row(page, 'B writes journal through the gateway')).toContainText(
      'committed, 3 of 3 acceptors',
    );
    await expect(page.getByText('journal → acceptors 1, 2, 3 promised fence 2')).toBeVisible();
    const trace = await page.getByRole('table').innerText();

    const fresh = await openShareLink(page, 10);
    await expect(fresh.getByText('gateway check: majority of acceptors of 3')).toBeVisible();
    // The opened link offers the registration for a prediction, as every write.
    await expect(
      fresh
        .getByRole('group', { name: /B registers its generation at the gateway \(journal\)/ })
        .getByRole('radio', { name: 'Applied', exact: true }),
    ).toBeVisible();
    await fresh.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(fresh, 'B registers its generation at the gateway (journal)')).toContainText(
      'registered, 2 of 3 acceptors promised',
    );
    expect(await fresh.getByRole('table').innerText()).toBe(trace);
    await fresh.close();
  });
  await test.step('a fingerprint token: claimed_at from a clock running ahead lets the stale write through; the counter refuses it', async () => {
    await freshStorage(page);
    await openBuilder(page);
    await page.getByRole('spinbutton', { name: 'Clock offset of A (seconds)' }).fill('10');
    await page
      .getByRole('combobox', { name: 'Token the holder presents' })
      .selectOption({ label: 'claimed_at (the claimer’s clock)' });
    await addEvent(page, 'Gateway write', { worker: 'B', resource: 'file' });
    await addEvent(page, 'Gateway write', { worker: 'A', resource: 'file' });
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(page, 'B writes file through the gateway')).toContainText('claimed_at 6');
    const stale = row(page, 'A writes file through the gateway');
    await expect(stale).toContainText('applied, 1 row');
    await expect(stale).toContainText(
      'claimed_at 10 is not below the highest the gateway (file) had seen, claimed_at 6',
    );

    await page
      .getByRole('combobox', { name: 'Token the holder presents' })
      .selectOption({ label: 'Fence counter' });
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(row(page, 'A writes file through the gateway')).toContainText(
      'refused, 0 rows: highest fence seen',
    );
  });
});
