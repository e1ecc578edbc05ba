import { CLAIM_COLUMNS, CLAIM_FIELD } from './catalogue';
import type { RowState, Vocabulary } from './decision';
import { explained, type Explained } from './explained';
import { columnName, namesToken, tokenName } from './explain-words';
import { VERSIONED } from './kinds/targets';
import type { ScenarioSettings } from './explain-settings';
import { gatewayLines } from './explain-gateway';

/*
 * The explainer's words for what a scenario's workers and targets hold after a step: the lines
 * of the state panel, the run row's cells, times and the lease bar (the settings line is
 * explain-settings.ts). An engine hands over the state as data; the component renders these
 * lines and adds none. A scenario without a gateway (or an object store, or a ticket API) never
 * mentions one.
 */

/** A worker as the state panel shows it. */
export interface WorkerFacts {
  id: string;
  restartOf?: string;
  paused: boolean;
  token: number;
  clock: number;
  believedLeaseUntil: number;
}

/** What the run's targets hold after a step (the timeline's TargetsView extends it). */
export interface TargetFacts {
  draft: { owner: string; fence: number; opId: string } | null;
  officialReport: { body: string; writer: string; version: number } | null;
  reportVersions: readonly unknown[];
  tickets: readonly { key: string; action: string; worker: string }[];
  gatewayHighest: Readonly<Record<string, number>>;
  gatewayPromises?: Readonly<Record<string, readonly number[]>>;
  gatewayWrites: readonly {
    resource: string;
    worker: string;
    token: number;
    body: string;
    acks?: number;
    committed?: boolean;
  }[];
  reportRef?: { ref: string; fence: number } | null;
}

/** Every line of the state panel after one step. */
export interface StateLines {
  draft: Explained;
  workers: Explained[];
  /** The remote targets the scenario has: report.md, the design's report store, tickets, the gateway. */
  remote: Explained[];
}

/** The state panel's lines, in the scenario's vocabulary. */
export function explainState(
  state: { workers: readonly WorkerFacts[]; targets: TargetFacts },
  settings: Pick<ScenarioSettings, 'objectStore' | 'ticketApi' | 'gateway' | 'targetChecks'> & {
    reportStore: boolean;
  },
  v: Vocabulary,
): StateLines {
  const t = state.targets;
  const claimed = state.workers.filter((w) => w.token > 0);
  const token = tokenName(v);
  const tokenOf = (value: number) => (v.fenced ? ` (${token} ${value})` : '');
  const remote: string[] = [];
  if (settings.objectStore) {
    const report = t.officialReport
      ? `“${t.officialReport.body}” (version ${t.officialReport.version}, by ${t.officialReport.writer})`
      : 'not written';
    const n = t.reportVersions.length;
    const stored =
      n > 1
        ? settings.objectStore === VERSIONED.id
          ? `; ${n} versions stored`
          : `; ${n} uploads, each overwrote the last`
        : '';
    remote.push(`report.md: ${report}${stored}`);
  }
  if (settings.reportStore && t.reportRef)
    remote.push(
      `report reference (the design’s store): ${t.reportRef.ref ? `“${t.reportRef.ref}”` : 'not written'}${tokenOf(t.reportRef.fence)}`,
    );
  if (settings.ticketApi)
    remote.push(
      `tickets: ${t.tickets.length ? t.tickets.map((k) => `${k.action} by ${k.worker} (${k.key})`).join('; ') : 'none'}`,
    );
  if (settings.gateway) {
    const own = new Map(
      (settings.targetChecks ?? []).map((c) => [c.target.replace(/^gateway:/, ''), c.check]),
    );
    const fallback = settings.gateway.check;
    const acceptorsOf = new Map(
      (settings.targetChecks ?? []).map((c) => [c.target.replace(/^gateway:/, ''), c.acceptors]),
    );
    remote.push(
      ...gatewayLines(
        t,
        (resource) => (resource === null ? fallback : (own.get(resource) ?? fallback)),
        namesToken(v) ? token : null,
        (resource) => acceptorsOf.get(resource) ?? settings.gateway?.acceptors ?? 3,
      ),
    );
  }
  return {
    draft: explained(
      t.draft ? `${t.draft.opId} by ${t.draft.owner}${tokenOf(t.draft.fence)}` : '(none)',
    ),
    // A worker that has not claimed yet holds nothing to show: it is listed from its claim on.
    workers: claimed.length
      ? claimed.map((w) => explained(workerLine(w, v)))
      : [explained('No worker has claimed the run yet.')],
    remote: (remote.length ? remote : ['none: this scenario writes only to the database']).map(
      explained,
    ),
  };
}

