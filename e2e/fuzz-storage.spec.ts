import type { Page } from '@playwright/test';
import { expect, freshStorage, reloadWhenSaved, test } from './fixtures';
import { expectNoLongTask, longTaskMark, longTasksSince, recordLongTasks } from './long-tasks';

// Issue 27, the storage doors: a hand-edited or foreign value in the browser's storage is set
// aside (or reported) without freezing the page, a lost newest segment is reported, and a
// notice that cannot be acted on shows once. Cases 4, 5, 7, 8 and 9, and a compressed version
// that would unpack without end. Each measures main-thread CPU per task (e2e/long-tasks.ts).

// Playwright's trace snapshots the DOM in the page's main thread at every action: a long task of
// its own, which would be measured as the app's.
test.use({ trace: 'off' });

/**
 * Fails unless every main-thread task since `from` used under 200 ms of CPU time; first logs the
 * longest, so every run (one before a fix too) records the figure docs/security.md quotes.
 */
async function expectBounded(page: Page, from: number, what: string): Promise<void> {
  const tasks = await longTasksSince(page, from);
  const longest = tasks.reduce((m, t) => (t.duration > m.duration ? t : m), {
    start: 0,
    duration: 0,
    wall: 0,
  });
  const line = `${what}: longest main-thread task ${Math.round(longest.duration)} ms of CPU (${Math.round(longest.wall)} ms on the wall), ${tasks.length} tasks over 50 ms`;
  console.log(`[fuzz-storage] ${line}`);
  test.info().annotations.push({ type: 'longest task', description: line });
  await expectNoLongTask(page, from, 200, what);
}

const answer = (page: Page) => page.getByRole('textbox', { name: 'Your answer: Main question' });
const versions = (page: Page) =>
  page.getByRole('list', { name: 'Saved versions' }).getByRole('listitem');
const journalAlert = (page: Page) => page.getByRole('alert').filter({ hasText: 'history' });
const recordsAlert = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'problem with your lesson records' });

async function saveAnswer(page: Page, text: string, count: number) {
  await answer(page).fill(text);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(versions(page)).toHaveCount(count);
}

/** A text that lz-string cannot shrink, so every save of it is stored in full. */
function noisyText(seed: number, length = 20_000): string {
  let x = seed;
  let text = '';
  for (let i = 0; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    text += String.fromCharCode(0x4e00 + ((x >>> 0) % 20_000));
  }
  return text;
}

const EDITS_KEY = 'lease-lab.journal.v1.notes.handmade.0';

/**
 * Plants, in the page, a segment for "notes" whose second entry holds `edits` no-op edits
 * (`[0,0,"a"]`, 10 characters each), as a hand edit would leave it; returns its length. Built
 * in the page with `repeat`, so a 5 MB value costs the test no transfer.
 */
async function plantEdits(page: Page, edits: number): Promise<number> {
  return page.evaluate(
    ([key, count]) => {
      const head = JSON.stringify({
        v: 1,
        prompt: 'notes',
        writer: 'handmade',
        seq: 0,
      });
      const full = {
        id: 'a',
        g: 1,
        b: 0,
        p: null,
        t: 1,
        n: 4,
        k: 'save',
        f: 'text',
      };
      const edited = { id: 'b', g: 2, b: 1, p: 'a', t: 2, n: 4, k: 'save' };
      const o = `[${'[0,0,"a"],'.repeat(count - 1)}[0,0,"a"]]`;
      const raw = `${head.slice(0, -1)},"entries":[${JSON.stringify(full)},${JSON.stringify(edited).slice(0, -1)},"o":${o}}]}`;
      localStorage.setItem(key, raw);
      return raw.length;
    },
    [EDITS_KEY, edits] as const,
  );
}

/** Edits of 10 characters that fit the storage left, keeping `spare` characters for saves. */
async function editsThatFit(page: Page, spare: number): Promise<number> {
  const used = await page.evaluate(() =>
    Object.keys(localStorage).reduce(
      (sum, key) => sum + key.length + (localStorage.getItem(key) ?? '').length,
      0,
    ),
  );
  // Chromium's quota: 5,242,880 UTF-16 characters of keys and values per origin.
  return Math.floor((5_242_880 - used - EDITS_KEY.length - 200 - spare) / 10);
}

