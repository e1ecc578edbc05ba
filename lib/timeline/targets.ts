import type { SqlDriver } from '@/lib/sqlite';
import type { TargetsView } from './types';

/**
 * The remote targets where effects land, as SQLite tables beside the run row. They are not
 * lease statements (those live in lib/lease): they are what the outside world does with a
 * write, each with the only protection that kind of target has.
 */
export const TARGETS_SCHEMA = `
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
);
CREATE TABLE IF NOT EXISTS gateway_fences (
  resource TEXT PRIMARY KEY,
  highest  INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS gateway_writes (
  seq      INTEGER PRIMARY KEY AUTOINCREMENT,
  resource TEXT    NOT NULL,
  worker   TEXT    NOT NULL,
  token    INTEGER NOT NULL,
  body     TEXT    NOT NULL
);`;

export const REPORT_NAME = 'report.md';

/** Stores an immutable version of the report; returns its version number. */
export function putReportVersion(db: SqlDriver, writer: string, fence: number, body: string): number {
  db.run('INSERT INTO report_versions (writer, fence, body) VALUES ($writer, $fence, $body)', { writer, fence, body });
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
export function callTicketApi(db: SqlDriver, key: string, action: string, worker: string, at: number): number {
  return db.run(
    `INSERT INTO tickets (idem_key, action, worker, at) VALUES ($key, $action, $worker, $at)
     ON CONFLICT (idem_key) DO NOTHING`,
    { key, action, worker, at },
  );
}

/**
 * The fencing gateway: remembers the highest token per resource and lets a write through only
 * when its token is at least that high; the check and the write are one transaction.
 * Returns the highest token known before the write.
 */
export function gatewayWrite(
  db: SqlDriver,
  resource: string,
  worker: string,
  token: number,
  body: string,
): { accepted: boolean; highestBefore: number } {
  return db.transaction(() => {
    const highestBefore = gatewayHighest(db, resource);
    const changed = db.run(
      `INSERT INTO gateway_fences (resource, highest) VALUES ($resource, $token)
       ON CONFLICT (resource) DO UPDATE SET highest = excluded.highest
       WHERE excluded.highest >= gateway_fences.highest`,
      { resource, token },
    );
    if (changed === 0) return { accepted: false, highestBefore };
    db.run('INSERT INTO gateway_writes (resource, worker, token, body) VALUES ($resource, $worker, $token, $body)', {
      resource,
      worker,
      token,
      body,
    });
    return { accepted: true, highestBefore };
  });
}

/** Registers a new generation at the gateway (at takeover): the highest token only grows. */
export function gatewayRegister(db: SqlDriver, resource: string, token: number): void {
  db.run(
    `INSERT INTO gateway_fences (resource, highest) VALUES ($resource, $token)
     ON CONFLICT (resource) DO UPDATE SET highest = max(highest, excluded.highest)`,
    { resource, token },
  );
}

export function gatewayHighest(db: SqlDriver, resource: string): number {
  const row = db.get<{ highest: number }>('SELECT highest FROM gateway_fences WHERE resource = $resource', { resource });
  return row ? Number(row.highest) : 0;
}

/** Reads every target's state for the trace (the draft is filled in by the caller). */
export function readTargets(db: SqlDriver): Omit<TargetsView, 'draft'> {
  const reportVersions = db
    .all('SELECT version, writer, fence, body FROM report_versions ORDER BY version')
    .map((r) => ({ version: Number(r.version), writer: String(r.writer), fence: Number(r.fence), body: String(r.body) }));
  const official = db.get(
    `SELECT v.version, v.writer, v.body FROM report_official o JOIN report_versions v ON v.version = o.version
      WHERE o.name = $name`,
    { name: REPORT_NAME },
  );
  const tickets = db
    .all('SELECT idem_key, action, worker FROM tickets ORDER BY rowid')
    .map((r) => ({ key: String(r.idem_key), action: String(r.action), worker: String(r.worker) }));
  const gatewayHighestMap: Record<string, number> = {};
  for (const r of db.all('SELECT resource, highest FROM gateway_fences ORDER BY resource')) {
    gatewayHighestMap[String(r.resource)] = Number(r.highest);
  }
  const gatewayWrites = db
    .all('SELECT resource, worker, token, body FROM gateway_writes ORDER BY seq')
    .map((r) => ({ resource: String(r.resource), worker: String(r.worker), token: Number(r.token), body: String(r.body) }));
  return {
    officialReport: official
      ? { body: String(official.body), writer: String(official.writer), version: Number(official.version) }
      : null,
    reportVersions,
    tickets,
    gatewayHighest: gatewayHighestMap,
    gatewayWrites,
  };
}
