import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RESCUE_FIELDS, type RescueField } from '@/lib/lease';
import {
  acceptorsReached,
  gatewayComparesKey,
  isWriteKind,
  newEvent,
  nextEventId,
  reachesAcceptors,
  rescueChoices,
  type EventKind,
  type Scenario,
  type TimelineEvent,
} from '@/lib/timeline';
import { FIELD } from './builder-fields';

const KINDS: { kind: EventKind; label: string }[] = [
  { kind: 'claim', label: 'Claim' },
  { kind: 'renew', label: 'Renew (heartbeat)' },
  { kind: 'pause', label: 'Pause' },
  { kind: 'resume', label: 'Resume' },
  { kind: 'advance', label: 'Advance time' },
  { kind: 'draft', label: 'Save draft' },
  { kind: 'finish', label: 'Submit (finish)' },
  { kind: 'cancel', label: 'User cancels' },
  { kind: 'object-put', label: 'Upload report.md' },
  { kind: 'object-commit', label: 'Make report.md official' },
  { kind: 'ticket', label: 'Ticket API call' },
  { kind: 'gateway-write', label: 'Gateway write' },
  { kind: 'claim-read', label: 'Read before claiming' },
  { kind: 'report-check', label: 'Own token check' },
  { kind: 'report-write', label: 'Report write (design’s store)' },
  { kind: 'register', label: 'Register generation at the gateway' },
  { kind: 'gateway-send', label: 'Gateway call (design’s gateway)' },
  { kind: 'cancel-complete', label: 'Cancel completes (reconcile)' },
  { kind: 'rescue-read', label: 'Rescuer reads the run row' },
  { kind: 'rescue', label: 'Rescuer re-queues the run' },
  { kind: 'long-transaction', label: 'Open a long transaction' },
];

/** The columns a rescuer's re-queue may compare with what it read, as the builder names them. */
const RESCUE_LABELS: Record<RescueField, string> = {
  owner: 'owner (claimed_by)',
  fence: 'fence (the token)',
  lease: 'lease end',
  status: 'status',
  attempt: 'attempt (claims made)',
  claimed_at: 'claimed_at (claimer’s clock)',
  attempted_at: 'attempted_at (database time)',
};

/** The form's fields for one event, as a fresh form holds them. */
const BLANK = {
  seconds: '6',
  key: 'op-1',
  resource: 'email',
  gatewayKey: 'op-1',
  reach: '',
  ackLost: false,
  compare: [] as RescueField[],
};

const NEEDS_WORKER = (kind: EventKind) =>
  kind !== 'advance' &&
  kind !== 'cancel' &&
  kind !== 'cancel-complete' &&
  kind !== 'rescue-read' &&
  kind !== 'rescue';
const NEEDS_KEY = (kind: EventKind) =>
  kind === 'draft' || kind === 'object-commit' || kind === 'ticket';
const NEEDS_RESOURCE = (kind: EventKind) => kind === 'gateway-write' || kind === 'register';