const oversized = (chars: number) =>
  `under "lease-lab.journal.v1.notes.handmade.0" was damaged or edited by hand (it holds ${chars.toLocaleString('en-US')} characters, more than the 400,000 of any part this app writes, so it was not read)`;

// The journal's storage doors run as steps of one test in one page: each step was a test of its
// own, and a fresh context's start and first load of /reflect cost about 1 s of CPU each. Every
// step starts from a first visit's storage (freshStorage) and its own long-task mark, and keeps
// every check it had.
test("the journal's storage doors, each bounded: cases 4, 5 and 9, and a compressed version that unpacks without end", async ({
  page,
}) => {
  test.setTimeout(5 * 120_000);
  await test.step('a 1.5 MB segment of 150,000 edits is set aside on load with no main-thread task of 200 ms, and the answer is kept (case 4)', async () => {
    await recordLongTasks(page);
    await page.goto('/reflect');
    await saveAnswer(page, 'Kept through the hostile segment.', 1);
    const chars = await plantEdits(page, 150_000);
    expect(chars).toBeGreaterThan(1_500_000);
    const from = await longTaskMark(page);
    await page.reload();
    await expect(journalAlert(page)).toContainText(oversized(chars));
    await expect(journalAlert(page)).toContainText(
      /so it was set aside as "lease-lab\.journal\.v1\.notes\.handmade\.0\.corrupt\.\d+"/,
    );
    await expect(answer(page)).toHaveValue('Kept through the hostile segment.');
    await expect(versions(page)).toHaveCount(1);
    // Nothing stored is lost: the whole value sits under its backup key.
    const kept = await page.evaluate((key) => {
      const backups = Object.keys(localStorage).filter((k) => k.startsWith(`${key}.corrupt.`));
      return {
        backups: backups.map((k) => localStorage.getItem(k)?.length),
        left: localStorage.getItem(key),
      };
    }, EDITS_KEY);
    expect(kept).toEqual({ backups: [chars], left: null });
    await expectBounded(page, from, 'loading /reflect beside a 150,000-edit segment');
  });
  await test.step('the largest segment of edits storage can hold, met while saving and on load: reported once, no main-thread task of 200 ms (case 4)', async () => {
    await freshStorage(page);
    await recordLongTasks(page);
    await page.goto('/reflect');
    await saveAnswer(page, 'Kept through the hostile segment.', 1);
    // The issue's million edits take 10 million characters: no browser storage here holds them
    // (a unit test, lib/journal/stored-bounds.test.ts, sets a million aside from a larger store).
    // The browser refuses them, so the largest number that fits is planted: ~520,000 edits.
    const refused = await page.evaluate(() => {
      try {
        localStorage.setItem('probe', '[0,0,"a"],'.repeat(1_000_000));
        return 'stored';
      } catch (error) {
        return (error as Error).name;
      }
    });
    expect(refused).toBe('QuotaExceededError');
    const edits = await editsThatFit(page, 60_000);
    expect(edits).toBeGreaterThan(500_000);
    // Left by hand while the page is open (no storage event in this tab): the journal meets it
    // when the learner saves a note, since a save first reads what storage holds for its prompt.
    const chars = await plantEdits(page, edits);
    const from = await longTaskMark(page);
    await page.getByRole('button', { name: /Personal notes/ }).click();
    await page
      .getByRole('textbox', { name: 'Your answer: Personal notes' })
      .fill('A note saved beside the hostile segment.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    // No room for a copy: it stays where it is, skipped, and the note is saved beside it.
    const notice = journalAlert(page).getByText(
      `${oversized(chars)}, so it could not be set aside (browser storage is full) and is skipped`,
    );
    await expect(notice).toHaveCount(1);
    await expect(versions(page)).toHaveCount(1);
    await page.reload();
    await page.getByRole('button', { name: /Personal notes/ }).click();
    await expect(versions(page)).toHaveCount(1);
    await expect(notice).toHaveCount(1);
    await page.getByRole('button', { name: /Main question/ }).click();
    await expect(answer(page)).toHaveValue('Kept through the hostile segment.');
    expect(await page.evaluate((key) => localStorage.getItem(key)?.length, EDITS_KEY)).toBe(chars);
    await expectBounded(page, from, `saving and loading beside ${edits} edits`);
  });
  await test.step('a stored compressed version that would unpack to 180 million characters is refused at 20,000, with no main-thread task of 200 ms', async () => {
    await freshStorage(page);
    await recordLongTasks(page);
    await page.goto('/reflect');
    await saveAnswer(page, 'Kept through the hostile segment.', 1);
    const z = packedBomb();
    expect(z.length).toBeLessThanOrEqual(20_000);
    const segment = JSON.stringify({
      v: 1,
      prompt: 'notes',
      writer: 'handmade',
      seq: 0,
      entries: [{ id: 'a', g: 1, b: 0, p: null, t: 1, n: 20_000, k: 'save', z }],
    });
    await page.evaluate(([key, raw]) => localStorage.setItem(key, raw), [EDITS_KEY, segment]);
    const from = await longTaskMark(page);
    await page.reload();
    await expect(journalAlert(page)).toContainText(
      /under "lease-lab\.journal\.v1\.notes\.handmade\.0" was damaged or edited by hand \(a compressed version unpacks to more than 20,000 characters\), so it was set aside as "lease-lab\.journal\.v1\.notes\.handmade\.0\.corrupt\.\d+"/,
    );
    await expect(answer(page)).toHaveValue('Kept through the hostile segment.');
    await expectBounded(page, from, 'loading a compressed version that unpacks without end');
  });
  await test.step('a lost newest segment is reported as versions missing after the last one left (case 5)', async () => {
    await freshStorage(page);
    await recordLongTasks(page);
    await page.goto('/reflect');
    // Whole rewrites: a segment closes past 60,000 characters, so the fourth opens the next one.
    for (let i = 1; i <= 5; i += 1) await saveAnswer(page, noisyText(i), i);
    // Something outside the app removes the newest segment.
    const { segments, lost } = await page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) =>
        /^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(k),
      );
      keys.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
      const newest = keys[keys.length - 1];
      const count = JSON.parse(localStorage.getItem(newest) as string).entries.length as number;
      localStorage.removeItem(newest);
      return { segments: keys.length, lost: count };
    });
    expect(segments).toBeGreaterThan(1);
    const from = await longTaskMark(page);
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    await expect(journalAlert(page)).toContainText(
      `${lost} ${lost === 1 ? 'version' : 'versions'} of "main" after save ${5 - lost} ${lost === 1 ? 'is' : 'are'} missing`,
    );
    await expect(answer(page)).toHaveValue(noisyText(5 - lost));
    await expectBounded(page, from, 'loading a history whose newest segment is gone');
  });
  await test.step('a part the app set aside as damaged is named as where its versions are, on that load and every later one', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    for (let i = 1; i <= 5; i += 1) await saveAnswer(page, noisyText(i), i);
    // The oldest part is damaged (by hand, or by a broken write); the app sets it aside on load.
    const { key, lost } = await page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) =>
        /^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(k),
      );
      keys.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
      const oldest = keys[0];
      const count = JSON.parse(localStorage.getItem(oldest) as string).entries.length as number;
      localStorage.setItem(oldest, '{"v":1, damaged');
      return { key: oldest, lost: count };
    });
    expect(lost).toBeLessThan(5);
    const gap = `${lost} ${lost === 1 ? 'version' : 'versions'} of "main" before save ${lost + 1} ${lost === 1 ? 'is' : 'are'} missing from the history shown: this app found the part of its saved history that held ${lost === 1 ? 'it' : 'them'} damaged and set it aside on `;
    const backups = () =>
      page.evaluate(
        (prefix) => Object.keys(localStorage).filter((k) => k.startsWith(prefix)),
        `${key}.corrupt.`,
      );
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    await expect.poll(backups).toHaveLength(1);
    const [backup] = await backups();
    expect(await page.evaluate((k) => localStorage.getItem(k), backup)).toBe('{"v":1, damaged');
    await expect(journalAlert(page).getByText(gap)).toContainText(`as "${backup}"`);
    // A later load: the part is still in the app's own backup key, not removed outside the app.
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    const notice = journalAlert(page);
    await expect(notice.getByText(gap)).toContainText(
      `as "${backup}", where its text is kept. The versions around the gap are intact.`,
    );
    await expect(notice).not.toContainText('outside this app');
    await notice.screenshot({ path: test.info().outputPath('set-aside-gap-later-load.png') });
    // The record of saves damaged too: set aside on the next load, and named on the one after.
    await page.evaluate(() => localStorage.setItem('lease-lab.journal.v1.record', '{"v":1, x'));
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    await expect(
      notice.getByText("The record of your journal's saved history is not in browser storage"),
    ).toContainText(/set it aside on .* as "lease-lab\.journal\.v1\.record\.corrupt\.\d+"/);
    await expect(notice).not.toContainText('outside this app');
    await notice.screenshot({ path: test.info().outputPath('set-aside-record-later-load.png') });
  });
  await test.step('the newest segment, its head record and its index of saves removed together are still reported, and so is the record of saves (issue 42, point 4)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    for (let i = 1; i <= 5; i += 1) await saveAnswer(page, noisyText(i), i);
    const lost = await page.evaluate(() => {
      const keys = Object.keys(localStorage).filter((k) =>
        /^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(k),
      );
      keys.sort((a, b) => Number(a.split('.').pop()) - Number(b.split('.').pop()));
      const newest = keys[keys.length - 1];
      const writer = newest.split('.')[4];
      const count = JSON.parse(localStorage.getItem(newest) as string).entries.length as number;
      localStorage.removeItem(newest);
      localStorage.removeItem(`lease-lab.journal.v1.main.${writer}.head`);
      localStorage.removeItem(`lease-lab.journal.v1.saves.${writer}`);
      return count;
    });
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    await expect(journalAlert(page)).toContainText(
      `${lost} ${lost === 1 ? 'version' : 'versions'} of "main" after save ${5 - lost} ${lost === 1 ? 'is' : 'are'} missing`,
    );
    // The record of saves removed as well: the parts left still say that it should be there.
    await page.evaluate(() => localStorage.removeItem('lease-lab.journal.v1.record'));
    await page.reload();
    await expect(versions(page)).toHaveCount(5 - lost);
    await expect(journalAlert(page)).toContainText(
      "The record of your journal's saved history is missing from browser storage",
    );
  });
  await test.step('a 5-million-character segment that cannot be set aside is reported once per load (case 9)', async () => {
    await freshStorage(page);
    await recordLongTasks(page);
    await page.goto('/reflect');
    // Not JSON, and too large to copy: the quota is 5,242,880 characters in all.
    await page.evaluate(() =>
      localStorage.setItem('lease-lab.journal.v1.main.handmade.0', `x${'{'.repeat(5_000_000)}`),
    );
    const from = await longTaskMark(page);
    await page.reload();
    const notice = journalAlert(page).getByText(
      'so it could not be set aside (browser storage is full) and is skipped',
    );
    await expect(notice).toHaveCount(1);
    // Saving reads the prompt's keys again: the notice must not come back with it.
    await saveAnswer(page, 'Saved beside the unmovable segment.', 1);
    await saveAnswer(page, 'Saved beside the unmovable segment, twice.', 2);
    await expect(notice).toHaveCount(1);
    await page.reload();
    await expect(versions(page)).toHaveCount(2);
    await expect(notice).toHaveCount(1);
    await expectBounded(page, from, 'two loads and two saves beside a 5 MB segment');
  });
});

