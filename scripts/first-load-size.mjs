// Prints the JavaScript a route loads up front (the <script src> tags in its exported HTML),
// raw and gzipped. Lazy chunks (Monaco, the SQLite WASM) are not in those tags by design.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const routes = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['/', '/practice/sql-sandbox'];
const out = join(process.cwd(), 'out');
for (const route of routes) {
  const file = route === '/' ? 'index.html' : `${route.replace(/^\//, '')}.html`;
  const html = readFileSync(join(out, file), 'utf8');
  const srcs = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]))];
  let raw = 0;
  let gz = 0;
  for (const src of srcs) {
    const bytes = readFileSync(join(out, src.split('?')[0]));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  console.log(
    `${route}: ${srcs.length} scripts, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzipped`,
  );
}
