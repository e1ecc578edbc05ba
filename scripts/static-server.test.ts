import { createServer } from 'node:net';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startStaticServer } from './static-server.mjs';

describe('startStaticServer', () => {
  it('resolves once the server listens, on the port the OS picked, and stops it', async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'static-server-')), 'out');
    mkdirSync(root);
    writeFileSync(join(root, 'index.html'), 'home page');
    const server = await startStaticServer(0, { ...process.env, SERVE_ROOT: root });
    try {
      expect(server.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.base).not.toMatch(/:0$/);
      expect(await (await fetch(`${server.base}/`)).text()).toBe('home page');
    } finally {
      await server.stop();
    }
    await expect(fetch(`${server.base}/`)).rejects.toThrow();
  });

  it('rejects in one sentence when the server exits before it listens (no out/index.html)', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'static-server-empty-'));
    await expect(startStaticServer(0, { ...process.env, SERVE_ROOT: empty })).rejects.toThrow(
      /exited \(exit 1\) before it listened: serve: out\/index\.html is missing/,
    );
  });

  it("rejects with the server's one line when the port is in use, with no stack", async () => {
    const root = join(mkdtempSync(join(tmpdir(), 'static-server-busy-')), 'out');
    mkdirSync(root);
    writeFileSync(join(root, 'index.html'), 'home page');
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const address = holder.address();
    const port = typeof address === 'object' && address !== null ? address.port : 0;
    try {
      const failure = await startStaticServer(port, { ...process.env, SERVE_ROOT: root }).catch(
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
      expect(failure).toBe(
        `the static server for port ${port} exited (exit 1) before it listened: serve: port ${port} on 127.0.0.1 is in use; stop what serves there, or pick another with PORT=<port>`,
      );
    } finally {
      holder.close();
    }
  });
});
