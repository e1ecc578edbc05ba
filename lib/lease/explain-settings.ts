import type { TimeSource } from './clocks';
import type { Vocabulary } from './decision';
import { explained, type Explained } from './explained';
import { namesToken, tokenName } from './explain-words';
import { settingWords, type VERSIONED } from './kinds/targets';
import type { GatewayCheckKind, TargetCheckKind } from './target-checks';

/*
 * The explainer's words for what a scenario is set up with: the settings line above the
 * timeline and the clock choices' labels. An engine hands over the settings as data; the
 * component renders the line and adds nothing. A scenario without a gateway (or an object store,
 * or a ticket API) never mentions one.
 */

/** What a scenario is set up with, as the settings line names it. */
export interface ScenarioSettings {
  leaseSeconds: number;
  /** The design's id and its catalog name ('fenced', 'ttl-only' have their own words). */
  design: { id: string; name: string | null };
  /** The object store's mode; absent when the scenario never touches an object store. */
  objectStore?: typeof VERSIONED.id | 'overwrite';
  /** Present when the scenario calls the ticket API (a scenario that never does names none). */
  ticketApi?: true;
  /** The gateway lane's settings; absent when the scenario writes through no gateway. */
  gateway?: {
    learns: 'at-takeover' | 'first-write';
    check: GatewayCheckKind;
    acceptors?: number;
  };
  /** The token's own name, when the scenario gives one. */
  token?: string;
  /** The clock its lease checks read, when the scenario sets clocks (a time source, an offset). */
  clock?: TimeSource;
  /**
   * Checks the scenario chose target by target, for the targets it uses: each target's name
   * (a gateway resource's is 'gateway:<resource>') and its title as the line names it
   * ("object store", "email").
   */
  targetChecks?: readonly {
    target: string;
    title: string;
    check: TargetCheckKind;
    acceptors?: number;
  }[];
}

function checkWords(
  check: TargetCheckKind,
  acceptors: number | undefined,
  token: string | null,
): string {
  return settingWords({ kind: check, ...(acceptors ? { acceptors } : {}) }, 'target', token);
}

/** Each time source as a choice reads: "The transaction clock, now()". */
export const TIME_SOURCE_CHOICES: Readonly<Record<TimeSource, string>> = {
  database: 'The database statement clock, clock_timestamp() (the lesson’s rule)',
  transaction: 'The transaction clock, now()',
  worker: 'The writing worker’s own clock',
  application: 'Each worker’s own clock, claims included',
};

/** The time source a settings line names: "judged by the writing worker's own clock". */
const CLOCK_SETTING: Readonly<Record<TimeSource, string>> = {
  database: 'judged by the database statement clock',
  worker: 'judged by the writing worker’s own clock',
  application: 'judged by each worker’s own clock, claims included',
  transaction: 'judged by the transaction clock, now()',
};

/** "Lease 5 s · fenced design · object store: versioned · gateway learns a generation when its holder registers it … · …". */
export function explainSettings(s: ScenarioSettings, v?: Vocabulary): Explained {
  // One name for the token across the settings line, the panels and the trace.
  const token = v && namesToken(v) ? tokenName(v) : null;
  const lease = `Lease ${s.leaseSeconds} s${s.clock ? `, ${CLOCK_SETTING[s.clock]}` : ''}`;
  const parts = [lease, designWords(s.design)];
  if (s.objectStore) parts.push(`object store: ${s.objectStore}`);
  if (s.gateway) {
    const g = s.gateway;
    parts.push(
      g.learns === 'at-takeover'
        ? 'gateway learns a generation when its holder registers it (a register event after the claim)'
        : 'gateway learns a generation from that generation’s first write',
      `gateway check: ${settingWords({ kind: g.check, ...(g.acceptors ? { acceptors: g.acceptors } : {}) }, 'gateway', token)}`,
    );
  }
  for (const t of s.targetChecks ?? [])
    parts.push(`${t.title} check: ${checkWords(t.check, t.acceptors, token)}`);
  if (s.token) parts.push(`token: ${s.token}`);
  return explained(parts.join(' · '));
}

function designWords(design: ScenarioSettings['design']): string {
  if (design.id === 'fenced') return 'fenced design';
  if (design.id === 'ttl-only') return 'TTL-only design (no fence)';
  return `design: ${design.name ?? design.id}`;
}
