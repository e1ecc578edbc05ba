import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// PORT=0: the OS picks a free port, which the server prints; no two checkouts collide.
let PORT = 0;
let server: ChildProcess | undefined;

/** A raw GET that keeps the path exactly as written (no client-side normalising). */
function get(path: string): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: PORT, path, method: 'GET' }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  // The served folder and the secret beside it live in a fresh folder of this run: a fixed
  // /tmp/serve-secret.txt made by another user could not be written (EACCES) by this one.
  const base = mkdtempSync(join(tmpdir(), 'serve-'));
  const root = join(base, 'out');
  mkdirSync(root);
  writeFileSync(join(root, 'index.html'), 'home');
  writeFileSync(join(root, '404.html'), 'missing');
  writeFileSync(join(root, 'learn.html'), 'learn');
  mkdirSync(join(root, 'deep'));
  writeFileSync(join(root, 'deep', 'index.html'), 'deep');
  writeFileSync(join(root, 'sql-wasm.wasm'), Buffer.from([0, 0x61, 0x73, 0x6d]));
  writeFileSync(join(base, 'serve-secret.txt'), 'secret');
  const child = spawn(process.execPath, ['scripts/serve.mjs'], {
    env: { ...process.env, SERVE_ROOT: root, PORT: '0' },
  });
  server = child;
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (d: Buffer) => {
      const port = /localhost:(\d+)/.exec(d.toString())?.[1];
      if (port) {
        PORT = Number(port);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
});

afterAll(() => {
  server?.kill();
});

describe('static server', () => {
  it('maps clean URLs to .html and folders to index.html', async () => {
    expect(await get('/')).toMatchObject({ status: 200, body: 'home' });
    expect(await get('/learn')).toMatchObject({
      status: 200,
      body: 'learn',
      type: 'text/html; charset=utf-8',
    });
    expect(await get('/deep')).toMatchObject({ status: 200, body: 'deep' });
  });

  it('serves WASM as application/wasm', async () => {
    expect((await get('/sql-wasm.wasm')).type).toBe('application/wasm');
  });

  it('answers unknown paths with the 404 page and status', async () => {
    expect(await get('/nope')).toMatchObject({ status: 404, body: 'missing' });
  });

  it('never serves a file outside its root, however the path is spelled', async () => {
    for (const path of [
      '/../serve-secret.txt',
      '/%2e%2e/serve-secret.txt',
      '/..%2fserve-secret.txt',
      '/%00',
      '/%E0%A4%A',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body).not.toContain('secret');
    }
  });
});
