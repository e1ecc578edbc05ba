import { fencedDesign, type LeaseDesign } from '@/lib/lease';
import type { StatementBinder, Prepared } from './binder';

/** A design's statements, prepared once for the search (one per holder where it binds the owner). */
export interface MachineStatements {
  claimRead: Prepared[] | null;
  claim: Prepared[];
  claimTokenColumn: number;
  /** The claim's other returned columns (claim columns a fingerprint compares): column, kept slot. */
  claimKept: Int32Array;
  renew: Prepared[];
  finish: Prepared[];
  cancel: Prepared;
  register: Prepared | null;
  writeCheck: Prepared[] | null;
  writeReport: Prepared[];
  sendGateway: Prepared[];
  readRun: Prepared;
  readFence: number;
  readStatus: number;
  snapshotStmt: Prepared;
}

/**
 * Prepares every statement a design runs in the search. `seenNames` receives the claim read's
 * columns, which the claim binds by name, so they are known before the claim is prepared; then
 * the claim's returned columns beside the token, which renew and finish may bind by name.
 */
export function prepareStatements(
  binder: StatementBinder,
  design: LeaseDesign,
  owners: readonly string[],
  constants: { run: string; lease: number },
  seenNames: string[],
): MachineStatements {
  const targets = design.targets ?? fencedDesign.targets!;
  const perHolder = (sql: string) => binder.perHolder(sql, owners, constants);
  const claimRead = design.claimRead ? perHolder(design.claimRead) : null;
  const readNames = claimRead ? claimRead[0].stmt.getColumnNames() : [];
  seenNames.push(...readNames);
  // A holder's renew and finish compare nothing read (lib/lease's step gives them no read, as
  // the timeline does): a value as read there is NULL and matches no row, never the claim's read.
  const unread = (sql: string) =>
    binder.perHolder(sql, owners, {
      ...constants,
      ...Object.fromEntries(readNames.map((n) => [n, null])),
    });
  const claim = perHolder(design.claim);
  const claimColumns = claim[0].stmt.getColumnNames();
  const claimTokenColumn = claimColumns.indexOf('token');
  if (claimTokenColumn < 0)
    throw new Error('The claim must return the new token as a column named token.');
  // Every other column the claim returns is kept by the holder and bound by name later
  // ($attempt, $claimed_at: what its own claim left in the row).
  const kept: number[] = [];
  claimColumns.forEach((name, column) => {
    if (column === claimTokenColumn || seenNames.includes(name)) return;
    kept.push(column, seenNames.length);
    seenNames.push(name);
  });
  const readRun = binder.prepare(design.read, constants);
  const readColumns = readRun.stmt.getColumnNames();
  return {
    claimRead,
    claim,
    claimTokenColumn,
    claimKept: Int32Array.from(kept),
    renew: unread(design.renew),
    finish: unread(design.finish),
    cancel: binder.prepare(design.cancel, constants),
    register: targets.register ? binder.prepare(targets.register, constants) : null,
    writeCheck: targets.workerCheck ? perHolder(targets.workerCheck) : null,
    writeReport: perHolder(targets.writeReport),
    sendGateway: perHolder(targets.sendGateway),
    readRun,
    readFence: readColumns.indexOf('fence'),
    readStatus: readColumns.indexOf('status'),
    snapshotStmt: binder.prepare(targets.snapshot, constants),
  };
}
