import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startOnFreePort } from './pg-global-setup';
import { portInUse } from './pg-server';

const held: Server[] = [];
afterEach(async () => {
  await Promise.all(held.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** Listens on the port as another program would. */
function hold(port: number): Promise<void> {
  const server = createServer();
  held.push(server);
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** Two consecutive free ports, found by probing (never a fixed pair another run may hold). */
async function freePair(): Promise<[number, number]> {
  for (let port = 20_000; port < 30_000; port += 7)
    if (!(await portInUse(port)) && !(await portInUse(port + 1))) return [port, port + 1];
  throw new Error('no two free ports in 20000-30000');
}

describe('startOnFreePort', () => {
  it('moves to the next port when another program binds the probed port first', async () => {
    const range = await freePair();
    const tried: number[] = [];
    const port = await startOnFreePort(async (candidate) => {
      tried.push(candidate);
      // The race: the probe found it free, then another run bound it before this server could.
      if (candidate === range[0]) {
        await hold(candidate);
        throw new Error('the server did not start: could not bind IPv4 address');
      }
    }, range);
    expect(tried).toEqual(range);
    expect(port).toBe(range[1]);
  });

  it('skips a port already in use without trying it', async () => {
    const range = await freePair();
    await hold(range[0]);
    const tried: number[] = [];
    expect(await startOnFreePort(async (candidate) => void tried.push(candidate), range)).toBe(
      range[1],
    );
    expect(tried).toEqual([range[1]]);
  });

  it('passes on any other failure as it is, without trying another port', async () => {
    const range = await freePair();
    const tried: number[] = [];
    await expect(
      startOnFreePort(async (candidate) => {
        tried.push(candidate);
        throw new Error('initdb could not create the cluster');
      }, range),
    ).rejects.toThrow('initdb could not create the cluster');
    expect(tried).toEqual([range[0]]);
  });

  it('says which range is full and how to pick another', async () => {
    const range = await freePair();
    await hold(range[0]);
    await hold(range[1]);
    await expect(startOnFreePort(async () => undefined, range)).rejects.toThrow(
      `no free port in ${range[0]}-${range[1]} for the test server; set CRASHLAB_PG_PORTS to a free range`,
    );
  });
});
