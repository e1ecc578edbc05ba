import type { NextConfig } from 'next';

// A static export: every page is plain files that any static host can serve, and the whole
// app (SQLite included) runs in the learner's browser.
const nextConfig: NextConfig = {
  output: 'export',
  reactStrictMode: true,
  images: { unoptimized: true },
  poweredByHeader: false,
};

export default nextConfig;
