import { HIGHEST_SEEN, NO_CHECK, RUN_ROW, targetKind, VERSIONED } from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import type { Lane } from './unit';

/*
 * The object store and its report file: each put stores a version of report.md; a store that
 * keeps versions moves the official file only by a fenced commit at the run row, any other lets
 * an admitted put overwrite it. Its check is chosen like any target's (none by default).
 */

const ID = 'objects';

/** The report file's name in the store. */
export const REPORT_NAME = 'report.md';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS report_versions (
  version INTEGER PRIMARY KEY AUTOINCREMENT,
  writer  TEXT    NOT NULL,
  fence   INTEGER NOT NULL,
  body    TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS report_official (
  name    TEXT PRIMARY KEY,
  version INTEGER NOT NULL REFERENCES report_versions (version)
);`;

/** Stores an immutable version of the report; returns its version number. */
export function putReportVersion(
  db: SqlDriver,
  writer: string,
  fence: number,
  body: string,
): number {
  db.run('INSERT INTO report_versions (writer, fence, body) VALUES ($writer, $fence, $body)', {
    writer,
    fence,
    body,
  });
  const row = db.get<{ v: number }>('SELECT max(version) AS v FROM report_versions');
  return Number(row?.v ?? 0);
}

/** Points the official report at a version (the fenced commit in lib/lease decided it may). */
export function pointReportAt(db: SqlDriver, version: number): number {
  return db.run(
    `INSERT INTO report_official (name, version) VALUES ($name, $version)
     ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
    { name: REPORT_NAME, version },
  );
}

/** The object store's lane: report.md's uploads and the commit that makes one official. */
export const OBJECT_STORE = {
  id: ID,
  label: () => 'Object store (report.md)',
  events: ['object-put', 'object-commit'],
  targets: {
    form: ID,
    names: () => [ID],
    owns: (name) => name === ID,
    title: () => 'object store',
    noun: 'the object store',
    offers: [NO_CHECK.id, VERSIONED.id, HIGHEST_SEEN.id, RUN_ROW.id],
    defaultCheck: (t) =>
      t.objectStore === VERSIONED.id ? VERSIONED.setting() : NO_CHECK.setting(),
    // Its plain checks live in its older setting, objectStore: overwrite, or versions.
    plainSetting: (check) =>
      check.kind === VERSIONED.id
        ? { objectStore: VERSIONED.id }
        : check.kind === NO_CHECK.id
          ? { objectStore: 'overwrite' }
          : null,
    namesIn: (e) => (e.kind === 'object-put' || e.kind === 'object-commit' ? [ID] : []),
    // A commit is judged at the run row; only a put meets the store's own check.
    judging: (e) => (e.kind === 'object-put' ? ID : null),
    // How the store keeps puts: versions, or one file each admitted put overwrites.
    settings: (_, checkOf) => ({
      objectStore: targetKind(checkOf(ID).kind).storesVersions ? VERSIONED.id : 'overwrite',
    }),
    schema: SCHEMA,
    read: (db) => {
      const official = db.get(
        `SELECT v.version, v.writer, v.body FROM report_official o JOIN report_versions v ON v.version = o.version
          WHERE o.name = $name`,
        { name: REPORT_NAME },
      );
      return {
        officialReport: official
          ? {
              body: String(official.body),
              writer: String(official.writer),
              version: Number(official.version),
            }
          : null,
        reportVersions: db
          .all('SELECT version, writer, fence, body FROM report_versions ORDER BY version')
          .map((r) => ({
            version: Number(r.version),
            writer: String(r.writer),
            fence: Number(r.fence),
            body: String(r.body),
          })),
      };
    },
  },
} as const satisfies Lane;
