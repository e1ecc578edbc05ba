'use client';

import { useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  WRITE_EVENT_KINDS,
  describeEvent,
  parseScenario,
  type EventKind,
  type Scenario,
  type TimelineEvent,
} from '@/lib/timeline';
import { BuilderSettings } from './builder-settings';

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
];

const NEEDS_WORKER = (kind: EventKind) =>
  kind !== 'advance' && kind !== 'cancel' && kind !== 'cancel-complete';
const NEEDS_KEY = (kind: EventKind) =>
  kind === 'draft' ||
  kind === 'object-commit' ||
  kind === 'ticket' ||
  kind === 'gateway-write' ||
  kind === 'register';

const REACHES = (kind: EventKind) => kind === 'gateway-write' || kind === 'register';
const isWriteKind = (kind: EventKind) => (WRITE_EVENT_KINDS as readonly string[]).includes(kind);

/** "1, 3" → [1, 3]; blank → every acceptor (undefined); anything else → null (refused). */
function parseReach(text: string): number[] | undefined | null {
  if (text.trim() === '') return undefined;
  const parts = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);
  return parts.every((n) => Number.isInteger(n) && n >= 1)
    ? [...new Set(parts)].sort((a, b) => a - b)
    : null;
}

function nextId(events: readonly TimelineEvent[]): string {
  const used = new Set(events.map((e) => e.id));
  let n = events.length + 1;
  while (used.has(`e${n}`)) n += 1;
  return `e${n}`;
}

function makeEvent(
  kind: EventKind,
  id: string,
  worker: string,
  seconds: number,
  key: string,
  extra: { reach?: number[]; ackLost: boolean } = { ackLost: false },
): TimelineEvent {
  // A lost acknowledgement is a fault of a write; a registration may reach only some acceptors.
  const lost = extra.ackLost && isWriteKind(kind) ? { ackLost: true } : {};
  const reach = extra.reach ? { reach: extra.reach } : {};
  switch (kind) {
    case 'advance':
      return { id, kind, seconds };
    case 'cancel':
      return { id, kind, ...lost };
    case 'cancel-complete':
      return { id, kind };
    case 'register':
      return { id, kind, worker, resource: key, ...reach };
    case 'draft':
    case 'object-commit':
      return { id, kind, worker, opId: key, ...lost };
    case 'ticket':
      return { id, kind, worker, key, action: 'notify', ...lost };
    case 'gateway-write':
      return { id, kind, worker, resource: key, ...reach, ...lost };
    default:
      return { id, kind, worker, ...lost } as TimelineEvent;
  }
}

/** Add, remove and reorder events, and change the settings; invalid changes are refused with a message. */
export function ScenarioBuilder({
  scenario,
  onChange,
  onStartBlank,
}: {
  scenario: Scenario;
  onChange: (next: Scenario) => void;
  onStartBlank: () => void;
}) {
  const [kind, setKind] = useState<EventKind>('claim');
  const [worker, setWorker] = useState(scenario.workers[0]?.id ?? 'A');
  const [seconds, setSeconds] = useState('6');
  const [key, setKey] = useState('op-1');
  const [reach, setReach] = useState('');
  const [ackLost, setAckLost] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const apply = (next: Scenario) => {
    const checked = parseScenario(next);
    if (!checked.ok) {
      setProblem(checked.message);
      return;
    }
    setProblem(null);
    onChange(checked.scenario);
  };

  const move = (index: number, by: -1 | 1) => {
    const events = [...scenario.events];
    const [event] = events.splice(index, 1);
    events.splice(index + by, 0, event);
    apply({ ...scenario, events });
  };

  const add = () => {
    const n = Number(seconds);
    if (kind === 'advance' && !(Number.isInteger(n) && n >= 1)) {
      setProblem('Time moves forward by a whole number of seconds, 1 or more.');
      return;
    }
    const reached = REACHES(kind) ? parseReach(reach) : undefined;
    if (reached === null) {
      setProblem('Acceptors reached: acceptor numbers such as “1, 2”, or blank for all.');
      return;
    }
    apply({
      ...scenario,
      events: [
        ...scenario.events,
        makeEvent(kind, nextId(scenario.events), worker, n, key.trim(), {
          reach: reached,
          ackLost,
        }),
      ],
    });
  };

  return (
    <section
      aria-labelledby="builder-heading"
      className="space-y-4 rounded-lg border border-line p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="builder-heading" className="text-xl font-semibold">
          Scenario builder
        </h2>
        <Button onClick={onStartBlank}>Start from a short example</Button>
      </div>
      <BuilderSettings scenario={scenario} onChange={apply} />
      <ol aria-label="Events" className="space-y-1">
        {scenario.events.map((event, index) => (
          <li
            key={event.id}
            className="flex flex-wrap items-center gap-2 rounded-md border border-line px-2 py-1 text-sm"
          >
            <span className="font-mono text-muted">#{index + 1}</span>
            <span className="min-w-0 flex-1">{describeEvent(event)}</span>
            <Button
              aria-label={`Move event ${index + 1} up`}
              disabled={index === 0}
              onClick={() => move(index, -1)}
            >
              ↑
            </Button>
            <Button
              aria-label={`Move event ${index + 1} down`}
              disabled={index === scenario.events.length - 1}
              onClick={() => move(index, 1)}
            >
              ↓
            </Button>
            <Button
              aria-label={`Remove event ${index + 1}`}
              onClick={() =>
                apply({ ...scenario, events: scenario.events.filter((_, i) => i !== index) })
              }
            >
              Remove
            </Button>
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col text-sm">
          New event
          <select
            value={kind}
            onChange={(e) => setKind(e.target.value as EventKind)}
            className="rounded-md border border-line bg-surface px-2 py-1"
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
            <select
              value={worker}
              onChange={(e) => setWorker(e.target.value)}
              className="rounded-md border border-line bg-surface px-2 py-1"
            >
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
              className="w-20 rounded-md border border-line bg-surface px-2 py-1"
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
            <input
              value={key}
              onChange={(e) => setKey(e.target.value)}
              className="w-32 rounded-md border border-line bg-surface px-2 py-1"
            />
          </label>
        ) : null}
        {REACHES(kind) ? (
          <label className="flex flex-col text-sm">
            Acceptors reached
            <input
              value={reach}
              placeholder="all"
              onChange={(e) => setReach(e.target.value)}
              className="w-24 rounded-md border border-line bg-surface px-2 py-1"
            />
          </label>
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
      {problem ? (
        <p role="alert" className="text-sm text-bad">
          {problem}
        </p>
      ) : null}
    </section>
  );
}