/** The form that adds one event at the end; a value it cannot use is reported through onProblem. */
export function NewEvent({
  scenario,
  onAdd,
  onProblem,
}: {
  scenario: Scenario;
  /** Adds the event; false when the scenario refused it (the form then keeps what was typed). */
  onAdd: (event: TimelineEvent) => boolean;
  onProblem: (message: string) => void;
}) {
  const [kind, setKind] = useState<EventKind>('claim');
  const [worker, setWorker] = useState(scenario.workers[0]?.id ?? 'A');
  // What describes one event only; back to these after each "Add event", so the next event
  // does not silently carry the last one's ticks, resource or key.
  const [fields, setFields] = useState(BLANK);
  const set = (patch: Partial<typeof BLANK>) => setFields({ ...fields, ...patch });
  const { seconds, key, resource, gatewayKey, reach, ackLost, compare } = fields;
  const keyed = kind === 'gateway-write' && gatewayComparesKey(scenario.targets, resource.trim());

  const add = () => {
    const n = Number(seconds);
    if (kind === 'advance' && !(Number.isInteger(n) && n >= 1)) {
      onProblem('Time moves forward by a whole number of seconds, 1 or more.');
      return;
    }
    const reached = reachesAcceptors(kind) ? acceptorsReached(reach) : undefined;
    if (reached === null) {
      onProblem('Acceptors reached: acceptor numbers such as “1, 2”, or blank for all.');
      return;
    }
    const added = onAdd(
      newEvent(kind, nextEventId(scenario.events), {
        worker,
        seconds: n,
        key: key.trim(),
        resource: resource.trim(),
        ...(keyed ? { gatewayKey: gatewayKey.trim() } : {}),
        reach: reached,
        ackLost,
        compare: RESCUE_FIELDS.filter((f) => compare.includes(f)),
      }),
    );
    if (added) setFields(BLANK);
  };

  return (
    <div className="flex flex-wrap items-end gap-3">
      <label className="flex flex-col text-sm">
        New event
        <select
          value={kind}
          onChange={(e) => setKind(e.target.value as EventKind)}
          className={FIELD}
        >
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
      </label>
      {NEEDS_WORKER(kind) ? (
        <label className="flex flex-col text-sm">
          Worker
          <select value={worker} onChange={(e) => setWorker(e.target.value)} className={FIELD}>
            {scenario.workers.map((w) => (
              <option key={w.id}>{w.id}</option>
            ))}
          </select>
        </label>
      ) : null}
      {kind === 'advance' ? (
        <label className="flex flex-col text-sm">
          Seconds to advance
          <input
            type="number"
            min={1}
            value={seconds}
            onChange={(e) => set({ seconds: e.target.value })}
            className={`${FIELD} w-20`}
          />
        </label>
      ) : null}
      {NEEDS_KEY(kind) ? (
        <label className="flex flex-col text-sm">
          {kind === 'ticket' ? 'Idempotency key' : 'Operation id'}
          <input
            value={key}
            onChange={(e) => set({ key: e.target.value })}
            className={`${FIELD} w-32`}
          />
        </label>
      ) : null}
      {NEEDS_RESOURCE(kind) ? (
        <label className="flex flex-col text-sm">
          Resource
          <input
            value={resource}
            onChange={(e) => set({ resource: e.target.value })}
            className={`${FIELD} w-32`}
          />
        </label>
      ) : null}
      {keyed ? (
        <label className="flex flex-col text-sm">
          Idempotency key
          <input
            value={gatewayKey}
            onChange={(e) => set({ gatewayKey: e.target.value })}
            className={`${FIELD} w-32`}
          />
        </label>
      ) : null}
      {reachesAcceptors(kind) ? (
        <label className="flex flex-col text-sm">
          Acceptors reached
          <input
            value={reach}
            placeholder="all"
            onChange={(e) => set({ reach: e.target.value })}
            className={`${FIELD} w-24`}
          />
        </label>
      ) : null}
      {kind === 'rescue' ? (
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <legend className="mb-1">The re-queue also compares what the rescuer read</legend>
          {rescueChoices(scenario).map((field) => (
            <label key={field} className="inline-flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={compare.includes(field)}
                onChange={(e) =>
                  set({
                    compare: e.target.checked
                      ? [...compare, field]
                      : compare.filter((f) => f !== field),
                  })
                }
                className="h-4 w-4 accent-[var(--accent)]"
              />
              {RESCUE_LABELS[field]}
            </label>
          ))}
        </fieldset>
      ) : null}
      {isWriteKind(kind) ? (
        <label className="inline-flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={ackLost}
            onChange={(e) => set({ ackLost: e.target.checked })}
            className="h-4 w-4 accent-[var(--accent)]"
          />
          The reply is lost
        </label>
      ) : null}
      <Button variant="primary" onClick={add}>
        Add event
      </Button>
    </div>
  );
}
