import type { Page } from '@playwright/test';
import { CASE_FILES } from '../content/cases';
import { expect, freshStorage, seriousViolations, test } from './fixtures';

/** Marks the nth write with this description (a case may repeat one, e.g. two sends). */
async function mark(page: Page, write: string, choice: 'Applied' | 'Refused', nth = 0) {
  await page
    .getByRole('group', { name: write, exact: true })
    .nth(nth)
    .getByRole('radio', { name: choice })
    .check();
}

/** The learner steps forward until the page announces step `step` of `total`. */
async function stepTo(page: Page, step: number, total: number) {
  const status = page.getByRole('status').filter({ hasText: /^(Ready:|Step \d)/ });
  for (;;) {
    const now = /^Step (\d+) of/.exec((await status.textContent()) ?? '')?.[1];
    const at = now ? Number(now) : 0;
    if (at >= step) break;
    await page.getByRole('button', { name: 'Step forward' }).click();
    await expect(status).toContainText(`Step ${at + 1} of ${total}`);
  }
}

// The five case files share one page as the steps of one test: each was a test of its own,
// paying a fresh context and a first load of the app (its bundles and the SQLite WASM compiled
// again). Each step starts as its test did, from a first visit's storage (freshStorage: no
// records, so each result is saved afresh) and a fresh load of its page.
test('case files: a learner predicts and runs cases 1, 5, 6, 12 and 7, with their variants, and sees the score and why', async ({
  page,
}) => {
  // Each step keeps the ceiling it had as a test of its own: a ceiling on waiting, not a pace.
  test.setTimeout(5 * 120_000);
  await test.step('before a run, no case file shows how it ended: the account after the run and the sources’ notes wait', async () => {
    await freshStorage(page);
    for (const file of CASE_FILES) {
      await page.goto(`/learn/case-files/${file.id}`);
      await expect(
        page.getByRole('status').filter({ hasText: /^Ready: \d+ events/ }),
      ).toBeVisible();
      // The records are read (what fixed it waits on them too) and say nothing was run.
      await expect(page.getByTestId('case-fixed-locked')).toBeVisible();
      await expect(page.getByText(file.account.beforeRun[0].slice(0, 60))).toBeVisible();
      await expect(page.getByTestId('case-after-locked')).toBeVisible();
      for (const paragraph of file.account.afterRun)
        await expect(page.getByText(paragraph.slice(0, 60)), file.id).toHaveCount(0);
      for (const source of file.sources)
        await expect(page.getByText(source.note.slice(0, 60)), file.id).toHaveCount(0);
    }
  });
  await test.step('case 1 from the list: a learner predicts every write, runs it and gets full marks', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files');
    const list = page.getByRole('list', { name: 'Case files' });
    await expect(list.getByRole('listitem')).toHaveCount(CASE_FILES.length);
    await page.getByRole('button', { name: 'Time only' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(3);
    await expect(list).toContainText('Chubby sequencers and lock-delay');
    await expect(list).toContainText('Oban Lifeline rescue');
    await expect(list).toContainText('ShedLock and a transaction’s clock');
    await page.getByRole('button', { name: 'Token checked at the resource' }).click();
    await list.getByRole('link', { name: /The GC pause and the storage write/ }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'The GC pause and the storage write',
    );
    await expect(page.getByText('client 1', { exact: true })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 7 events' })).toBeVisible();
    await mark(page, 'A claims the run', 'Applied');
    await mark(page, 'B claims the run', 'Applied');
    await mark(page, 'B writes storage through the gateway', 'Applied');
    await mark(page, 'A writes storage through the gateway', 'Refused');
    // Before the run: the setting, not how it ended.
    const gc = CASE_FILES[0];
    const afterRun = page.getByText(gc.account.afterRun[0].slice(0, 60));
    const sourceNote = page.getByText(gc.sources[0].note.slice(0, 60));
    await expect(page.getByRole('heading', { name: 'What happened next' })).toBeVisible();
    await expect(page.getByTestId('case-after-locked')).toBeVisible();
    await expect(afterRun).toHaveCount(0);
    await expect(sourceNote).toHaveCount(0);
    await page.getByRole('button', { name: 'Run to end' }).click();

    await expect(page.getByRole('heading', { name: 'Score: 4 / 4 · Full marks' })).toBeVisible();
    // The run's outcomes are on screen: the rest of the account opens, and the sources' notes.
    await expect(afterRun).toBeVisible();
    await expect(sourceNote).toBeVisible();
    await expect(page.getByTestId('case-after-locked')).toHaveCount(0);
    const late = page.getByRole('row').filter({ hasText: 'A writes storage through the gateway' });
    await expect(late).toContainText('refused');
    await expect(late).toContainText("has seen fencing token 34, higher than A's fencing token 33");
    await expect(page.getByText('Result saved in your records.')).toBeVisible();

    // The variant: client 2 has not written yet, so client 1's 33 lands.
    await page.getByRole('button', { name: 'Client 2 has not written yet' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    // A run not yet run: how the case ended waits for its outcomes as well.
    await expect(page.getByTestId('case-after-locked')).toBeVisible();
    await expect(afterRun).toHaveCount(0);
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: /Score: 0 \/ 5/ })).toBeVisible();
    await expect(afterRun).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: 'A writes storage through the gateway' }).nth(1),
    ).toContainText('applied');
    // What fixed it tells how the third run ends as well: it waits for that run.
    await expect(page.getByTestId('case-fixed-locked')).toContainText('2 of 3 run so far');
    await expect(page.getByText('Show what fixed it')).toHaveCount(0);
    await page.getByRole('button', { name: 'Token 34 registered at takeover' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await page.getByText('Show what fixed it').click();
    await expect(page.getByText('Registering the new token at the resource')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
  await test.step('case 5: a learner who expects the zombie producer’s send to land loses a point, and sees why', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/kafka-producer-epoch');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 11 events' })).toBeVisible();
    await expect(page.getByText('producer epoch', { exact: true })).toBeVisible();
    await mark(page, 'A claims the run', 'Applied');
    await mark(page, 'A writes orders-0 through the gateway', 'Applied', 0);
    await mark(page, 'B claims the run', 'Applied');
    await mark(page, 'A writes orders-0 through the gateway', 'Applied', 1);
    await mark(page, 'A submits (finish)', 'Refused');
    await mark(page, 'B writes orders-0 through the gateway', 'Applied');
    await mark(page, 'B submits (finish)', 'Applied');
    await page.getByRole('button', { name: 'Run to end' }).click();

    const score = page.getByRole('region', { name: 'Score: 6 / 7' });
    await expect(page.getByRole('heading', { name: 'Score: 6 / 7' })).toBeVisible();
    await expect(score).toContainText('you said applied, it was refused');
    await expect(score).toContainText(
      "has seen producer epoch 6, higher than A's producer epoch 5",
    );
    await expect(page.getByText('Result saved in your records.')).toBeVisible();
    const commit = page.getByRole('row').filter({ hasText: 'A submits (finish)' });
    await expect(commit).toContainText('refused');

    await expect(page.getByRole('link', { name: 'Check this design' })).toHaveAttribute(
      'href',
      '/practice/compare#design-fenced',
    );
    const open = page.getByRole('link', { name: 'Open in the timeline' });
    await expect(open).toHaveAttribute('href', /^\/practice\/timeline#[A-Za-z0-9_-]+$/);
    await open.click();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 11 events' })).toBeVisible();
    await expect(page.getByText('gateway check: highest producer epoch seen')).toBeVisible();
  });
  await test.step('case 6: Temporal refuses the late completion, and the email attempt 1 sent stays sent', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/temporal-range-id');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
    await page
      .getByRole('group', { name: 'Runs of this case' })
      .getByRole('button', { name: 'A late completion beside an email already sent' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 9 events' })).toBeVisible();
    await mark(page, 'A claims the run', 'Applied');
    await mark(page, 'A writes email through the gateway', 'Applied');
    await mark(page, 'B claims the run', 'Applied');
    await mark(page, 'B writes email through the gateway', 'Applied');
    await mark(page, 'B writes completion through the gateway', 'Applied');
    await mark(page, 'A writes completion through the gateway', 'Refused');
    await page.getByRole('button', { name: 'Run to end' }).click();

    await expect(page.getByRole('heading', { name: 'Score: 6 / 6 · Full marks' })).toBeVisible();
    const late = page
      .getByRole('row')
      .filter({ hasText: 'A writes completion through the gateway' });
    await expect(late).toContainText('refused');
    await expect(late).toContainText('the activity attempt is 2, A holds 1');
    const email = page.getByRole('row').filter({ hasText: 'A writes email through the gateway' });
    await expect(email).toContainText('checks nothing');
    await expect(page.getByText('Result saved in your records.')).toBeVisible();
  });
  await test.step('case 12: Hangfire refuses the superseded fetch’s keep-alive and removal on FetchedAt; by Id alone they land', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/hangfire-fetched-at');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Hangfire and the time of a fetch',
    );
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 12 events' })).toBeVisible();
    await mark(page, 'A claims the run', 'Applied');
    await mark(page, 'B claims the run', 'Applied');
    await mark(page, 'B writes job-output through the gateway', 'Applied');
    await mark(page, 'A renews its lease (heartbeat)', 'Refused');
    await mark(page, 'A writes job-output through the gateway', 'Applied');
    await mark(page, 'A submits (finish)', 'Refused');
    await mark(page, 'B submits (finish)', 'Applied');
    await page.getByRole('button', { name: 'Run to end' }).click();

    await expect(page.getByRole('heading', { name: 'Score: 7 / 7 · Full marks' })).toBeVisible();
    const removal = page.getByRole('row').filter({ hasText: 'A submits (finish)' });
    await expect(removal.getByRole('cell').nth(1)).toHaveText('refused');
    await expect(removal).toContainText(
      "A's finish was refused: attempted_at is 301, A's claim left 0",
    );
    await expect(page.getByRole('row').filter({ hasText: 'B submits (finish)' })).toContainText(
      "attempted_at was 301, as B's claim left it",
    );
    // Hangfire has no token: the unchecked job output names none, in the sentence or the panel.
    const output = page
      .getByRole('row')
      .filter({ hasText: 'A writes job-output through the gateway' });
    await expect(output).toContainText("A's stale write is never compared with anything");
    await expect(output).not.toContainText(/token \d/);
    await expect(page.getByRole('region', { name: 'Remote targets' })).not.toContainText(
      /token \d/,
    );
    await expect(page.getByText('Result saved in your records.')).toBeVisible();

    // Before 1.7.0 the same statements matched the row by Id alone.
    await page
      .getByRole('group', { name: 'Runs of this case' })
      .getByRole('button', { name: 'Before 1.7.0: by Id alone' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 10 events' })).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    const stale = page.getByRole('row').filter({ hasText: 'A submits (finish)' });
    await expect(stale.getByRole('cell').nth(1)).toHaveText('applied');
    await expect(stale).toContainText("A's stale finish landed");
    await expect(stale).toContainText('checks nothing but the run id');
    await expect(stale).toContainText('the culprit is A, the victim is B');
    expect(await seriousViolations(page)).toEqual([]);
  });
  await test.step('case 11: each run asks its own question, and only the first speaks of a transaction begun at t=0', async () => {
    await page.goto('/learn/case-files/shedlock-transaction-clock');
    const question = page
      .getByRole('region', { name: 'Predict each write' })
      .or(page.locator('section[aria-labelledby="case-predict"]'))
      .first();
    await expect(question).toContainText('inside a transaction that began at t=0');
    await page
      .getByRole('group', { name: 'Runs of this case' })
      .getByRole('button', { name: 'The lock in a transaction of its own' })
      .click();
    await expect(question).toContainText('in a transaction that begins with its lock statement');
    await expect(question).not.toContainText('began at t=0');
    await page
      .getByRole('group', { name: 'Runs of this case' })
      .getByRole('button', { name: /Each instance’s own clock/ })
      .click();
    await expect(question).toContainText('instance 1’s runs 180 s behind');
    await expect(question).not.toContainText('began at t=0');
  });
  await test.step('case 7: Lifeline, a rescuer lane, re-queues the running job and passes over it once completed', async () => {
    await freshStorage(page);
    await page.goto('/learn/case-files/oban-lifeline');
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 21 events' })).toBeVisible();
    await expect(page.getByRole('img', { name: /Rescuer \(a third party\)/ })).toBeVisible();
    // Each node's lease bar, step by step: a re-queue clears the row's lease_until to 0, and the
    // bar keeps the lease its attempt had (it drew node 1's bar not at all and node 2's as 0).
    const drawing = page.getByRole('region', { name: 'Timeline drawing' });
    const bar = (label: string) => drawing.getByText(label, { exact: true });
    await stepTo(page, 4, 21);
    await expect(bar('attempt 1 · lease_until 360 (run queued by the rescuer)')).toBeVisible();
    await stepTo(page, 5, 21);
    await expect(
      bar('attempt 1 · lease_until 360 (run queued by the rescuer, replaced at t = 361 s)'),
    ).toBeVisible();
    await expect(bar('attempt 2 · lease_until 721')).toBeVisible();
    await stepTo(page, 9, 21);
    await expect(
      bar('attempt 1 · lease_until 360 (run queued by the rescuer, replaced at t = 361 s)'),
    ).toBeVisible();
    await expect(
      bar('attempt 2 · lease_until 721 (run queued by the rescuer, replaced at t = 722 s)'),
    ).toBeVisible();
    await expect(bar('attempt 3 · lease_until 1082')).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('heading', { name: /Score: 0 \/ 12/ })).toBeVisible();
    const rescues = page
      .getByRole('row')
      .filter({ hasText: 'The rescuer re-queues the run (comparing status with what it read)' });
    await expect(rescues).toHaveCount(3);
    await expect(rescues.nth(0)).toContainText('the status was still running, as read');
    await expect(rescues.nth(2).getByRole('cell').nth(1)).toHaveText('refused');
    await expect(rescues.nth(2)).toContainText("the rescuer's read showed the run done");
    const late = page.getByRole('row').filter({ hasText: 'A submits (finish)' });
    await expect(late).toContainText('the culprit is A, the victim is C');

    // Our change: the attempt checked at completion. Lifeline still re-queues attempt 3.
    await page
      .getByRole('group', { name: 'Runs of this case' })
      .getByRole('button', { name: 'The attempt checked, as in the lesson' })
      .click();
    await expect(page.getByRole('status').filter({ hasText: 'Ready: 23 events' })).toBeVisible();
    await page.getByRole('button', { name: 'Run to end' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'A submits (finish)' })).toContainText(
      "A's finish was refused: the attempt column is 3, A's claim left 1",
    );
    await expect(page.getByRole('row').filter({ hasText: 'C submits (finish)' })).toContainText(
      "C's finish was refused: the status is queued, not running",
    );
    // Node 3's bar ends at Lifeline's re-queue with the lease attempt 3 had, through every step
    // after it (it read 'lease_until 0' from the step after the re-queue on).
    await expect(bar('attempt 3 · lease_until 1082 (run queued by the rescuer)')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