function workerLine(w: WorkerFacts, v: Vocabulary): string {
  const restart = w.restartOf ? ` (${w.restartOf} restarted, claims as ${w.restartOf})` : '';
  // A worker that has not claimed holds nothing: no token, no lease to believe in.
  if (w.token === 0)
    return `${w.id}${restart} ${w.paused ? 'paused' : 'running'}, no claim yet, its clock reads ${w.clock}`;
  const token = v.fenced ? `, ${tokenName(v)} ${w.token}` : '';
  const lease =
    w.token > 0
      ? w.clock < w.believedLeaseUntil
        ? `: believes its lease runs until ${w.believedLeaseUntil}`
        : `: its clock says the lease ended at ${w.believedLeaseUntil}`
      : '';
  return `${w.id}${restart} ${w.paused ? 'paused' : 'running'}${token}, its clock reads ${w.clock}${lease}`;
}

/** The run row as a step's panels show it (status as any word: a missing run reads "missing"). */
export type RunRowFacts = Omit<RowState, 'status'> & { status: string };

/** One column of the run row as the run-row panel shows it. */
export interface RunCell {
  column: string;
  value: string;
}

/**
 * The run row's columns after a step: owner, the token (where a fence compares it, or
 * `showToken`: a write compares it with a read), lease_until, status, and each claim column
 * the design tracks, so every value a sentence quotes is on screen.
 */
export function explainRunCells(run: RunRowFacts, v: Vocabulary, showToken = false): RunCell[] {
  const cells: RunCell[] = [{ column: 'owner', value: run.owner || '(nobody)' }];
  if (v.fenced || showToken) cells.push({ column: tokenName(v), value: String(run.fence) });
  cells.push(
    { column: 'lease_until', value: String(run.leaseUntil) },
    { column: 'status', value: run.status },
  );
  for (const column of CLAIM_COLUMNS) {
    const value = run[CLAIM_FIELD[column]];
    if (value !== undefined) cells.push({ column: columnName(column, v), value: String(value) });
  }
  return cells;
}

/** The run row after a step, as the trace table shows it: no token in a design without a fence. */
export function explainRunRow(run: RunRowFacts, v: Vocabulary): Explained {
  const [owner, ...rest] = explainRunCells(run, v).map((c) => `${c.column}=${c.value}`);
  // The runs table's own names: "owner=A fence=2 lease_until=11 status=running attempt=2".
  return explained([run.owner ? owner : 'owner=∅', ...rest].join(' '));
}

const seconds = (t: number): number => (Number.isInteger(t) ? t : Number(t.toFixed(2)));

/** A database time as the page shows it: "t = 3.2 s", "t = 11 s". */
export function explainTime(t: number): Explained {
  return explained(`t = ${seconds(t)} s`);
}

/** A stretch of time as the drawing shows it: "2 s", "0.5 s" (its scale, a cut wait). */
export function explainDuration(d: number): Explained {
  return explained(`${seconds(d)} s`);
}

/** One lease as the run row recorded it, as a lease bar draws it. */
export interface LeaseBarFacts {
  fence: number;
  from: number;
  until: number;
  current: boolean;
  replacedAt: number | null;
  status: string;
  endedBy: string | null;
}

/** The words drawn on a lease bar; every number in them is a value of the run row. */
export function explainLeaseBar(bar: LeaseBarFacts, v: Vocabulary): Explained {
  const token = v.fenced ? `${v.token} ${bar.fence} · ` : '';
  const base = `${token}lease_until ${seconds(bar.until)}`;
  // How the run left running, when a write moved it: "run queued by the rescuer".
  const ended =
    bar.status !== 'running' ? `run ${bar.status}${bar.endedBy ? ` by ${bar.endedBy}` : ''}` : '';
  if (!bar.current) {
    const replaced = `replaced at ${explainTime(bar.replacedAt ?? bar.from)}`;
    return explained(`${base} (${ended ? `${ended}, ${replaced}` : replaced})`);
  }
  return explained(ended ? `${base} (${ended})` : base);
}
