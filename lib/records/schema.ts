import type { SqlDriver } from '@/lib/sqlite';
import { OUTBOX_APPLIED_TABLE } from './outbox-table';

/**
 * A feature's tables in the records database, versioned on their own so features can grow
 * their schema independently. migrations[i] brings the feature from version i to i + 1.
 */
export interface FeatureSchema {
  feature: string;
  migrations: readonly string[];
}

/** The records database's own bookkeeping, and the shared activity log. */
export const coreSchema: FeatureSchema = {
  feature: 'core',
  migrations: [
    `CREATE TABLE activity (
       id      INTEGER PRIMARY KEY AUTOINCREMENT,
       at      INTEGER NOT NULL,
       kind    TEXT    NOT NULL,
       subject TEXT    NOT NULL,
       detail  TEXT    NOT NULL DEFAULT '{}'
     );
     CREATE INDEX activity_kind ON activity (kind, subject);`,
    // Version 2: the outbox's applied batch ids (lib/records/outbox.ts), marked in the same
    // write that applies a batch, so a batch left in browser storage is applied exactly once.
    OUTBOX_APPLIED_TABLE,
  ],
};

const VERSIONS_TABLE = `CREATE TABLE IF NOT EXISTS schema_versions (
  feature TEXT PRIMARY KEY,
  version INTEGER NOT NULL
)`;

/** Thrown when stored data was written by a newer schema than this code knows. */
export class SchemaTooNewError extends Error {
  constructor(feature: string, stored: number, known: number) {
    super(
      `The records for "${feature}" have schema version ${stored}, newer than this app knows (${known}).`,
    );
    this.name = 'SchemaTooNewError';
  }
}

/** Brings every feature's tables up to date, each migration in its own transaction. */
export function migrate(db: SqlDriver, schemas: readonly FeatureSchema[]): void {
  db.exec(VERSIONS_TABLE);
  for (const schema of schemas) {
    const row = db.get<{ version: number }>(
      'SELECT version FROM schema_versions WHERE feature = ?',
      [schema.feature],
    );
    const current = row ? Number(row.version) : 0;
    if (current > schema.migrations.length) {
      throw new SchemaTooNewError(schema.feature, current, schema.migrations.length);
    }
    for (let v = current; v < schema.migrations.length; v += 1) {
      db.transaction(() => {
        db.exec(schema.migrations[v]);
        db.run(
          'INSERT INTO schema_versions (feature, version) VALUES (?, ?) ON CONFLICT (feature) DO UPDATE SET version = excluded.version',
          [schema.feature, v + 1],
        );
      });
    }
  }
}

/** The schema objects (tables, views, indexes, triggers) of a database, one line each, sorted. */
export function schemaObjects(db: SqlDriver): string[] {
  return db
    .all<{ type: string; name: string; tbl_name: string; sql: string | null }>(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .map((o) => `${o.type} ${o.name} on ${o.tbl_name}: ${(o.sql ?? '').replace(/\s+/g, ' ')}`);
}

/**
 * What differs between the schema objects the app creates and those a stored database holds,
 * in words, or null when they are the same. A table swapped for a view, a dropped index, an
 * added trigger: each means the database was not made by this app, or was edited by hand.
 */
export function schemaDifference(
  expected: readonly string[],
  found: readonly string[],
): string | null {
  const have = new Set(found);
  const want = new Set(expected);
  const ourTables = new Set(expected.map((o) => o.split(' ')[3].replace(/:$/, '')));
  const missing = expected.filter((o) => !have.has(o)).map((o) => o.split(':')[0]);
  // Tables (and their indexes) of a feature a newer version of the app added are tolerated;
  // views, triggers and anything attached to this app's own tables are not.
  const extra = found
    .filter((o) => !want.has(o))
    .filter((o) => {
      const [type, , , table] = o.split(' ');
      return type === 'view' || type === 'trigger' || ourTables.has(table.replace(/:$/, ''));
    })
    .map((o) => o.split(':')[0]);
  if (missing.length === 0 && extra.length === 0) return null;
  return [
    missing.length ? `missing or changed: ${missing.join(', ')}` : '',
    extra.length ? `not made by this app: ${extra.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('; ');
}
