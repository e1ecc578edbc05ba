import { describe, expect, it } from 'vitest';
import { MAX_SHARE_LENGTH, decodeScenario, encodeScenario, scenarioLink } from './share';
import type { Scenario } from './types';

const scenario: Scenario = {
  version: 1,
  id: 'mine',
  title: 'Émile’s <script>alert(1)</script> scenario ✓',
  leaseSeconds: 5,
  workers: [{ id: 'A', clockOffset: -2 }, { id: 'B' }],
  targets: { objectStore: 'versioned', gateway: 'at-takeover' },
  events: [
    { id: 'e1', kind: 'claim', worker: 'A' },
    { id: 'e2', kind: 'advance', seconds: 6 },
    { id: 'e3', kind: 'ticket', worker: 'B', key: 'k-1', action: 'refund' },
  ],
};

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('share links', () => {
  it('round-trip exactly, with non-ASCII text, as URL-safe characters', () => {
    const link = scenarioLink(scenario);
    expect(link).toMatch(/^\/practice\/timeline#[A-Za-z0-9_-]+$/);
    expect(decodeScenario(link.slice(link.indexOf('#')))).toEqual({ ok: true, scenario });
  });

  it('refuse hostile and damaged input with a message, never throwing', () => {
    const cases: [string, RegExp][] = [
      ['', /holds no scenario/],
      ['#' + 'A'.repeat(MAX_SHARE_LENGTH + 1), /too long/],
      ['#abc$%^', /damaged/],
      ['#' + b64('{not json'), /cannot be read/],
      ['#' + Buffer.from([0xff, 0xfe, 0x00]).toString('base64url'), /cannot be read/],
      ['#' + b64('[]'), /not a valid scenario/],
      ['#' + b64(JSON.stringify({ ...scenario, version: 2 })), /version/],
      ['#' + b64(JSON.stringify({ ...scenario, leaseSeconds: 1e9 })), /leaseSeconds/],
      [
        '#' + b64(JSON.stringify({ ...scenario, workers: [{ id: 'a; DROP TABLE runs' }] })),
        /workers\.0\.id/,
      ],
      [
        '#' +
          b64(JSON.stringify({ ...scenario, events: [{ id: 'e1', kind: 'finish', worker: 'Z' }] })),
        /worker Z/,
      ],
      [
        '#' +
          b64(
            JSON.stringify({
              ...scenario,
              events: [
                { id: 'e1', kind: 'advance', seconds: 1 },
                { id: 'e1', kind: 'cancel' },
              ],
            }),
          ),
        /used twice/,
      ],
      [
        '#' +
          b64(
            JSON.stringify({
              ...scenario,
              events: Array.from({ length: 61 }, (_, i) => ({ id: `e${i}`, kind: 'cancel' })),
            }),
          ),
        /at most 60 events/,
      ],
      [
        '#' + b64(JSON.stringify({ ...scenario, events: [{ id: 'e1', kind: 'rm -rf' }] })),
        /not a valid scenario/,
      ],
    ];
    for (const [hash, message] of cases) {
      const result = decodeScenario(hash);
      expect(result.ok, hash.slice(0, 40)).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
  });

  it('drops unknown fields instead of carrying them into the page', () => {
    const result = decodeScenario(
      b64(JSON.stringify({ ...scenario, __proto__x: 1, extra: '<img>' })),
    );
    expect(result.ok && 'extra' in result.scenario).toBe(false);
    expect(encodeScenario(scenario)).toBe(encodeScenario(JSON.parse(JSON.stringify(scenario))));
  });
});

describe('share links of built scenarios with every builder extension', () => {
  const built: Scenario = {
    version: 1,
    id: 'replicated',
    title: 'A replicated journal',
    firstToken: 33,
    terms: { token: 'epoch', holders: { A: 'old leader', B: 'new leader' }, resource: 'journal' },
    leaseSeconds: 5,
    workers: [{ id: 'A', clockOffset: 10 }, { id: 'B' }, { id: 'C' }],
    targets: {
      objectStore: 'overwrite',
      gateway: 'first-write',
      gatewayCheck: { kind: 'majority', acceptors: 5 },
      fingerprint: 'attempt-claimed-at',
    },
    events: [
      { id: 'e1', kind: 'claim', worker: 'A' },
      { id: 'e2', kind: 'register', worker: 'A', resource: 'journal', reach: [1, 2, 3] },
      {
        id: 'e3',
        kind: 'gateway-write',
        worker: 'A',
        resource: 'journal',
        reach: [4],
        key: 'k',
        ackLost: true,
      },
      { id: 'e4', kind: 'cancel', ackLost: true },
      { id: 'e5', kind: 'finish', worker: 'B', ackLost: true },
    ],
  };

  it('round-trip: acceptors, fingerprints, first token, terms, registrations, reach and lost replies', () => {
    expect(decodeScenario(encodeScenario(built))).toEqual({ ok: true, scenario: built });
  });

  it('refuse an acceptor number or count outside 1 to 5', () => {
    const tooMany = {
      ...built,
      targets: { ...built.targets, gatewayCheck: { kind: 'majority', acceptors: 9 } },
    };
    expect(decodeScenario(encodeScenario(tooMany as Scenario)).ok).toBe(false);
    const badReach = {
      ...built,
      events: [{ id: 'e1', kind: 'register', worker: 'A', resource: 'j', reach: [0] }],
    };
    expect(decodeScenario(encodeScenario(badReach as Scenario)).ok).toBe(false);
  });
});