/**
 * 20,000 characters in lz-string's UTF-16 format (the most a stored compressed entry may hold)
 * whose every code names the newest dictionary entry: lz-string unpacks them to ~180 million
 * characters. Written bit by bit as lz-string writes them (lib/journal/unpack.test.ts checks
 * the same construction against lz-string itself).
 */
function packedBomb(): string {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i += 1) bits.push((value >> i) & 1);
  };
  put(0, 2);
  put(97, 8);
  let numBits = 3;
  let enlargeIn = 4;
  for (let dictSize = 4; bits.length + numBits * 2 < 19_990 * 15; dictSize += 1) {
    put(dictSize, numBits);
    enlargeIn -= 1;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits += 1;
    }
  }
  put(2, numBits);
  let packed = '';
  for (let i = 0; i < bits.length; i += 15) {
    let value = 0;
    for (let j = 0; j < 15; j += 1) value = (value << 1) | (bits[i + j] ?? 0);
    packed += String.fromCharCode(value + 32);
  }
  return `${packed} `;
}

/** Plants a value in IndexedDB before the app opens it (an init script runs first on the page). */
async function plantBeforeLoad(page: Page, plant: 'foreign-database' | 'foreign-value') {
  await page.addInitScript((kind) => {
    if (sessionStorage.getItem('planted')) return;
    sessionStorage.setItem('planted', '1');
    const open =
      kind === 'foreign-database' ? indexedDB.open('lease-lab', 5) : indexedDB.open('lease-lab', 1);
    open.onupgradeneeded = () => {
      const db = open.result;
      if (kind === 'foreign-database') {
        db.createObjectStore('foreign').put({ note: 'kept by another app' }, 'k');
      } else {
        db.createObjectStore('blobs').put({ owner: 'another app' }, 'lease-lab.records.v1');
      }
    };
    open.onsuccess = () => open.result.close();
  }, plant);
}

