import { COMMIT_CONDITIONS, rescueFieldsOf, type RescueField } from '@/lib/lease';
import { timelineDesign } from './designs';
import { isWriteKind, type EventKind, type Scenario, type TimelineEvent } from './types';

/*
 * One event as the builder adds it, from what its form holds: the kind, its worker, the seconds
 * time moves, the key (an operation id, or an idempotency key a ticket API or a key-only gateway
 * resource compares), the gateway resource, the acceptors a write reaches, a lost reply, the
 * columns a rescuer compares. Plain data rules, so the form stays a form and these are tested
 * without a browser.
 */

/** The kinds whose write or registration may reach only some of a replicated target's acceptors. */
export function reachesAcceptors(kind: EventKind): boolean {
  return kind === 'gateway-write' || kind === 'register';
}

/** "1, 3" → [1, 3]; blank → every acceptor (undefined); anything else → null (refused). */
export function acceptorsReached(text: string): number[] | undefined | null {
  if (text.trim() === '') return undefined;
  const parts = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  return parts.every((n) => Number.isInteger(n) && n >= 1)
    ? [...new Set(parts)].sort((a, b) => a - b)
    : null;
}

/**
 * The columns the builder offers a rescuer's re-queue: every column the scenario's design can
 * compare (a claim column such as attempted_at where its table has one), else the lesson's four.
 */
export function rescueChoices(scenario: Pick<Scenario, 'design'>): RescueField[] {
  const rules = timelineDesign(scenario.design ?? 'fenced')?.rules;
  return rules ? rescueFieldsOf(rules.table) : [...COMMIT_CONDITIONS];
}

/** An id no event of the list has: e<n>, from the list's length on. */
export function nextEventId(events: readonly TimelineEvent[]): string {
  const used = new Set(events.map((e) => e.id));
  let n = events.length + 1;
  while (used.has(`e${n}`)) n += 1;
  return `e${n}`;
}

export interface NewEventFields {
  worker: string;
  seconds: number;
  /** An operation id (draft, reference switch) or an idempotency key (ticket). */
  key: string;
  /** The gateway resource a write or a registration names; the key when absent. */
  resource?: string;
  /** The idempotency key a gateway write carries for a key-only resource (absent: its resource). */
  gatewayKey?: string;
  reach?: number[];
  ackLost?: boolean;
  compare?: RescueField[];
}

/** The event of `kind`, taking from `fields` only what that kind carries. */
export function newEvent(kind: EventKind, id: string, fields: NewEventFields): TimelineEvent {
  const { worker, seconds, key } = fields;
  const resource = fields.resource ?? key;
  // A lost acknowledgement is a fault of a write; a registration may reach only some acceptors.
  const lost = fields.ackLost && isWriteKind(kind) ? { ackLost: true } : {};
  const reach = fields.reach ? { reach: fields.reach } : {};
  switch (kind) {
    case 'advance':
      return { id, kind, seconds };
    case 'cancel':
      return { id, kind, ...lost };
    case 'cancel-complete':
    case 'rescue-read':
      return { id, kind };
    case 'rescue':
      return { id, kind, ...(fields.compare?.length ? { compare: fields.compare } : {}), ...lost };
    case 'register':
      return { id, kind, worker, resource, ...reach };
    case 'draft':
    case 'object-commit':
      return { id, kind, worker, opId: key, ...lost };
    case 'ticket':
      return { id, kind, worker, key, action: 'notify', ...lost };
    case 'gateway-write':
      return {
        id,
        kind,
        worker,
        resource,
        ...(fields.gatewayKey ? { key: fields.gatewayKey } : {}),
        ...reach,
        ...lost,
      };
    default:
      return { id, kind, worker, ...lost } as TimelineEvent;
  }
}
