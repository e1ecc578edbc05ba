import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { RESCUE_FIELDS, type RescueField } from '@/lib/lease';
import {
  acceptorsReached,
  isWriteKind,
  newEvent,
  nextEventId,
  reachesAcceptors,
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
  fence: 'token (attempt)',
  lease: 'lease end',
  status: 'status',
};

const NEEDS_WORKER = (kind: EventKind) =>
  kind !== 'advance' &&
  kind !== 'cancel' &&
  kind !== 'cancel-complete' &&
  kind !== 'rescue-read' &&
  kind !== 'rescue';
const NEEDS_KEY = (kind: EventKind) =>
  kind === 'draft' ||
  kind === 'object-commit' ||
  kind === 'ticket' ||
  kind === 'gateway-write' ||
  kind === 'register';

/** The form that adds one event at the end; a value it cannot use is reported through onProblem. */
export function NewEvent({
  scenario,
  onAdd,
  onProblem,
}: {
  scenario: Scenario;
  onAdd: (event: TimelineEvent) => void;
  onProblem: (message: string) => void;
}) {
  const [kind, setKind] = useState<EventKind>('claim');
  const [worker, setWorker] = useState(scenario.workers[0]?.id ?? 'A');
  const [seconds, setSeconds] = useState('6');
  const [key, setKey] = useState('op-1');
  const [reach, setReach] = useState('');
  const [ackLost, setAckLost] = useState(false);
  const [compare, setCompare] = useState<RescueField[]>([]);

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
    onAdd(
      newEvent(kind, nextEventId(scenario.events), {
        worker,
        seconds: n,
        key: key.trim(),
        reach: reached,
        ackLost,
        compare: RESCUE_FIELDS.filter((f) => compare.includes(f)),
      }),
    );
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
            onChange={(e) => setSeconds(e.target.value)}
            className={`${FIELD} w-20`}
          />
        </label>
      ) : null}
      {NEEDS_KEY(kind) ? (
        <label className="flex flex-col text-sm">
          {kind === 'gateway-write' || kind === 'register'
            ? 'Resource'
            : kind === 'ticket'
              ? 'Idempotency key'
              : 'Operation id'}
          <input value={key} onChange={(e) => setKey(e.target.value)} className={`${FIELD} w-32`} />
        </label>
      ) : null}
      {reachesAcceptors(kind) ? (
        <label className="flex flex-col text-sm">
          Acceptors reached
          <input
            value={reach}
            placeholder="all"
            onChange={(e) => setReach(e.target.value)}
            className={`${FIELD} w-24`}
          />
        </label>
      ) : null}
      {kind === 'rescue' ? (
        <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <legend className="mb-1">The re-queue also compares what the rescuer read</legend>
          {RESCUE_FIELDS.map((field) => (
            <label key={field} className="inline-flex items-center gap-1.5">
              <input
                type="checkbox"
                checked={compare.includes(field)}
                onChange={(e) =>
                  setCompare(
                    e.target.checked ? [...compare, field] : compare.filter((f) => f !== field),
                  )
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
            onChange={(e) => setAckLost(e.target.checked)}
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
