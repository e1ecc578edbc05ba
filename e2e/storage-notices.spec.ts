import type { Page } from '@playwright/test';
import { STORAGE_KEYS } from '../lib/storage';
import { expect, freshStorage, test } from './fixtures';

// Issue 42, point 5: every value moved aside, on every page, shows a notice. A foreign value
// under `lease-lab.prediction-drafts.v1` was moved aside on /practice/timeline with nothing said
// (and so was one under the theme or the chosen path, on every page). Each key of lib/storage is
// planted with a foreign value before the page that reads it loads; the page must say that the
// value was kept aside, and the value must be under its backup key.

/** For each key of STORAGE_KEYS: the page that reads it, and the key to plant (prefixes: one of theirs). */
const READERS: Record<
  keyof typeof STORAGE_KEYS,
  { page: string; key: string; session?: true } | 'indexeddb'
> = {
  theme: { page: '/', key: STORAGE_KEYS.theme },
  learningPath: { page: '/learn', key: STORAGE_KEYS.learningPath },
  // Not in localStorage: a foreign value there is fuzz-storage.spec.ts's case 8.
  recordsDb: 'indexeddb',
  claimLabPrograms: { page: '/practice/claim-lab', key: STORAGE_KEYS.claimLabPrograms },
  claimLabProgress: { page: '/practice/claim-lab', key: STORAGE_KEYS.claimLabProgress },
  sqlSandboxScript: { page: '/practice/sql-sandbox', key: STORAGE_KEYS.sqlSandboxScript },
  predictionDrafts: { page: '/practice/timeline', key: STORAGE_KEYS.predictionDrafts },
  // In the tab's sessionStorage (kept across a reload, not shared with other tabs).
  crashLabPredictions: {
    page: '/practice/crash-lab',
    key: STORAGE_KEYS.crashLabPredictions,
    session: true,
  },
  timelineScenarios: { page: '/practice/timeline', key: STORAGE_KEYS.timelineScenarios },
  journal: { page: '/reflect', key: `${STORAGE_KEYS.journal}.main.handmade.0` },
  outbox: { page: '/learn', key: `${STORAGE_KEYS.outbox}.abc-1-abcdef` },
};

/** The foreign values planted: what the probe planted under the prediction drafts. */
const FOREIGN = {
  small: { name: '{"x":5}', value: '{"x":5}' },
  big: { name: 'a 1 MB text', value: JSON.stringify('x'.repeat(1_000_000)) },
};

/**
 * Plants, before the app's first script, the value a page's address asks for
 * (`?plant=<small|big>&key=<key>`), once per key: one init script for every step, so a step never
 * plants an earlier step's value again.
 */
async function planter(page: Page) {
  await page.addInitScript(() => {
    const asked = new URLSearchParams(location.search);
    const key = asked.get('key');
    const kind = asked.get('plant');
    if (!key || !kind || sessionStorage.getItem(`planted:${key}`)) return;
    sessionStorage.setItem(`planted:${key}`, '1');
    const store = asked.get('session') ? sessionStorage : localStorage;
    store.setItem(key, kind === 'big' ? JSON.stringify('x'.repeat(1_000_000)) : '{"x":5}');
  });
}

test('a foreign value under any key of lib/storage is moved aside with a notice on the page that reads it', async ({
  page,
}) => {
  test.setTimeout(8 * 60_000);
  await planter(page);
  for (const [name, reader] of Object.entries(READERS)) {
    if (reader === 'indexeddb') continue;
    for (const [kind, foreign] of Object.entries(FOREIGN)) {
      await test.step(`${name} (${reader.key}) holding ${foreign.name}, read on ${reader.page}`, async () => {
        await freshStorage(page);
        const session = reader.session ? '&session=1' : '';
        await page.goto(
          `${reader.page}?plant=${kind}&key=${encodeURIComponent(reader.key)}${session}`,
        );
        // The page's storage notice or the reader's own: either names where the value went.
        const where = new RegExp(
          `(kept|set) aside as "${reader.key.replace(/\./g, '\\.')}\\.corrupt\\.\\d+"`,
        );
        await expect(page.getByText(where).first()).toBeVisible();
        const kept = await page.evaluate(
          ({ key, session }) => {
            const store = session ? sessionStorage : localStorage;
            return Object.keys(store)
              .filter((k) => k.startsWith(`${key}.corrupt.`))
              .map((k) => store.getItem(k)?.length);
          },
          { key: reader.key, session: Boolean(reader.session) },
        );
        expect(kept).toEqual([foreign.value.length]);
      });
    }
  }
});
