// After a build: lists every exported page and route payload (small files) in
// out/sw-manifest.json, so the service worker can keep them for offline navigation.
import { readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const out = join(process.cwd(), 'out');
const urls = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== '_next') walk(path);
      continue;
    }
    const rel = '/' + relative(out, path).split('\\').join('/');
    if (rel.endsWith('.txt')) urls.push(rel);
    else if (rel.endsWith('.html'))
      urls.push(rel === '/index.html' ? '/' : rel.replace(/\.html$/, ''));
  }
};
walk(out);
urls.sort();
writeFileSync(join(out, 'sw-manifest.json'), JSON.stringify({ urls }));
console.log(`sw-manifest: ${urls.length} pages and route payloads for offline use`);
