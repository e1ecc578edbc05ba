import { addEvent, openBuilder, openShareLink, traceRow as row } from './builder-steps';
import { expect, test } from './fixtures';

/*
 * Two of issue 38's builder gaps, as a learner meets them. The setting "Fenced targets learn a
 * generation" says what it does: with registration, the gateway learns a new holder's generation
 * from its Register event (and refuses the old holder's write after it); with first writes only,
 * a Register event is ignored. And the Workers panel lists a worker only once it has claimed (B
 * was listed "running, fence 0" before its claim).
 */

const REGISTERS =
  'gateway learns a generation when its holder registers it (a register event after the claim)';

test('the registration setting says what it does, the gateway does that, and the share link keeps it', async ({
  page,
}) => {
  await openBuilder(page);
  const learns = page.getByRole('combobox', { name: 'Fenced targets learn a generation' });
  await learns.selectOption({ label: 'When its holder registers it' });
  await addEvent(page, 'Register generation at the gateway', { worker: 'B', resource: 'journal' });
  await addEvent(page, 'Gateway write', { worker: 'A', resource: 'journal' });
  await expect(page.getByText(REGISTERS)).toBeVisible();

  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(page, 'B registers its generation at the gateway (journal)')).toBeVisible();
  await expect(row(page, 'A writes journal through the gateway')).toContainText('refused, 0 rows');
  const trace = await page.getByRole('table').innerText();

  const fresh = await openShareLink(page, 8);
  await expect(fresh.getByText(REGISTERS)).toBeVisible();
  await fresh.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(fresh, 'A writes journal through the gateway')).toContainText('refused, 0 rows');
  expect(await fresh.getByRole('table').innerText()).toBe(trace);
  await fresh.close();

  // The other choice says the registration is ignored, and it is: A's old generation gets in.
  await learns.selectOption({ label: 'Only on its first write' });
  await expect(
    page.getByText('gateway learns a generation from that generation’s first write'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await expect(row(page, 'A writes journal through the gateway')).toContainText('applied, 1 row');
});

test('the Workers panel lists a worker from its claim on, and the share link shows the same', async ({
  page,
}) => {
  await openBuilder(page);
  const workers = page.getByRole('region', { name: 'Workers' });
  const step = page.getByRole('button', { name: 'Step forward' });

  await step.click();
  await expect(workers).toContainText('A running');
  await expect(workers).not.toContainText('B ');
  for (let i = 0; i < 3; i += 1) await step.click();
  await expect(workers).toContainText('B running');

  const fresh = await openShareLink(page, 6);
  const freshWorkers = fresh.getByRole('region', { name: 'Workers' });
  await fresh.getByRole('button', { name: 'Step forward' }).click();
  await expect(freshWorkers).toContainText('A running');
  await expect(freshWorkers).not.toContainText('B ');
});
