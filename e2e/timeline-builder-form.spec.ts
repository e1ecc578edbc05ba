import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, test } from './fixtures';

/*
 * The builder's "New event" form (issue 38's builder gaps): each event starts from a fresh form,
 * so a re-queue's ticks, a resource or a key never carry over unseen into the next event; and a
 * gateway write to a key-only resource carries its own idempotency key, not its resource's name.
 */

test('after "Add event" the re-queue’s ticks and the resource are fresh again; the share link keeps each event as added', async ({
  page,
}) => {
  await openBuilder(page);
  const compares = page.getByRole('group', {
    name: 'The re-queue also compares what the rescuer read',
  });
  await addEvent(page, 'Rescuer re-queues the run', { compare: ['owner (claimed_by)', 'status'] });
  // The same kind again: no box is ticked until the learner ticks one.
  await expect(compares.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add event' }).click();

  await addEvent(page, 'Gateway write', { worker: 'A', resource: 'journal' });
  await page.getByRole('combobox', { name: 'New event' }).selectOption({ label: 'Gateway write' });
  await expect(page.getByRole('textbox', { name: 'Resource' })).toHaveValue('email');
  await page.getByRole('combobox', { name: 'New event' }).selectOption({ label: 'Save draft' });
  // The operation id is its own field: it never shows the resource typed for a gateway write.
  await expect(page.getByRole('textbox', { name: 'Operation id' })).toHaveValue('op-1');

  const events = page.getByRole('list', { name: 'Events' });
  await expect(events).toContainText(
    'The rescuer re-queues the run (comparing owner and status with what it read)',
  );
  await expect(events.getByRole('listitem').nth(7)).toContainText(
    'The rescuer re-queues the run (by the run id alone)',
  );
  await expect(events.getByRole('listitem').nth(8)).toContainText(
    'A writes journal through the gateway',
  );
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 9 events' })).toBeVisible();

  await page.getByRole('button', { name: 'Run to end' }).click();
  const trace = await page.getByRole('table').innerText();
  const fresh = await openShareLink(page, 9);
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});

test('a gateway write to a key-only resource has its own key field: the same key is a duplicate, another is applied; the share link keeps the keys', async ({
  page,
}) => {
  await openBuilder(page);
  await page
    .getByRole('combobox', { name: 'Gateway check (resource fence)' })
    .selectOption({ label: 'Idempotency key only' });
  // Only a key-only resource asks for a key.
  await page.getByRole('combobox', { name: 'New event' }).selectOption({ label: 'Gateway write' });
  await expect(page.getByRole('textbox', { name: 'Idempotency key' })).toHaveValue('op-1');
  await page
    .getByRole('combobox', { name: 'Gateway check (resource fence)' })
    .selectOption({ label: 'Highest token seen' });
  await expect(page.getByRole('textbox', { name: 'Idempotency key' })).toHaveCount(0);
  await page
    .getByRole('combobox', { name: 'Gateway check (resource fence)' })
    .selectOption({ label: 'Idempotency key only' });

  await addEvent(page, 'Gateway write', { worker: 'A', resource: 'email', key: 'send-1' });
  await addEvent(page, 'Gateway write', { worker: 'B', resource: 'email', key: 'send-1' });
  await addEvent(page, 'Gateway write', { worker: 'B', resource: 'email', key: 'send-2' });
  const events = page.getByRole('list', { name: 'Events' });
  await expect(events.getByRole('listitem').nth(6)).toContainText(
    'A writes email through the gateway (key send-1)',
  );
  await expect(events.getByRole('listitem').nth(7)).toContainText(
    'B writes email through the gateway (key send-1)',
  );
  await expect(events.getByRole('listitem').nth(8)).toContainText(
    'B writes email through the gateway (key send-2)',
  );

  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(page, 'A writes email through the gateway (key send-1)')).toContainText(
    'applied, 1 row',
  );
  await expect(row(page, 'B writes email through the gateway (key send-1)')).toContainText(
    'duplicate',
  );
  await expect(row(page, 'B writes email through the gateway (key send-2)')).toContainText(
    'applied, 1 row',
  );
  const trace = await page.getByRole('table').innerText();

  const fresh = await openShareLink(page, 9);
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
});
