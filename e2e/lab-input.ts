import type { Locator, Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';
import { longTaskMark, recordLongTasks } from './long-tasks';
import { settled } from './doors';

// How the big-result specs (big-results.spec.ts, fuzz-doors.spec.ts) give the claim lab and the
// SQL sandbox their input, run it and ask for more of a long list, as a learner would.

export const LAB_EDITOR = 'Lab program editor';
export const SQL_EDITOR = 'SQL script editor';
export const PROGRAMS_KEY = 'lease-lab.claim-lab.programs.v1';
// By CSS inside measured windows: a role query walks the whole DOM in the page's main thread.
export const runStatus = (page: Page) =>
  page.locator('[data-testid="lab-output"] > p[role="status"]');
export const steps = (page: Page) => page.locator('section[aria-labelledby="steps-heading"]');
export const output = (page: Page) => page.getByTestId('lab-output');

/**
 * Opens the claim lab or the SQL sandbox with its long tasks recorded, and waits until its editor
 * shows the starter program (and, in the lab, the type checker is ready).
 */
export async function openEditor(
  page: Page,
  path: '/practice/claim-lab' | '/practice/sql-sandbox',
) {
  await recordLongTasks(page);
  await page.goto(path);
  await editorReady(page);
  await expect(page.locator('.monaco-editor .view-lines')).toContainText('UPDATE runs');
  if (path === '/practice/claim-lab')
    await expect(page.locator('[data-types-ready="true"]')).toHaveCount(1, HEAVY_LOAD);
}

/** Replaces the editor's text with `text`, arriving as one input event (an IME commit, a drop). */
export async function insertAsOneEvent(page: Page, editor: string, text: string): Promise<void> {
  await page.getByRole('textbox', { name: editor }).focus();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}

/** Plants `source` as the lab's program (one input event) and waits until the page settled. */
export async function plant(page: Page, source: string): Promise<void> {
  await insertAsOneEvent(page, LAB_EDITOR, source);
  await expect(page.getByRole('button', { name: 'Reset to the original' })).toBeEnabled();
  await settled(page);
}

/** Runs the planted program, waits for its result line, and returns the mark before the click. */
export async function runPlanted(page: Page, result: RegExp): Promise<number> {
  const from = await longTaskMark(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(runStatus(page)).toHaveText(result, HEAVY_LOAD);
  await settled(page);
  return from;
}

/** Presses the "Show N more" button of `scope` by keyboard; returns the mark before the press. */
export async function showMoreByKeyboard(page: Page, scope: Locator): Promise<number> {
  const more = scope.getByRole('button', { name: /^Show \d[\d,]* more/ }).first();
  await more.focus();
  const from = await longTaskMark(page);
  await page.keyboard.press('Enter');
  return from;
}

/** Counts the page's writes to the saved programs from now on (`programWrites` reads it). */
export async function countProgramWrites(page: Page): Promise<void> {
  await page.evaluate(() => {
    const calls = { n: 0 };
    (window as unknown as { __writes: typeof calls }).__writes = calls;
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      if (key.startsWith('lease-lab.claim-lab.programs')) calls.n += 1;
      return setItem.call(this, key, value);
    };
  });
}

/** How many writes to the saved programs the page made since `countProgramWrites`. */
export const programWrites = (page: Page) =>
  page.evaluate(() => (window as unknown as { __writes: { n: number } }).__writes.n);

/** The lab's saved program for the demo exercise, as storage holds it. */
export async function savedDemoProgram(page: Page): Promise<string> {
  const saved = await page.evaluate((key) => localStorage.getItem(key), PROGRAMS_KEY);
  return (JSON.parse(saved ?? '{}') as Record<string, string>).demo ?? '';
}

/** Runs `body` as a step; a failure is kept and the next step still runs (each plants its own). */
export async function step(failures: string[], name: string, body: () => Promise<void>) {
  await test.step(name, async () => {
    try {
      await body();
    } catch (error) {
      failures.push(`${name}:\n${error instanceof Error ? error.message : String(error)}`);
    }
  });
}
