import { fencedDesign, type LeaseDesign } from '@/lib/lease';
import type { StatementBinder, Prepared } from './binder';

/** A design's statements, prepared once for the search (one per holder where it binds the owner). */
export interface MachineStatements {
  claimRead: Prepared[] | null;
  claim: Prepared[];
  claimTokenColumn: number;
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
 * columns, which the claim binds by name, so they are known before the claim is prepared.
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
  if (claimRead) seenNames.push(...claimRead[0].stmt.getColumnNames());
  const claim = perHolder(design.claim);
  const claimTokenColumn = claim[0].stmt.getColumnNames().indexOf('token');
  if (claimTokenColumn < 0)
    throw new Error('The claim must return the new token as a column named token.');
  const readRun = binder.prepare(design.read, constants);
  const readColumns = readRun.stmt.getColumnNames();
  return {
    claimRead,
    claim,
    claimTokenColumn,
    renew: perHolder(design.renew),
    finish: perHolder(design.finish),
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
