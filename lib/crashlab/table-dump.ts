import type { SqlDriver } from '@/lib/sqlite';
import { FENCE_SEEN_TABLE } from '@/lib/lease';

/** One table of the lab's databases as the page shows it: column names and plain rows. */
export interface TableDump {
  name: string;
  columns: string[];
  rows: (string | number | null)[][];
}

const TASK_TABLES = ['runs', 'claims', 'step_attempts', 'checkpoints'];
const PUBLISHER_TABLES = [FENCE_SEEN_TABLE, 'receipts', 'publish_requests'];

/** Reads one table; an empty table still has its columns, and fractions keep two decimals. */
export function dumpTable(db: SqlDriver, name: string): TableDump {
  const rows = db.all(`SELECT * FROM ${name}`);
  const columns = rows[0]
    ? Object.keys(rows[0])
    : db.all<{ name: string }>(`SELECT name FROM pragma_table_info('${name}')`).map((c) => c.name);
  return {
    name,
    columns,
    rows: rows.map((row) =>
      columns.map((c) => {
        const v = row[c];
        return typeof v === 'number' && !Number.isInteger(v)
          ? Number(v.toFixed(2))
          : (v as string | number | null);
      }),
    ),
  };
}

/** The tables the crash lab shows: the task database's and the publisher's, in a fixed order. */
export function dumpLabTables(
  task: SqlDriver,
  publisher: SqlDriver,
): { task: TableDump[]; publisher: TableDump[] } {
  return {
    task: TASK_TABLES.map((t) => dumpTable(task, t)),
    publisher: PUBLISHER_TABLES.map((t) => dumpTable(publisher, t)),
  };
}
