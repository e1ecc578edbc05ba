import type { NextConfig } from 'next';

// A static export: every page is plain files that any static host can serve, and the whole
// app (SQLite included) runs in the learner's browser.
const nextConfig: NextConfig = {
  output: 'export',
  reactStrictMode: true,
  images: { unoptimized: true },
  poweredByHeader: false,
  experimental: {
    // Turbopack's build cache (.next/cache, ~100 MB) pays off on the next build in the same
    // checkout: 41 s of CPU instead of 91 s on this 2-core machine. A CI run builds a fresh
    // clone once, so writing it is pure cost there: 70 s of CPU instead of 91 s (docs/testing.md).
    // (Lost in a merge on 4 December, e42c743; a fresh clone's build spent 10.4 s writing it.)
    turbopackFileSystemCacheForBuild: !process.env.CI,
  },
  // `npm test` type-checks the whole project (`tsc --noEmit`) before it builds, so under CI the
  // build's own check of the same files is skipped (17 s in a fresh clone's build). Outside CI,
  // `npm run build` and `npm start` still refuse code that does not type-check.
  typescript: { ignoreBuildErrors: !!process.env.CI },
  turbopack: {
    rules: {
      // Monaco's worker helper imports every editor contribution; the app picks its own
      // (components/code-editor/monaco-api.ts). See scripts/monaco-slim-workers.cjs.
      '*.js': {
        condition: { path: /node_modules\/monaco-editor\/esm\/vs\/internal\/common\/workers\.js$/ },
        loaders: ['./scripts/monaco-slim-workers.cjs'],
        as: '*.js',
      },
    },
  },
};

export default nextConfig;
