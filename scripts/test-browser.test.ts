import { describe, expect, it } from 'vitest';
import { testBrowserEnv } from './test-browser.mjs';

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
