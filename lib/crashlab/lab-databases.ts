import { asyncDriver } from '@/lib/sqlite/async-driver';
import { openSqlJs, type SqlJsDriver } from '@/lib/sqlite';
import { createCrashLab, submitLab, type CrashLab } from './lab';
import { clockStatement } from './schema';
import { dumpLabTables, type TableDump } from './table-dump';
import type { LabSnapshot } from './types';

/** What the page shows of the databases: the lab's snapshot and every table as it stands. */
export interface DatabasesRead {
  snapshot: LabSnapshot;
  tables: { task: TableDump[]; publisher: TableDump[] };
}

/**
 * The browser crash lab's two databases (sql.js): the task database and the publisher's, opened
 * anew for each experiment with its queue of runs, and read whole for the page. The lab over
 * them (lib/crashlab/lab.ts) is the one the workers' calls are served by.
 */
export class LabDatabases {
  private task: SqlJsDriver | null = null;
  private publisher: SqlJsDriver | null = null;
  private current: CrashLab | null = null;
  private openings = 0;

  /** The lab over the open databases; null before the first open and after close. */
  get lab(): CrashLab | null {
    return this.current;
  }

  /** Database time in seconds, for the lease countdown. */
  now(): number {
    const row = this.task?.get<{ now: number }>(clockStatement('sqlite'));
    return row ? Number(row.now) : Date.now() / 1000;
  }

  /**
   * Closes the databases and opens new ones with `runs` queued runs. Returns false when a newer
   * open overtook this one (its databases are then closed unused); throws when they cannot open.
   */
  async open(leaseSeconds: number, runs: number): Promise<boolean> {
    // Opens can overlap (the page's first reset, then a quick "New experiment"). Each carries a
    // generation, and only the newest may install its databases: the lesson's own fencing rule
    // (regression: crash-lab-overlapping-reset, "no such table" for the publisher's fence).
    const generation = ++this.openings;
    this.close();
    const task = await openSqlJs();
    const publisher = await openSqlJs();
    if (generation !== this.openings) {
      task.close();
      publisher.close();
      return false;
    }
    const experiment = Math.random().toString(16).slice(2, 10);
    await submitLab(asyncDriver(task), asyncDriver(publisher), { runs, experiment });
    this.task = task;
    this.publisher = publisher;
    this.current = createCrashLab({
      task: asyncDriver(task),
      publisher: asyncDriver(publisher),
      leaseSeconds,
    });
    return true;
  }

  /** Reads `lab`'s databases whole; null when they were replaced or closed meanwhile. */
  async read(lab: CrashLab): Promise<DatabasesRead | null> {
    const { task, publisher } = this;
    if (!task || !publisher) return null;
    const snapshot = await lab.snapshot();
    if (this.current !== lab) return null;
    return { snapshot, tables: dumpLabTables(task, publisher) };
  }

  close(): void {
    this.task?.close();
    this.publisher?.close();
    this.task = this.publisher = null;
    this.current = null;
  }
}
