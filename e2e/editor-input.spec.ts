import type { Page } from '@playwright/test';
import { editorReady, expect, HEAVY_LOAD, test } from './fixtures';
import { settled, stored } from './doors';

/*
 * Issue 42, point 2, after the hostile review: text of 1 MB or more that arrives in one input
 * event (a paste, a drop, an IME commit, a keyboard that inserts a whole text) gave the page a
 * main-thread task of 209-456 ms in the claim lab and the SQL sandbox. An editor now holds at
 * most 100,000 characters: text that would take it past that is refused in one line before
 * Monaco takes it, and the editor keeps what it had. Each path text can take into the editor is
 * tried with 1, 5 and 20 MB, measured by the page's own Long Tasks observer (wall time, as the
 * review measured it): no task may reach 200 ms.
 */

test.use({ trace: 'off' });

const MB = 1024 * 1024;
const SIZES = [1, 5, 20] as const;
/** The paths the review tried, each bounded at 200 ms. */
const PATHS = ['paste', 'drop', 'beforeinput', 'type'] as const;
type InputPath = (typeof PATHS)[number] | 'input';

/** Starts the page's Long Tasks observer before anything of the page runs. */
async function observeLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: { start: number; duration: number }[] = [];
    (window as unknown as { __longTasks: typeof seen }).__longTasks = seen;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        seen.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
}

async function longTasksSince(page: Page, from: number) {
  return page.evaluate(
    (since) =>
      (
        window as unknown as { __longTasks: { start: number; duration: number }[] }
      ).__longTasks.filter((t) => t.start + t.duration >= since),
    from,
  );
}

/**
 * Sends `megabytes` of SQL-looking text to the editor labelled `label` in one event of the given
 * path, the way a browser or an input method would, and returns the page's clock when the event
 * was sent. What the browser does before a page sees the event (making the text; for `input`,
 * putting it in the textarea: 2.3 s of Chromium's own for 20 MB) is done first, in a task of its
 * own, and not counted: the bound is on the page's handling of the event.
 */
async function send(page: Page, label: string, path: InputPath, megabytes: number) {
  await page.getByRole('textbox', { name: label }).focus();
  await page.evaluate(
    ({ label, path, size }) => {
      const line = 'SELECT 1; -- pasted\n';
      const text = line.repeat(Math.ceil(size / line.length)).slice(0, size);
      (window as unknown as { __text: string }).__text = text;
      if (path !== 'input') return;
      // An IME commit, or a keyboard whose text arrives with no cancelable beforeinput: the
      // browser has put the text in the textarea before the page hears of it.
      const area = document.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${label}"]`)!;
      const at = area.selectionStart;
      area.value = area.value.slice(0, at) + text + area.value.slice(area.selectionEnd);
      area.setSelectionRange(at + text.length, at + text.length);
    },
    { label, path, size: megabytes * MB },
  );
  return page.evaluate(
    ({ label, path }) => {
      const text = (window as unknown as { __text: string }).__text;
      const area = document.querySelector<HTMLTextAreaElement>(`textarea[aria-label="${label}"]`)!;
      const from = performance.now();
      if (path === 'paste' || path === 'drop') {
        const data = new DataTransfer();
        data.setData('text/plain', text);
        if (path === 'paste')
          area.dispatchEvent(
            new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
          );
        // A drop on the editor's text reaches it as this event (Monaco takes no drop itself).
        else
          area.dispatchEvent(
            new InputEvent('beforeinput', {
              inputType: 'insertFromDrop',
              dataTransfer: data,
              bubbles: true,
              cancelable: true,
            }),
          );
      } else if (path === 'beforeinput') {
        area.dispatchEvent(
          new InputEvent('beforeinput', {
            inputType: 'insertText',
            data: text,
            bubbles: true,
            cancelable: true,
          }),
        );
      } else if (path === 'input') {
        area.dispatchEvent(
          new InputEvent('input', { inputType: 'insertText', data: text, bubbles: true }),
        );
      } else {
        // editor.trigger('keyboard', 'type', { text }): the editor found from its React props.
        const host = area.closest('section') ?? area;
        const key = Object.keys(host).find((k) => k.startsWith('__reactFiber$'))!;
        type Fiber = { return: Fiber | null; memoizedState: Hook | null };
        type Hook = { memoizedState: unknown; next: Hook | null };
        type Editor = { trigger(source: string, id: string, payload: unknown): void };
        let fiber = (host as unknown as Record<string, Fiber>)[key];
        let editor: Editor | null = null;
        while (fiber && !editor) {
          for (let hook = fiber.memoizedState; hook && !editor; hook = hook.next) {
            const current = (hook.memoizedState as { current?: unknown } | null)?.current;
            if (current && typeof (current as Editor).trigger === 'function')
              editor = current as Editor;
          }
          fiber = fiber.return!;
        }
        editor!.trigger('keyboard', 'type', { text });
      }
      (window as unknown as { __text: string }).__text = '';
      return from;
    },
    { label, path },
  );
}

