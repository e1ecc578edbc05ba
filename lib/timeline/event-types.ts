import type { OutcomeKind, RescueField } from '@/lib/lease';

/*
 * The events of a scenario (the timeline's contract, types.ts, says what a scenario and a trace
 * are): what each event asks for, which of them write and produce a verdict, and which run a
 * statement at the database.
 */

/** Worker names: single capital letters, as in the lesson (A, B, C). */
export type WorkerId = string;

/** Fields every event may carry. */
interface EventBase {
  /** Unique within the scenario; predictions and expectations refer to it. */
  id: string;
  /** A short note shown on the timeline ("the model call runs"). */
  note?: string;
}

/** Fields of an event that may write: the outcome the scenario teaches. */
interface WriteBase extends EventBase {
  expect?: OutcomeKind;
  /** A fault: the write's acknowledgement is lost, so the writer learns `unknown`. */
  ackLost?: boolean;
}

export type TimelineEvent =
  /** The worker tries to claim the run; on success it remembers the new fence token. */
  | (WriteBase & { kind: 'claim'; worker: WorkerId })
  /** Heartbeat: extend the lease, only with the current owner and fence. */
  | (WriteBase & { kind: 'renew'; worker: WorkerId })
  /** The worker's commit: mark the run done (the "submit" of the lesson). */
  | (WriteBase & { kind: 'finish'; worker: WorkerId })
  /** The user cancels the run (not a worker). */
  | (WriteBase & { kind: 'cancel' })
  /** The worker saves its draft in the database, with an operation id (business intent). */
  | (WriteBase & { kind: 'draft'; worker: WorkerId; opId: string; body?: string })
  /** The worker puts the report file into the object store. */
  | (WriteBase & { kind: 'object-put'; worker: WorkerId; body?: string })
  /** The worker switches the official report reference to its last put version (fenced). */
  | (WriteBase & { kind: 'object-commit'; worker: WorkerId; opId: string })
  /** A call to the external ticket API, which knows idempotency keys and no tokens. */
  | (WriteBase & { kind: 'ticket'; worker: WorkerId; key: string; action: string })
  /** A write through the fencing gateway, carrying the worker's fence token. */
  | (WriteBase & {
      kind: 'gateway-write';
      worker: WorkerId;
      resource: string;
      body?: string;
      /** The idempotency key a key-only gateway compares; the resource name when absent. */
      key?: string;
      /** Acceptors (1-based) this write reaches, for a replicated gateway; all when absent. */
      reach?: number[];
    })
  /**
   * The first statement of a two-statement claim (a design with `claimRead`): the worker reads
   * the row without a lock and remembers what it saw; its next claim sends only the write.
   */
  | (EventBase & { kind: 'claim-read'; worker: WorkerId })
  /**
   * The worker checks its own token before the report write (a design whose targets have a
   * `workerCheck`); its next report write goes ahead only if the check passed.
   */
  | (EventBase & { kind: 'report-check'; worker: WorkerId })
  /** The worker writes the report reference at the design's own downstream report store. */
  | (WriteBase & { kind: 'report-write'; worker: WorkerId })
  /** The worker calls the design's own gateway (the checker's `send`). */
  | (WriteBase & { kind: 'gateway-send'; worker: WorkerId })
  /**
   * The registration event: the worker tells a target about its generation after its claim.
   * With `resource`, the fencing gateway's resource of that name; without, the design's own
   * highest-seen targets. Registration is keyed by run, and nothing registers by look-ahead.
   */
  | (EventBase & { kind: 'register'; worker: WorkerId; resource?: string; reach?: number[] })
  /** The cancel's end: its effects are listed for reconciliation, and canceling becomes canceled. */
  | (EventBase & { kind: 'cancel-complete' })
  /** The worker stops (GC pause, partition, laptop lid): it does nothing until resumed. */
  | (EventBase & { kind: 'pause'; worker: WorkerId })
  | (EventBase & { kind: 'resume'; worker: WorkerId })
  /** Database time moves forward. */
  | (EventBase & { kind: 'advance'; seconds: number })
  /**
   * The worker opens a transaction and holds it open: now() in it reads the time it began until
   * the worker's next write to the database (`DATABASE_WRITE_KINDS`) runs in it and commits it.
   * Only a scenario judged by the transaction clock reads that time; it holds no row lock.
   */
  | (EventBase & { kind: 'long-transaction'; worker: WorkerId })
  /** The rescuer (a third party, not a holder) reads the run row: is the run stuck? */
  | (EventBase & { kind: 'rescue-read' })
  /**
   * The rescuer re-queues the run it read as stuck. Its write compares the columns in `compare`
   * with the values it read (none: the run id alone).
   */
  | (WriteBase & { kind: 'rescue'; compare?: RescueField[] });

export type EventKind = TimelineEvent['kind'];

export const WRITE_EVENT_KINDS = [
  'claim',
  'renew',
  'finish',
  'cancel',
  'draft',
  'object-put',
  'object-commit',
  'ticket',
  'gateway-write',
  'report-write',
  'gateway-send',
  'rescue',
] as const satisfies readonly EventKind[];

export type WriteEventKind = (typeof WRITE_EVENT_KINDS)[number];
export type WriteEvent = Extract<TimelineEvent, { kind: WriteEventKind }>;

/**
 * Writes that run a statement at the database: they read the lease clock, and a worker's open
 * transaction (a `long-transaction` event) runs them and commits with them.
 */
export const DATABASE_WRITE_KINDS = [
  'claim',
  'renew',
  'finish',
  'draft',
  'object-commit',
  'report-write',
  'gateway-send',
] as const satisfies readonly WriteEventKind[];

/** True for the kinds of event that produce a verdict. */
export function isWriteKind(kind: EventKind): kind is WriteEventKind {
  return (WRITE_EVENT_KINDS as readonly string[]).includes(kind);
}

/** True for events that produce a verdict. */
export function isWriteEvent(event: TimelineEvent): event is WriteEvent {
  return isWriteKind(event.kind);
}
