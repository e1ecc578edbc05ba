import type { SqlDriver } from '@/lib/sqlite';

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