interface Editor {
  route: string;
  label: string;
  /** Text the editor shows when it opens. */
  opening: string;
}

const EDITORS: readonly Editor[] = [
  { route: '/practice/claim-lab', label: 'Lab program editor', opening: 'UPDATE runs' },
  { route: '/practice/sql-sandbox', label: 'SQL script editor', opening: 'UPDATE runs' },
];

const name = (editor: Editor) => editor.route.split('/').at(-1);

for (const editor of EDITORS) {
  test(`${editor.route}: 1, 5 and 20 MB in one input event are refused in one line, no task of 200 ms, the text kept`, async ({
    page,
  }) => {
    test.setTimeout(10 * 60_000);
    await observeLongTasks(page);
    await page.goto(editor.route);
    await editorReady(page);
    const lines = page.locator('.monaco-editor .view-lines');
    await expect(lines).toContainText(editor.opening);
    const refusal = page.getByRole('alert').filter({ hasText: /^Not added:/ });
    const failures: string[] = [];
    const before = await stored(page);
    for (const size of SIZES) {
      for (const path of PATHS) {
        await test.step(`${size} MB by ${path}`, async () => {
          await settled(page);
          const from = await send(page, editor.label, path, size);
          // The editor's answer: the refusal line (or, before the bound, the text it took).
          await expect(refusal.or(lines.getByText('SELECT 1; -- pasted').first())).toBeVisible(
            HEAVY_LOAD,
          );
          await settled(page);
          const tasks = await longTasksSince(page, from);
          const longest = tasks.reduce((m, t) => Math.max(m, t.duration), 0);
          const line = `${editor.route} ${size} MB by ${path}: longest task ${Math.round(longest)} ms`;
          console.log(`[editor-input] ${line}`);
          test.info().annotations.push({ type: 'longest task', description: line });
          if (longest >= 200) failures.push(line);
          await expect(refusal).toHaveText(
            new RegExp(
              `^Not added: ${(size * MB).toLocaleString('en-US')} characters would make this text [\\d,]+ long; the editor holds at most 100,000\\. What you had is kept\\.$`,
            ),
          );
          await expect(lines).toContainText(editor.opening);
          await expect(lines).not.toContainText('-- pasted');
          // What the learner sees (test-results is not kept): the editor with its line.
          if (size === 1 && path === 'paste')
            for (const colorScheme of ['light', 'dark'] as const) {
              await page.emulateMedia({ colorScheme });
              await page
                .locator('section', { has: refusal })
                .first()
                .screenshot({
                  path: `test-results/editor-refused-${name(editor)}-${colorScheme}.png`,
                });
            }
        });
      }
    }
    // Nothing of it reached storage: what was saved before is there as it was.
    expect(await stored(page)).toEqual(before);
    // The line goes with the next edit the editor takes.
    await page.keyboard.type('x');
    await expect(refusal).toHaveCount(0);
    expect(failures, 'inputs with a main-thread task of 200 ms or more').toEqual([]);
  });
}