/** Marks the first unread section read; returns its button's name, to look for after a reload. */
async function markOneRead(page: Page): Promise<string> {
  const mark = page.getByRole('button', { name: /^Mark as read: “.*”$/ });
  await expect(mark.first()).toBeVisible();
  const name = (await mark.first().getAttribute('aria-label')) as string;
  await mark.first().click();
  await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  return name;
}

/** After a reload: the records are loaded (buttons shown) and the marked section stays read. */
async function expectStillRead(page: Page, name: string) {
  await expect(page.getByRole('button', { name: /^Mark as read: “.*”$/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
}

test('a records database at version 5 with a foreign store is set aside, and the lesson saves again (case 7)', async ({
  page,
}) => {
  await recordLongTasks(page);
  await plantBeforeLoad(page, 'foreign-database');
  await page.goto('/learn');
  await expect(recordsAlert(page)).toContainText(
    'The browser database "lease-lab" that holds your records was not one this app makes (version 5, stores "foreign")',
  );
  await expect(recordsAlert(page)).toContainText(
    'set aside, whole, as the browser database "lease-lab.corrupt.',
  );
  await expect(recordsAlert(page)).not.toContainText('nothing will be saved');
  const marked = await markOneRead(page);
  const kept = await page.evaluate(async () =>
    (await indexedDB.databases()).map((d) => `${d.name}@${d.version}`),
  );
  expect(kept).toContain('lease-lab@1');
  expect(kept.some((name) => /^lease-lab\.corrupt\.\d+@1$/.test(name))).toBe(true);
  await reloadWhenSaved(page);
  await expectStillRead(page, marked);
  await expect(recordsAlert(page)).toHaveCount(0);
  // From the first load: setting the database aside, starting a fresh one, saving, reloading.
  await expectBounded(page, 0, 'a foreign records database set aside');
});

test('a foreign value under the records key is copied aside before it is replaced (case 8)', async ({
  page,
}) => {
  await recordLongTasks(page);
  await plantBeforeLoad(page, 'foreign-value');
  await page.goto('/learn');
  await expect(recordsAlert(page)).toContainText(
    'Something this app did not write was stored in place of your records (an object with the fields "owner")',
  );
  await expect(recordsAlert(page)).toContainText('copied aside as "lease-lab.records.v1.corrupt.');
  const marked = await markOneRead(page);
  await reloadWhenSaved(page);
  await expectStillRead(page, marked);
  await expect(recordsAlert(page)).toHaveCount(0);
  await expectBounded(page, 0, 'a foreign records value copied aside');
});

// Issue 42's other storage findings, each on the page that showed it (the full checks are
// storage-notices.spec.ts, storage-throws.spec.ts and journal-import.spec.ts; here the fuzz spec
// holds the probe's own inputs).
test('the probe’s storage inputs of issue 42: a foreign draft, a poisoned save number, a throwing getter (points 5, 7 and 6)', async ({
  page,
}) => {
  test.setTimeout(4 * 60_000);
  await test.step('{"x":5} under the prediction drafts is moved aside with a notice on /practice/timeline (point 5)', async () => {
    await freshStorage(page);
    // Planted before the app's first script (a page being left saves its drafts over it).
    await page.addInitScript(() => {
      if (sessionStorage.getItem('planted-drafts')) return;
      sessionStorage.setItem('planted-drafts', '1');
      localStorage.setItem('lease-lab.prediction-drafts.v1', '{"x":5}');
    });
    await page.goto('/practice/timeline');
    await expect(
      page
        .getByText(/(kept|set) aside as "lease-lab\.prediction-drafts\.v1\.corrupt\.\d+"/)
        .first(),
    ).toBeVisible();
  });
  await test.step('a save number of 1,000,000,000 left by an old import is repaired on load, and saving works (point 7)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    await saveAnswer(page, 'My own first answer.', 1);
    // As a build from before the import check stored it: a part, a head record and an index.
    await page.evaluate(() => {
      const text = 'Brought by an old import.';
      const far = 1_000_000_000;
      localStorage.setItem(
        'lease-lab.journal.v1.main.oldimport.0',
        JSON.stringify({
          v: 1,
          prompt: 'main',
          writer: 'oldimport',
          seq: 0,
          entries: [
            {
              id: 'far',
              g: far,
              b: 1,
              p: null,
              t: Date.now(),
              n: text.length,
              k: 'save',
              f: text,
            },
          ],
        }),
      );
      localStorage.setItem(
        'lease-lab.journal.v1.main.oldimport.head',
        JSON.stringify({ v: 1, prompt: 'main', writer: 'oldimport', gen: far }),
      );
    });
    await page.reload();
    await expect(journalAlert(page)).toContainText(
      /held save number 1,000,000,000, more than 1,000,000 above the save before it, .* its 1 version was saved again, the one out of range as save 2, after the history's newest: no text is lost/,
    );
    await expect(versions(page)).toHaveCount(2);
    await expect(answer(page)).toHaveValue('Brought by an old import.');
    await saveAnswer(page, 'Saved after the repair.', 3);
    await page.reload();
    await expect(versions(page)).toHaveCount(3);
    await expect(answer(page)).toHaveValue('Saved after the repair.');
  });
  await test.step('a version in the middle pushed out of range, then one past 1,000,000,000: every version shown in its place, one true notice each (review of points 4 and 7)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    for (let i = 1; i <= 6; i += 1) await saveAnswer(page, `Answer number ${i}.`, i);
    /** Sets, as a hand edit or an old build would, the stored save number of save `from`. */
    const pushOut = (from: number, to: number) =>
      page.evaluate(
        ([gen, far]) => {
          for (const key of Object.keys(localStorage)) {
            if (!/^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(key)) continue;
            const segment = JSON.parse(localStorage.getItem(key) as string);
            const hit = segment.entries.find((e: { g: number }) => e.g === gen);
            if (!hit) continue;
            hit.g = far;
            localStorage.setItem(key, JSON.stringify(segment));
            return key;
          }
          return null;
        },
        [from, to] as const,
      );
    const shownInPlace = async () => {
      await expect(versions(page)).toHaveCount(6);
      // Newest first: the history reads 6 to 1, each version with its own text.
      for (const n of [3, 5]) {
        await page.getByRole('button', { name: `Open version ${n}`, exact: true }).click();
        await expect(page.getByLabel(`Text of version ${n}`, { exact: true })).toHaveText(
          `Answer number ${n}.`,
        );
      }
      await expect(answer(page)).toHaveValue('Answer number 6.');
      await expect(journalAlert(page)).not.toContainText('missing');
    };
    expect(await pushOut(3, 999_999_999)).not.toBeNull();
    await page.reload();
    await expect(journalAlert(page)).toContainText(
      /held save number 999,999,999, more than 1,000,000 above the save before it, .* its \d+ versions? (was|were) saved again, the one out of range as save 3, its place in the history: no text is lost\./,
    );
    await shownInPlace();
    // Past the most the journal counts, the part used to fail its schema: set aside unread, its
    // versions reported missing and their text not shown.
    expect(await pushOut(5, 5_000_000_000)).not.toBeNull();
    await page.reload();
    await expect(journalAlert(page)).toContainText(
      /held save number 5,000,000,000, past 1,000,000,000, the most the journal counts .* the one out of range as save 5, its place in the history: no text is lost\./,
    );
    await shownInPlace();
    await page.screenshot({
      path: test.info().outputPath('reflect-renumbered.png'),
      fullPage: true,
    });
    await saveAnswer(page, 'Saved after both repairs.', 7);
    await page.reload();
    await expect(versions(page)).toHaveCount(7);
    await expect(journalAlert(page)).toHaveCount(0);
  });
  await test.step('a save number given twice by hand, then one of 1.5: every version shown in its place, no version reported missing (review 42c, F9 and F10)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    for (let i = 1; i <= 5; i += 1) await saveAnswer(page, `Answer number ${i}.`, i);
    /** Sets, as a hand edit would, the stored save number of save `from`. */
    const setGen = (from: number, to: number) =>
      page.evaluate(
        ([gen, next]) => {
          for (const key of Object.keys(localStorage)) {
            if (!/^lease-lab\.journal\.v1\.main\.[^.]+\.\d+$/.test(key)) continue;
            const segment = JSON.parse(localStorage.getItem(key) as string);
            const hit = segment.entries.find((e: { g: number }) => e.g === gen);
            if (!hit) continue;
            hit.g = next;
            localStorage.setItem(key, JSON.stringify(segment));
            return key;
          }
          return null;
        },
        [from, to] as const,
      );
    const allShown = async () => {
      await expect(versions(page)).toHaveCount(5);
      for (const n of [2, 3, 4]) {
        await page.getByRole('button', { name: `Open version ${n}`, exact: true }).click();
        await expect(page.getByLabel(`Text of version ${n}`, { exact: true })).toHaveText(
          `Answer number ${n}.`,
        );
      }
      await expect(answer(page)).toHaveValue('Answer number 5.');
      await expect(journalAlert(page)).not.toContainText('missing');
    };
    // Version 4 stored as save 3: reported, on every load, as "1 version of "main" between save
    // 3 and save 5 is missing", though all five were shown.
    expect(await setGen(4, 3)).not.toBeNull();
    await page.reload();
    await expect(journalAlert(page)).toContainText(
      /held save number 3 for a version the history shows was saved under another number.* the one renumbered as save 4, its place in the history: no text is lost\./,
    );
    await allShown();
    await page.screenshot({
      path: test.info().outputPath('reflect-copied-number.png'),
      fullPage: true,
    });
    // Save 2 stored as 1.5: its whole part was set aside unread, no version shown.
    expect(await setGen(2, 1.5)).not.toBeNull();
    await page.reload();
    await expect(journalAlert(page)).toContainText(
      /held save number 1\.5, where every save of this app gives a whole number.* the one renumbered as save 2, its place in the history: no text is lost\./,
    );
    await allShown();
    await saveAnswer(page, 'Saved after both repairs.', 6);
    await page.reload();
    await expect(versions(page)).toHaveCount(6);
    await expect(journalAlert(page)).toHaveCount(0);
  });
  await test.step('a record of saves that counts low, as two tabs saving at once left it, is raised on load (review of point 4)', async () => {
    await freshStorage(page);
    await page.goto('/reflect');
    for (let i = 1; i <= 3; i += 1) await saveAnswer(page, `Counted ${i}.`, i);
    const record = () =>
      page.evaluate(
        () =>
          JSON.parse(localStorage.getItem('lease-lab.journal.v1.record') as string).prompts.main,
      );
    expect(await record()).toEqual({ g: 3, n: 3 });
    // The tab written last had not read the other's versions: it counted one.
    await page.evaluate(() =>
      localStorage.setItem(
        'lease-lab.journal.v1.record',
        JSON.stringify({ v: 1, prompts: { main: { g: 3, n: 1 } } }),
      ),
    );
    await page.reload();
    await expect(versions(page)).toHaveCount(3);
    await expect(page.locator('[data-journal="ready"]')).toBeVisible();
    expect(await record()).toEqual({ g: 3, n: 3 });
    await expect(journalAlert(page)).toHaveCount(0);
  });
  await test.step('reading window.indexedDB throws: /reflect renders and says what it cannot read (point 6)', async () => {
    await page.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', {
        configurable: true,
        get() {
          throw new DOMException('Access to indexedDB is denied in this context.', 'SecurityError');
        },
      });
    });
    await page.goto('/reflect');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText("This page couldn't load")).toHaveCount(0);
    await expect(
      page
        .getByRole('region', { name: 'Mastery map' })
        .getByRole('alert')
        .filter({ hasText: 'Your records could not be opened' }),
    ).toBeVisible();
  });
});
