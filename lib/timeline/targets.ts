import {
  FENCE_SCHEMA,
  fenceRules,
  registerAt,
  resourceWrites,
  seenByRun,
  writeThroughFence,
  type FenceWriteResult,
  type ResourceFence,
} from '@/lib/lease';
import { fingerprintToken } from '@/lib/lease/replicated-fence';
import {
  REPLICA_SCHEMA,
  readAcceptorWrites,
  readPromises,
  registerAtMajority,
} from '@/lib/lease/replicated-fence';
import { scenarioTargets } from './target-list';
import type { SqlDriver } from '@/lib/sqlite';
import { RUN_ID } from './state';
import type { TargetsConfig, TargetsView } from './types';

/**
 * The remote targets where effects land, beside the run row. Their rules are lib/lease's target
 * kinds (by default the ticket API compares a key, the gateway the highest token seen, the
 * object store keeps versions or checks nothing); this module only stores the report file's
 * versions and reads everything back for the trace.
 */
export const TARGETS_SCHEMA = `${FENCE_SCHEMA}
${REPLICA_SCHEMA}
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

export const REPORT_NAME = 'report.md';

/** The ticket API's resource key, and the prefix of the gateway's resources (scoped by run). */
const TICKETS = 'tickets';
const GATEWAY_PREFIX = 'gateway:';

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

/**
 * The one path of a write to a single-copy target (the object store, the ticket API, a gateway
 * resource): through the target's lib/lease resource fence, keyed by the run and the target's
 * name. `opId` is the idempotency key, kept with the write whatever the fence compares.
 */
export function targetWrite(
  db: SqlDriver,
  target: { name: string; fence: ResourceFence },
  write: { worker: string; token: number; body: string; at: number; opId?: string },
): FenceWriteResult {
  return writeThroughFence(db, target.fence, {
    runId: RUN_ID,
    resource: target.name,
    holder: write.worker,
    token: write.token,
    body: write.body,
    now: write.at,
    ...(write.opId !== undefined ? { opId: write.opId } : {}),
  });
}

/** The registration event at one single-copy target (a gateway resource, or any target a cancel tells). */
export function targetRegister(db: SqlDriver, name: string, token: number): void {
  registerAt(db, RUN_ID, name, token);
}

/**
 * A fenced cancel's new generation, told to every target that learns generations from a
 * registration: each highest-seen target registered at takeover, and every acceptor of a
 * replicated one. (A fingerprint that is not the counter has no value for a cancel to send.)
 */
export function registerAtEveryTarget(
  db: SqlDriver,
  settings: TargetsConfig,
  resources: readonly string[],
  generation: number,
): void {
  // What a holder of the new generation would present, with no claim time (a cancel claims
  // nothing): a fingerprint that needs one (claimed_at, the pair) has no value to send.
  const presented = fingerprintToken(settings.fingerprint ?? 'counter', {
    fence: generation,
    claimedAt: Number.NaN,
  });
  if (Number.isNaN(presented)) return;
  for (const target of scenarioTargets(settings, resources)) {
    if (target.fence && fenceRules(target.fence).registers(target.fence))
      registerAt(db, RUN_ID, target.name, generation);
    if (target.fence === null)
      registerAtMajority(db, target.check.acceptors, {
        resource: target.name.slice(GATEWAY_PREFIX.length),
        token: generation,
      });
  }
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
  const writes = resourceWrites(db, RUN_ID);
  const gatewayHighest: Record<string, number> = {};
  for (const [resource, seen] of Object.entries(seenByRun(db, RUN_ID))) {
    if (resource.startsWith(GATEWAY_PREFIX))
      gatewayHighest[resource.slice(GATEWAY_PREFIX.length)] = seen.generation;
  }
  // A replicated gateway: what each acceptor promised; the highest of them stands for the resource.
  const promises = readPromises(db);
  const replicatedHighest = Object.fromEntries(
    Object.entries(promises).map(([resource, promised]) => [resource, Math.max(0, ...promised)]),
  );
  return {
    officialReport: official
      ? {
          body: String(official.body),
          writer: String(official.writer),
          version: Number(official.version),
        }
      : null,
    reportVersions,
    tickets: writes
      .filter((w) => w.resource === TICKETS)
      .map((w) => ({ key: w.opId ?? '', action: w.body, worker: w.holder })),
    gatewayHighest: { ...gatewayHighest, ...replicatedHighest },
    ...(Object.keys(promises).length ? { gatewayPromises: promises } : {}),
    gatewayWrites: [
      ...writes
        .filter((w) => w.resource.startsWith(GATEWAY_PREFIX))
        .map((w) => ({
          resource: w.resource.slice(GATEWAY_PREFIX.length),
          worker: w.holder,
          token: w.generation,
          body: w.body,
        })),
      ...readAcceptorWrites(db),
    ],
  };
}