test('text the browser put in the editor’s textarea before any event is refused too, and the editor types correctly after', async ({
  page,
}) => {
  // An IME commit or a keyboard with no cancelable beforeinput: Chromium inserts the text in the
  // editor's hidden textarea, then says so in an input event. The page refuses it without
  // reading it into Monaco, and empties the textarea. Chromium's own work on the textarea (2.3 s
  // to insert 20 MB of lines here, and their removal) is in the page's main thread as well, and
  // no script can keep it out: the tasks are reported, not bounded.
  test.setTimeout(10 * 60_000);
  await observeLongTasks(page);
  await page.goto('/practice/sql-sandbox');
  await editorReady(page);
  const lines = page.locator('.monaco-editor .view-lines');
  const refusal = page.getByRole('alert').filter({ hasText: /^Not added:/ });
  for (const size of SIZES) {
    await test.step(`${size} MB by input`, async () => {
      await settled(page);
      const from = await send(page, 'SQL script editor', 'input', size);
      await expect(refusal).toContainText(`${(size * MB).toLocaleString('en-US')} characters`);
      await settled(page);
      const longest = (await longTasksSince(page, from)).reduce(
        (m, t) => Math.max(m, t.duration),
        0,
      );
      const line = `sql-sandbox ${size} MB by input: longest task ${Math.round(longest)} ms`;
      console.log(`[editor-input] ${line}`);
      test.info().annotations.push({ type: 'longest task', description: line });
      await expect(lines).not.toContainText('-- pasted');
      // Monaco and its textarea agree again: what is typed next is what arrives.
      await page.keyboard.type(`x${size}y`);
      await expect(lines).toContainText(`x${size}y`);
      await expect(refusal).toHaveCount(0);
    });
  }
});

/**
 * Composes `text` in the focused editor as an input method does, then commits it (CDP), and
 * returns once the page has seen the composition end: the protocol answers before the page has
 * handled the commit, and keys typed in between would be typed into the composition.
 */
async function compose(page: Page, text: string): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { __composed: Promise<void> }).__composed = new Promise((ended) =>
      document.addEventListener('compositionend', () => ended(), { capture: true, once: true }),
    );
  });
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.imeSetComposition', {
      text,
      selectionStart: text.length,
      selectionEnd: text.length,
    });
    await cdp.send('Input.insertText', { text });
  } finally {
    await cdp.detach();
  }
  await page.evaluate(() => (window as unknown as { __composed: Promise<void> }).__composed);
}

for (const editor of EDITORS) {
  test(`${editor.route}: 1 MB composed by an input method is refused in one line, the text kept, typing works after`, async ({
    page,
  }) => {
    // An IME composition: `beforeinput` cannot be cancelled and Chromium puts the text in the
    // editor's textarea itself, a composition of lines one line at a time (before the bound on
    // compositions, 1 MB of lines here ran for more than 5 minutes). The time it takes now is
    // reported by `npm run bench:editor-input`; this test holds the behaviour.
    test.setTimeout(4 * 60_000);
    await page.goto(editor.route);
    await editorReady(page);
    const lines = page.locator('.monaco-editor .view-lines');
    await expect(lines).toContainText(editor.opening);
    const refusal = page.getByRole('alert').filter({ hasText: /^Not added:/ });
    const before = await stored(page);
    await page.getByRole('textbox', { name: editor.label }).focus();
    const line = 'SELECT 1; -- composed\n';
    await compose(page, line.repeat(Math.ceil(MB / line.length)).slice(0, MB));
    await expect(refusal).toHaveText(
      /^Not added: 1,048,576 characters would make this text [\d,]+ long; the editor holds at most 100,000\. What you had is kept\.$/,
      HEAVY_LOAD,
    );
    await settled(page);
    await expect(lines).toContainText(editor.opening);
    await expect(lines).not.toContainText('-- composed');
    expect(await stored(page)).toEqual(before);
    // The editor and its textarea agree: what is typed next is what arrives, and the line goes.
    await page.keyboard.type('x42y');
    await expect(lines).toContainText('x42y');
    await expect(refusal).toHaveCount(0);
  });
}
