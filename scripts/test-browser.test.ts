import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import { executablePath, TEST_BROWSER_ARGS, testBrowserEnv } from './test-browser.mjs';

describe('testBrowserEnv', () => {
  it('gives a browser with no locale (a plain login shell) a UTF-8 one', () => {
    expect(testBrowserEnv({ PATH: '/usr/bin' })).toEqual({ PATH: '/usr/bin', LC_ALL: 'C.UTF-8' });
  });

  it('keeps a UTF-8 locale as it is', () => {
    expect(testBrowserEnv({ LANG: 'en_GB.UTF-8' })).toEqual({ LANG: 'en_GB.UTF-8' });
    expect(testBrowserEnv({ LC_CTYPE: 'C.utf8' })).toEqual({ LC_CTYPE: 'C.utf8' });
  });

  it('reads LC_ALL first, as the C library does: LC_ALL=C over a UTF-8 LANG is not UTF-8', () => {
    expect(testBrowserEnv({ LC_ALL: 'C', LANG: 'C.UTF-8' }).LC_ALL).toBe('C.UTF-8');
  });
});

describe('the test browser in the POSIX locale', () => {
  // The bug this guards: as a plain user with no LANG, a file picked by a path with a character
  // outside ASCII never reached the page (fuzz-doors.spec's imports waited out their minute).
  // Without testBrowserEnv the page reads no file.
  it.skipIf(executablePath === undefined)(
    'reads a file picked from a folder named with a typographic apostrophe',
    async () => {
      const folder = join(mkdtempSync(join(tmpdir(), 'locale-')), 'a learner’s folder');
      mkdirSync(folder);
      const file = join(folder, 'history.jsonl');
      writeFileSync(file, 'picked whole');
      const posix = { ...process.env, LC_ALL: 'C', LC_CTYPE: '', LANG: '' };
      const browser = await chromium.launch({
        executablePath,
        args: TEST_BROWSER_ARGS,
        env: testBrowserEnv(posix),
      });
      try {
        const page = await browser.newPage();
        await page.setContent('<input type="file" aria-label="History file">');
        await page.getByLabel('History file').setInputFiles(file);
        const read = await page
          .getByLabel('History file')
          .evaluate((input: HTMLInputElement) => input.files?.[0]?.text() ?? 'no file');
        expect(read).toBe('picked whole');
      } finally {
        await browser.close();
      }
    },
  );
});
