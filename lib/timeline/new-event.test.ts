import { describe, expect, it } from 'vitest';
import { parseScenario } from './schema';
import { acceptorsReached, newEvent, nextEventId, reachesAcceptors } from './new-event';
import { gatewayComparesKey } from './target-list';
import type { EventKind, TimelineEvent } from './types';

const FIELDS = { worker: 'B', seconds: 4, key: 'op-7', ackLost: true } as const;

describe('the builder’s new event', () => {
  it('reads the acceptors reached: numbers in order once, blank for all, anything else refused', () => {
    expect(acceptorsReached(' 3, 1 1 ')).toEqual([1, 3]);
    expect(acceptorsReached('   ')).toBeUndefined();
    expect(acceptorsReached('1, two')).toBeNull();
    expect(acceptorsReached('0')).toBeNull();
    expect(acceptorsReached('1.5')).toBeNull();
    expect(reachesAcceptors('gateway-write')).toBe(true);
    expect(reachesAcceptors('register')).toBe(true);
    expect(reachesAcceptors('finish')).toBe(false);
  });

  it('takes an id no event has', () => {
    const events = [{ id: 'e2', kind: 'claim', worker: 'A' }] as TimelineEvent[];
    expect(nextEventId([])).toBe('e1');
    expect(nextEventId(events)).toBe('e3');
    expect(nextEventId([...events, { id: 'e3', kind: 'pause', worker: 'A' }])).toBe('e4');
  });

  it('puts a lost reply only on a write, and the acceptors only where a write may reach some', () => {
    expect(newEvent('pause', 'e1', FIELDS)).toEqual({ id: 'e1', kind: 'pause', worker: 'B' });
    expect(newEvent('finish', 'e1', FIELDS)).toEqual({
      id: 'e1',
      kind: 'finish',
      worker: 'B',
      ackLost: true,
    });
    expect(newEvent('register', 'e1', { ...FIELDS, resource: 'journal', reach: [1, 2] })).toEqual({
      id: 'e1',
      kind: 'register',
      worker: 'B',
      resource: 'journal',
      reach: [1, 2],
    });
    expect(newEvent('advance', 'e1', FIELDS)).toEqual({ id: 'e1', kind: 'advance', seconds: 4 });
    expect(newEvent('rescue', 'e1', { ...FIELDS, compare: [] })).toEqual({
      id: 'e1',
      kind: 'rescue',
      ackLost: true,
    });
    expect(newEvent('rescue', 'e1', { ...FIELDS, ackLost: false, compare: ['owner'] })).toEqual({
      id: 'e1',
      kind: 'rescue',
      compare: ['owner'],
    });
  });

  it('gives a gateway write its own resource and, for a key-only resource, its own key', () => {
    const fields = { ...FIELDS, ackLost: false, resource: 'email' };
    expect(newEvent('gateway-write', 'e1', fields)).toEqual({
      id: 'e1',
      kind: 'gateway-write',
      worker: 'B',
      resource: 'email',
    });
    expect(newEvent('gateway-write', 'e1', { ...fields, gatewayKey: 'send-1' })).toEqual({
      id: 'e1',
      kind: 'gateway-write',
      worker: 'B',
      resource: 'email',
      key: 'send-1',
    });
    // The operation id stays the draft's: the resource field no longer doubles as a key.
    expect(newEvent('draft', 'e1', fields)).toMatchObject({ opId: 'op-7' });
    const keyOnly = { objectStore: 'versioned', gateway: 'first-write' } as const;
    const checks = [{ target: 'gateway:email', check: { kind: 'key-only' } }] as const;
    expect(gatewayComparesKey({ ...keyOnly, checks: [...checks] }, 'email')).toBe(true);
    expect(gatewayComparesKey({ ...keyOnly, checks: [...checks] }, 'journal')).toBe(false);
    expect(gatewayComparesKey({ ...keyOnly, gatewayCheck: { kind: 'key-only' } }, 'x')).toBe(true);
  });

  it('makes every kind the builder offers into an event the scenario schema accepts', () => {
    const kinds: EventKind[] = [
      'claim',
      'renew',
      'pause',
      'resume',
      'advance',
      'draft',
      'finish',
      'cancel',
      'object-put',
      'object-commit',
      'ticket',
      'gateway-write',
      'claim-read',
      'report-check',
      'report-write',
      'register',
      'gateway-send',
      'cancel-complete',
      'rescue-read',
      'rescue',
      'long-transaction',
    ];
    const events = kinds.map((kind, i) => newEvent(kind, `e${i + 1}`, FIELDS));
    const parsed = parseScenario({
      version: 1,
      id: 'all-kinds',
      title: 'Every kind',
      leaseSeconds: 5,
      workers: [{ id: 'A' }, { id: 'B' }],
      targets: { objectStore: 'versioned', gateway: 'at-takeover' },
      events,
    });
    expect(parsed.ok ? 'parsed' : parsed.message).toBe('parsed');
  });
});
