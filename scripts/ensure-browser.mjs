// Makes sure a Chromium is there for the end-to-end tests, and says what it does.
// Order: Debian's /usr/bin/chromium; else apt-get install chromium when root; else Playwright's
// own installer (which needs its download host, so it is the last resort).
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const debianChromium = '/usr/bin/chromium';

if (process.env.CHROMIUM_PATH && existsSync(process.env.CHROMIUM_PATH)) {
  console.log(`ensure-browser: using CHROMIUM_PATH=${process.env.CHROMIUM_PATH}`);
  process.exit(0);
}
if (existsSync(debianChromium)) {
  console.log(`ensure-browser: using ${debianChromium}`);
  process.exit(0);
}
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = existsSync('/usr/bin/apt-get');
if (isRoot && hasApt) {
  console.log(
    "ensure-browser: no Chromium found; installing Debian's chromium package with apt-get (about a minute)...",
  );
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-headless-shell',
    {
      stdio: 'inherit',
    },
  );
  if (!existsSync(debianChromium)) {
    console.error('ensure-browser: apt-get finished but /usr/bin/chromium is still missing.');
    process.exit(1);
  }
  console.log(`ensure-browser: installed ${debianChromium}`);
  process.exit(0);
}
console.log(
  "ensure-browser: no Chromium and no root apt-get; trying Playwright's installer (npx playwright install chromium)...",
);
execSync('npx playwright install chromium', { stdio: 'inherit' });
