// A small static server for the exported app in out/. It serves .wasm as application/wasm,
// maps /learn to learn.html, answers unknown paths with 404.html, and never leaves out/.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(process.env.SERVE_ROOT ?? fileURLToPath(new URL('../out', import.meta.url)));
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.ttf': 'font/ttf',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

if (!existsSync(join(root, 'index.html'))) {
  console.error(
    'serve: out/index.html is missing. Run `npm run build` first (npm start does both).',
  );
  process.exit(1);
}

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function resolveRequest(urlPath) {
  let decoded;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const clean = normalize(decoded).replace(/^([/\\])+/, '');
  const base = resolve(root, clean);
  if (base !== root && !base.startsWith(root + sep)) return null;
  const candidates = [base, `${base}.html`, join(base, 'index.html')];
  return candidates.find(isFile) ?? null;
}

const server = createServer((req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end();
    return;
  }
  const url = new URL(req.url ?? '/', 'http://localhost');
  const file = resolveRequest(url.pathname);
  const status = file ? 200 : 404;
  const path = file ?? join(root, '404.html');
  const headers = {
    'Content-Type': types[extname(path)] ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': path.includes(`${sep}_next${sep}static${sep}`)
      ? 'public, max-age=31536000, immutable'
      : 'no-cache',
  };
  res.writeHead(status, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  createReadStream(path).pipe(res);
});

// A port in use or not allowed is one line that says what to do, never an unhandled 'error'.
server.on('error', (error) => {
  const hint =
    error.code === 'EADDRINUSE'
      ? `port ${port} on ${host} is in use; stop what serves there, or pick another with PORT=<port>`
      : error.code === 'EACCES'
        ? `port ${port} needs more rights than this user has; pick one above 1023 with PORT=<port>`
        : error.message;
  console.error(`serve: ${hint}`);
  process.exit(1);
});

server.listen(port, host, () => {
  console.log(`Serving out/ at http://localhost:${server.address().port}`);
});
