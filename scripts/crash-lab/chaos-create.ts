import { rmSync } from 'node:fs';
import { submitLab, type RemovableFence } from '@/lib/crashlab';
import type { AsyncSqlDriver } from '@/lib/sqlite';
import { createQueue, describePlace, openQueue, type OpenQueue } from './queue-connect';
import type { Place } from './queue-connect';

const turn = () => new Promise<void>((r) => setImmediate(r));

/** Thrown inside the queue's creation when a stop signal arrived: what was made is undone. */
class CreationInterrupted extends Error {}

/**
 * The driver with a turn of the event loop every 500 writes, so a signal handler can run while a
 * large queue is written (SQLite's driver is synchronous: 100,000 runs took about 30 s with no
 * turn), and a stop once a signal has arrived.
 */
function interruptible(db: AsyncSqlDriver, stopped: () => unknown): AsyncSqlDriver {
  let writes = 0;
  return {
    dialect: db.dialect,
    run: async (sql, params) => {
      if (++writes % 500 === 0) await turn();
      if (stopped()) throw new CreationInterrupted();
      return db.run(sql, params);
    },
    get: (sql, params) => db.get(sql, params),
    all: (sql, params) => db.all(sql, params),
    exec: (sql) => db.exec(sql),
    transaction: (fn) => db.transaction(fn),
    close: () => db.close(),
  };
}

/**
 * chaos's new queue, made as `submit` makes one (SQLite files built aside and moved into place
 * together, PostgreSQL databases it created dropped again on a failure), then opened for the
 * run. Interrupted by a stop signal, it undoes what it made and returns the line to say
 * (issue 42 review F2: a 0-byte file, its journal, the publisher and an empty history were left,
 * and blocked a rerun; on PostgreSQL an empty database).
 */
export async function createChaosQueue(options: {
  task: Place;
  publisher: Place;
  runs: number;
  experiment: string;
  removedFence: RemovableFence | null;
  history: string;
  signal: () => NodeJS.Signals | null;
}): Promise<{ db: OpenQueue } | { interrupted: NodeJS.Signals; line: string }> {
  const { task, publisher, runs, history, signal } = options;
  try {
    await createQueue(task, publisher, (q) =>
      submitLab(interruptible(q.task, signal), interruptible(q.publisher, signal), {
        runs,
        experiment: options.experiment,
        removedFence: options.removedFence,
      }).then(() => undefined),
    );
  } catch (error) {
    rmSync(history, { force: true });
    const caught = signal();
    if (!caught) throw error;
    return {
      interrupted: caught,
      line: `chaos interrupted (${caught}) while creating the queue of ${runs} runs: nothing ran; removed what it had made (${describePlace(task)}, ${describePlace(publisher)}, ${history})`,
    };
  }
  return { db: await openQueue(task, publisher, 'use') };
}
