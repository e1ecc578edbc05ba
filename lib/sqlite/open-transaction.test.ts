import { describe, expect, it } from 'vitest';
import { asyncDriver, inOpenTransaction } from './async-driver';
import { openSqlJs } from './sqljs-driver';

/** Settles after every promise already queued has run: what has not settled by then is waiting. */
const stillWaiting = () => new Promise<'waiting'>((done) => setImmediate(() => done('waiting')));

describe('inOpenTransaction: a transaction asked for inside an open one', () => {
  it('runs in the open transaction, and rolls back with it', async () => {
    const db = asyncDriver(await openSqlJs());
    await db.exec('CREATE TABLE t (x INTEGER)');
    const inner = await db.transaction(() =>
      inOpenTransaction(db).transaction(() => db.run('INSERT INTO t (x) VALUES (1)')),
    );
    expect(inner).toBe(1);
    await expect(
      db.transaction(async () => {
        await inOpenTransaction(db).transaction(() => db.run('INSERT INTO t (x) VALUES (2)'));
        throw new Error('the open transaction fails');
      }),
    ).rejects.toThrow('the open transaction fails');
    expect(await db.all('SELECT x FROM t')).toEqual([{ x: 1 }]);
  });

  it('is what the crash lab needs: asked of the driver itself, it waits behind the open one', async () => {
    const db = asyncDriver(await openSqlJs());
    let nested: Promise<number> | undefined;
    const outer = db.transaction(async () => {
      nested = db.transaction(async () => 1);
      return Promise.race([nested, stillWaiting()]);
    });
    expect(await outer).toBe('waiting');
    // Once the open transaction ends, the queued one runs.
    expect(await nested).toBe(1);
  });
});
