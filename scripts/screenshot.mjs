// Takes the README's screenshot (docs/screenshot.png) of the built app: the timeline exercise
// run to its end. Usage: npm run build && node scripts/screenshot.mjs [port]
import { chromium } from '@playwright/test';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const port = Number(process.argv[2] ?? 4173);
const server = spawn('node', ['scripts/serve.mjs'], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1' },
  stdio: 'ignore',
});
try {
  const executablePath = existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({
    viewport: { width: 1280, height: 860 },
    colorScheme: 'light',
  });
  for (let i = 0; ; i++) {
    try {
      await page.goto(`http://127.0.0.1:${port}/practice/timeline`);
      break;
    } catch (error) {
      if (i > 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  await page.getByRole('status').filter({ hasText: 'Ready: 8 events' }).waitFor();
  await page.getByRole('button', { name: 'Run to end' }).click();
  await page.getByRole('heading', { name: /Score:/ }).waitFor();
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'docs/screenshot.png' });
  await browser.close();
  console.log('screenshot: wrote docs/screenshot.png');
} finally {
  server.kill();
}
