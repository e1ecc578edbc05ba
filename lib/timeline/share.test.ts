import { describe, expect, it } from 'vitest';
import { MAX_SHARE_LENGTH, decodeScenario, encodeScenario, scenarioLink } from './share';
import { runScenario } from './engine';
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

describe('a share link made before the condition kinds became objects (issue 38)', () => {
  // Encoded by encodeScenario on main at df47576, before lib/lease/kinds/conditions: every
  // condition kind, in a claim, a renew and a finish. The kinds' schemas must keep opening it.
  const OLD =
    'eyJ2ZXJzaW9uIjoxLCJpZCI6ImtpbmRzIiwidGl0bGUiOiJFdmVyeSBjb25kaXRpb24ga2luZCIsImxlYXNlU2Vjb25kcyI6NSwid29ya2VycyI6W3siaWQiOiJBIn0seyJpZCI6IkIifV0sInRhcmdldHMiOnsib2JqZWN0U3RvcmUiOiJ2ZXJzaW9uZWQiLCJnYXRld2F5IjoiYXQtdGFrZW92ZXIifSwiY29uZGl0aW9ucyI6eyJjbGFpbSI6W3sia2luZCI6ImNsYWltYWJsZSJ9LHsia2luZCI6ImxlYXNlLWV4cGlyZWQifSx7ImtpbmQiOiJzdGF0dXMtaW4iLCJzdGF0dXNlcyI6WyJxdWV1ZWQiLCJydW5uaW5nIl19LHsia2luZCI6ImFzLXJlYWQiLCJjb2x1bW4iOiJhdHRlbXB0In1dLCJyZW5ldyI6WyJvd25lciIseyJraW5kIjoiYXR0ZW1wdCJ9LHsia2luZCI6ImFzLXJlYWQiLCJjb2x1bW4iOiJvd25lciJ9XSwiZmluaXNoIjpbImZlbmNlIix7ImtpbmQiOiJmaW5nZXJwcmludCIsImNvbHVtbnMiOlsiY2xhaW1lZF9hdCIsImNsYWltZWRfYnkiXX0seyJraW5kIjoic3RhdHVzLWluIiwic3RhdHVzZXMiOlsicnVubmluZyIsImNhbmNlbGluZyJdfV19LCJldmVudHMiOlt7ImlkIjoiZTEiLCJraW5kIjoiY2xhaW0iLCJ3b3JrZXIiOiJBIn1dfQ';

  it('opens with every condition as it was', () => {
    const opened = decodeScenario(OLD);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.scenario.conditions).toEqual({
      claim: [
        { kind: 'claimable' },
        { kind: 'lease-expired' },
        { kind: 'status-in', statuses: ['queued', 'running'] },
        { kind: 'as-read', column: 'attempt' },
      ],
      renew: ['owner', { kind: 'attempt' }, { kind: 'as-read', column: 'owner' }],
      finish: [
        'fence',
        { kind: 'fingerprint', columns: ['claimed_at', 'claimed_by'] },
        { kind: 'status-in', statuses: ['running', 'canceling'] },
      ],
    });
  });
});

describe('a share link made when the attempt-number fingerprint was named attempt (issue 38)', () => {
  // Built with encodeScenario's encoding on main at 6301053, when FINGERPRINT_KINDS named the
  // attempt number 'attempt' (as the run-row condition kind is named): holders present their
  // attempt at a highest-seen gateway, and A's write after B's claim is stale.
  const OLD =
    'eyJ2ZXJzaW9uIjoxLCJpZCI6Im9iYW4iLCJ0aXRsZSI6IkF0dGVtcHQgYXMgdGhlIHRva2VuIiwidGVybXMiOnsidG9rZW4iOiJhdHRlbXB0In0sImxlYXNlU2Vjb25kcyI6NSwid29ya2VycyI6W3siaWQiOiJBIn0seyJpZCI6IkIifV0sInRhcmdldHMiOnsib2JqZWN0U3RvcmUiOiJvdmVyd3JpdGUiLCJnYXRld2F5IjoiYXQtdGFrZW92ZXIiLCJnYXRld2F5Q2hlY2siOnsia2luZCI6ImhpZ2hlc3Qtc2VlbiJ9LCJmaW5nZXJwcmludCI6ImF0dGVtcHQifSwiZXZlbnRzIjpbeyJpZCI6ImUxIiwia2luZCI6ImNsYWltIiwid29ya2VyIjoiQSJ9LHsiaWQiOiJlMiIsImtpbmQiOiJyZWdpc3RlciIsIndvcmtlciI6IkEiLCJyZXNvdXJjZSI6ImRvd25sb2FkcyJ9LHsiaWQiOiJlMyIsImtpbmQiOiJhZHZhbmNlIiwic2Vjb25kcyI6Nn0seyJpZCI6ImU0Iiwia2luZCI6ImNsYWltIiwid29ya2VyIjoiQiJ9LHsiaWQiOiJlNSIsImtpbmQiOiJyZWdpc3RlciIsIndvcmtlciI6IkIiLCJyZXNvdXJjZSI6ImRvd25sb2FkcyJ9LHsiaWQiOiJlNiIsImtpbmQiOiJnYXRld2F5LXdyaXRlIiwid29ya2VyIjoiQSIsInJlc291cmNlIjoiZG93bmxvYWRzIn1dfQ';

  it('opens with the fingerprint under its name now, and runs as it did', async () => {
    const opened = decodeScenario(OLD);
    expect(opened.ok).toBe(true);
    if (!opened.ok) return;
    expect(opened.scenario.targets.fingerprint).toBe('attempt-number');
    const trace = await runScenario(opened.scenario);
    const stale = trace.writes.find((w) => w.eventId === 'e6');
    expect(stale?.outcome).toBe('refused');
    expect(stale?.explanation).toContain('attempt 1');
  });
});
