import {
  HIGHEST_SEEN,
  KEY_ONLY,
  NO_CHECK,
  resourceWrites,
  RUN_ROW,
  settingWords,
} from '@/lib/lease';
import type { Lane } from './unit';

/*
 * The external ticket API: it knows idempotency keys and no tokens by default (a key-only
 * target), and may be given any check a single-copy target makes.
 */

const ID = 'tickets';

/** The ticket API's lane: each call files a ticket under its idempotency key. */
export const TICKET_API = {
  id: ID,
  // Its label names the check it makes (a key by default): the label never claims keys only
  // while the API compares tokens.
  label: (_, checkOf) => `Ticket API: ${settingWords(checkOf(ID))}`,
  events: ['ticket'],
  targets: {
    form: ID,
    names: () => [ID],
    owns: (name) => name === ID,
    title: () => 'ticket API',
    noun: 'the ticket API',
    offers: [KEY_ONLY.id, NO_CHECK.id, HIGHEST_SEEN.id, RUN_ROW.id],
    defaultCheck: () => KEY_ONLY.setting(),
    // Its key check is its default: a scenario that keeps it stores no setting for it.
    plainSetting: (check) => (check.kind === KEY_ONLY.id ? {} : null),
    namesIn: (e) => (e.kind === 'ticket' ? [ID] : []),
    judging: (e) => (e.kind === 'ticket' ? ID : null),
    // The state panel lists its tickets only in a scenario that calls it.
    settings: () => ({ ticketApi: true }),
    // Its resource in lib/lease's fence tables is its own name, scoped by the run.
    read: (db, runId) => ({
      tickets: resourceWrites(db, runId, ID).map((w) => ({
        key: w.opId ?? '',
        action: w.body,
        worker: w.holder,
      })),
    }),
  },
} as const satisfies Lane;
