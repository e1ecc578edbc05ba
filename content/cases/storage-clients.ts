import type { OutcomeKind } from '@/lib/lease';
import type { CaseEvent, CaseRun } from './types';

/*
 * Cases 1 and 10 tell one story with two clients and a storage service behind a lock: the
 * clients' names, the storage lane and a write to it are written here once.
 */

/** Client 1 and client 2, and the storage service as the gateway lane. */
export function clientsAndStorage(token: string): NonNullable<CaseRun['scenario']['terms']> {
  return { token, holders: { A: 'client 1', B: 'client 2' }, resource: 'storage' };
}

/** A client's write to the storage service, and the outcome the case teaches for it. */
export function storageWrite(
  id: string,
  worker: 'A' | 'B',
  body: string,
  outcome: OutcomeKind,
): CaseEvent {
  return { id, kind: 'gateway-write', worker, resource: 'storage', body, outcome };
}
