import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/*
 * A learner's steps in the timeline's scenario builder, shared by the builder's specs: open it
 * from a short example, add an event, find a trace row, and open the scenario's share link.
 */

/** Opens /practice/timeline, then the builder from its short example (6 events). */
export async function openBuilder(page: Page): Promise<void> {
  await page.goto('/practice/timeline');
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 8 events' })).toBeVisible();
  await page.getByRole('button', { name: 'Build your own' }).click();
  await page.getByRole('button', { name: 'Start from a short example' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ready: 6 events' })).toBeVisible();
}

/** Adds one event, filling only the fields given. */
export async function addEvent(
  page: Page,
  label: string,
  options: {
    worker?: string;
    resource?: string;
    /** The idempotency key of a gateway write to a key-only resource. */
    key?: string;
    reach?: string;
    compare?: string[];
    seconds?: string;
  } = {},
): Promise<void> {
  await page.getByRole('combobox', { name: 'New event' }).selectOption({ label });
  if (options.worker)
    await page.getByRole('combobox', { name: 'Worker', exact: true }).selectOption(options.worker);
  if (options.seconds !== undefined)
    await page.getByRole('spinbutton', { name: 'Seconds to advance' }).fill(options.seconds);
  if (options.resource !== undefined)
    await page.getByRole('textbox', { name: 'Resource' }).fill(options.resource);
  if (options.key !== undefined)
    await page.getByRole('textbox', { name: 'Idempotency key' }).fill(options.key);
  if (options.reach !== undefined)
    await page.getByRole('textbox', { name: 'Acceptors reached' }).fill(options.reach);
  for (const column of options.compare ?? [])
    await page
      .getByRole('group', { name: 'The re-queue also compares what the rescuer read' })
      .getByRole('checkbox', { name: column })
      .check();
  await page.getByRole('button', { name: 'Add event' }).click();
}

/** The trace table's row for an event, by its words. */
export const traceRow = (page: Page, text: string) =>
  page.getByRole('row').filter({ hasText: text });

/**
 * Opens the scenario's share link in a new page of the same browser and waits until it has
 * loaded all `events`: the page a friend who got the link would see.
 */
export async function openShareLink(page: Page, events: number): Promise<Page> {
  await page.getByRole('button', { name: 'Share link' }).click();
  const link = await page.getByRole('textbox', { name: 'Link to this scenario' }).inputValue();
  const fresh = await page.context().newPage();
  await fresh.goto(link);
  await expect(
    fresh.getByRole('status').filter({ hasText: `Ready: ${events} events` }),
  ).toBeVisible();
  return fresh;
}
