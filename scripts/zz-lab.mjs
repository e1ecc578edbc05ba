import { readdirSync, readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startStaticServer } from './static-server.mjs';
import { executablePath, TEST_BROWSER_ARGS, testBrowserEnv } from './test-browser.mjs';
function treeCpu(root) {
  const children = new Map(); const cpu = new Map();
  for (const name of readdirSync('/proc')) { if (!/^\d+$/.test(name)) continue; let stat; try { stat = readFileSync(`/proc/${name}/stat`, 'utf8'); } catch { continue; }
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' '); cpu.set(Number(name), f.slice(11, 15).reduce((s, t) => s + Number(t), 0));
    children.set(Number(f[1]), [...(children.get(Number(f[1])) ?? []), Number(name)]); }
  let ticks = 0; const stack = [root]; while (stack.length) { const pid = stack.pop(); ticks += cpu.get(pid) ?? 0; stack.push(...(children.get(pid) ?? [])); } return ticks / 100;
}
const server = await startStaticServer(4241);
try {
for (let r = 0; r < 3; r++) {
  const browser = await chromium.launch({ executablePath, args: TEST_BROWSER_ARGS, env: testBrowserEnv() });
  const c = await browser.newContext({ serviceWorkers: 'block' }); const page = await c.newPage();
  const t0 = treeCpu(process.pid);
  await page.goto(server.base + '/practice/claim-lab');
  await page.locator('.monaco-editor').first().waitFor();
  const t1 = treeCpu(process.pid);
  await page.locator('[data-types-ready="true"]').waitFor({ state: 'attached', timeout: 60000 });
  const t2 = treeCpu(process.pid);
  await page.waitForLoadState('networkidle'); await page.waitForTimeout(1500);
  const t3 = treeCpu(process.pid);
  console.log(`editor shown ${(t1 - t0).toFixed(2)} s, +types ready ${(t2 - t1).toFixed(2)} s, +settle ${(t3 - t2).toFixed(2)} s`);
  await browser.close();
}
} finally { await server.stop(); }
