import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Browser-free check (it used to be an end-to-end test): the core routes exist as pages, so the
// export has them and the end-to-end shell scan, which walks out/, covers them.
const CORE_ROUTES = ['/', '/learn', '/practice', '/reflect', '/practice/sql-sandbox'];

describe('routes', () => {
  it.each(CORE_ROUTES)('%s has a page', (route) => {
    expect(existsSync(join(__dirname, '..', 'app', route, 'page.tsx'))).toBe(true);
  });

  it('the app has a web app manifest for installing it', () => {
    expect(existsSync(join(__dirname, '..', 'app', 'manifest.ts'))).toBe(true);
    for (const icon of ['icon-192.png', 'icon-512.png', 'favicon.ico'])
      expect(existsSync(join(__dirname, '..', 'public', icon)), icon).toBe(true);
  });
});
