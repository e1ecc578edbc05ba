import {
  RESOURCE_FENCE_SCHEMA,
  readPromises,
  readResourceWrites,
} from '@/lib/lease/resource-fence';
import type { SqlDriver } from '@/lib/sqlite';
import type { TargetsView } from './types';

/**
 * The remote targets where effects land, as SQLite tables beside the run row. They are not
 * lease statements (those live in lib/lease): they are what the outside world does with a
 * write, each with the only protection that kind of target has.
 */
export const TARGETS_SCHEMA = `${RESOURCE_FENCE_SCHEMA}
CREATE TABLE IF NOT EXISTS report_versions (
  version INTEGER PRIMARY KEY AUTOINCREMENT,
  writer  TEXT    NOT NULL,
  fence   INTEGER NOT NULL,
  body    TEXT    NOT NULL
);
CREATE TABLE IF NOT EXISTS report_official (
  name    TEXT PRIMARY KEY,
  version INTEGER NOT NULL REFERENCES report_versions (version)
);
CREATE TABLE IF NOT EXISTS tickets (
  idem_key TEXT PRIMARY KEY,
  action   TEXT NOT NULL,
  worker   TEXT NOT NULL,
  at       INTEGER NOT NULL
);`;

export const REPORT_NAME = 'report.md';

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

/** Points the official report at a version, with no check at all (the caller decides). */
export function pointReportAt(db: SqlDriver, version: number): number {
  return db.run(
    `INSERT INTO report_official (name, version) VALUES ($name, $version)
     ON CONFLICT (name) DO UPDATE SET version = excluded.version`,
    { name: REPORT_NAME, version },
  );
}

/** The ticket API: creates a ticket unless the idempotency key was seen. Returns rows changed. */
export function callTicketApi(
  db: SqlDriver,
  key: string,
  action: string,
  worker: string,
  at: number,
): number {
  return db.run(
    `INSERT INTO tickets (idem_key, action, worker, at) VALUES ($key, $action, $worker, $at)
     ON CONFLICT (idem_key) DO NOTHING`,
    { key, action, worker, at },
  );
}

/** Reads every target's state for the trace (the draft is filled in by the caller). */
export function readTargets(db: SqlDriver): Omit<TargetsView, 'draft'> {
  const reportVersions = db
    .all('SELECT version, writer, fence, body FROM report_versions ORDER BY version')
    .map((r) => ({
      version: Number(r.version),
      writer: String(r.writer),
      fence: Number(r.fence),
      body: String(r.body),
    }));
  const official = db.get(
    `SELECT v.version, v.writer, v.body FROM report_official o JOIN report_versions v ON v.version = o.version
      WHERE o.name = $name`,
    { name: REPORT_NAME },
  );
  const tickets = db
    .all('SELECT idem_key, action, worker FROM tickets ORDER BY rowid')
    .map((r) => ({ key: String(r.idem_key), action: String(r.action), worker: String(r.worker) }));
  const gatewayPromises = readPromises(db);
  const gatewayHighest: Record<string, number> = {};
  for (const [resource, promised] of Object.entries(gatewayPromises)) {
    gatewayHighest[resource] = Math.max(0, ...promised);
  }
  const gatewayWrites = readResourceWrites(db);
  return {
    officialReport: official
      ? {
          body: String(official.body),
          writer: String(official.writer),
          version: Number(official.version),
        }
      : null,
    reportVersions,
    tickets,
    gatewayHighest,
    gatewayPromises,
    gatewayWrites,
  };
}
