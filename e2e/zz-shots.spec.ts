import initSqlJs from 'sql.js';
import { comparedDesigns } from '@/lib/lease';
import { CATALOG_BOUND } from '@/lib/checker/bound';
import { checkDesign } from '@/lib/checker/search';
import { toTimelineScenario } from '@/lib/checker/timeline-replay';
import { scenarioLink } from '@/lib/timeline';
import { expect, seriousViolations, test } from './fixtures';

for (const id of ['select-then-update', 'renew-without-token', 'worker-side-check']) {
  for (const [theme, width] of [['light', 1280], ['dark', 390]] as const) {
    test(`shot ${id} ${theme}`, async ({ page }) => {
      const SQL = await initSqlJs();
      const d = comparedDesigns().find((x) => x.id === id)!;
      const conv = toTimelineScenario(checkDesign(SQL, d, CATALOG_BOUND, { stateCache: true }).counterexample!, d.name);
      if (!conv.ok) throw new Error();
      await page.emulateMedia({ colorScheme: theme });
      await page.setViewportSize({ width, height: 1400 });
      await page.goto(scenarioLink(conv.scenario));
      await page.evaluate((t) => { document.documentElement.dataset.theme = t; document.documentElement.classList.toggle('dark', t === 'dark'); }, theme);
      await page.getByRole('button', { name: 'Run to end' }).click();
      await page.getByRole('region', { name: 'Timeline drawing' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/6b-${id}-${theme}.png`, fullPage: true });
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
}
