import { describe, expect, it } from 'vitest';
import {
  BREAKS_PARTS,
  CHECK_SITES,
  CLAIM_PARTS,
  DEBRIEF,
  DEMO,
  FOUNDATIONS,
  OPENING,
  PROOF_LEAD,
  RULE_LEAD,
  RULE_PARTS,
  SAFETY_GOAL,
} from './index';

// Issue 23: "Preparatory concepts" used failover, NTP and now() before explaining them. The
// lesson is read top to bottom (issue 40: in the order of the learner's journey, the failure
// first); each term below must be explained in the first place it appears: the opening's
// paragraphs one by one, then each part as a whole (its title, gist and body), in page order.
const part = (p: { id: string; title: string; body: readonly string[]; gist?: string }) => ({
  where: p.id,
  text: [p.title, p.gist ?? '', ...p.body].join('\n'),
});
const READING_ORDER: { where: string; text: string }[] = [
  ...OPENING.map((text, i) => ({ where: `opening ¶${i + 1}`, text })),
  ...DEBRIEF.map(part),
  { where: 'safety goal', text: SAFETY_GOAL },
  ...RULE_LEAD.map((text) => ({ where: 'rule lead', text })),
  ...RULE_PARTS.map(part),
  { where: DEMO.id, text: DEMO.intro.join('\n') },
  ...FOUNDATIONS.map(part),
  { where: 'check sites', text: CHECK_SITES.map((c) => `${c.target} ${c.check}`).join('\n') },
  ...CLAIM_PARTS.map(part),
  ...BREAKS_PARTS.map(part),
  ...PROOF_LEAD.map((text) => ({ where: 'proof lead', text })),
];

/** A term, how to find it, and the words that explain it. */
const TERMS: { term: string; uses: RegExp; explains: RegExp }[] = [
  { term: 'lease', uses: /\blease/i, explains: /under a lease, a permission with an expiry/ },
  {
    term: 'takeover',
    uses: /\btake(over| the task over)/i,
    explains: /another worker may take the task over/,
  },
  {
    term: 'generation',
    uses: /\bgeneration/i,
    explains: /the claims it counts are execution generations/,
  },
  {
    term: 'lease_until',
    uses: /`lease_until`/,
    explains: /a time, `lease_until`, after which the claim stops counting/,
  },
  { term: 'TTL', uses: /\bTTL\b/, explains: /TTL \(time to live\): with a TTL of 30 seconds/ },
  {
    term: 'renewal',
    uses: /\brenew/i,
    explains: /a permission with an expiry that A has to renew to keep/,
  },
  {
    term: 'fencing token',
    uses: /fencing token|\btoken\b/i,
    explains: /that number is the fencing token/,
  },
  {
    term: 'fencing',
    uses: /\bfenc(ing|es|ed)\b/i,
    explains: /Turning those writes away is called fencing/,
  },
  {
    term: 'status',
    uses: /`status`/,
    explains: /`queued` until someone claims it, `running` while a worker holds it/,
  },
  {
    term: 'conditional update',
    uses: /conditional update/i,
    explains:
      /A conditional update changes a row only if the row still holds the values the writer expects/,
  },
  { term: 'CAS', uses: /compare-and-set|\bCAS\b/, explains: /known as compare-and-set \(CAS\)/ },
  {
    term: 'atomic',
    uses: /\batomic/i,
    explains: /one step in which no other write can land between the check and the change/,
  },
  {
    term: 'operation id',
    uses: /operation id|operation_id/i,
    explains: /the operation id \(the key\) says which business action this is/,
  },
  {
    term: 'clock_timestamp()',
    uses: /`clock_timestamp\(\)`/,
    explains:
      /its own statement clock, the time the statement runs. In PostgreSQL that is `clock_timestamp\(\)`/,
  },
  {
    term: 'now()',
    uses: /`now\(\)`/,
    explains: /in PostgreSQL `now\(\)` is the start time of the transaction/,
  },
  {
    term: 'wall clock',
    uses: /wall clock/i,
    explains: /A wall clock is the time of day a machine believes it is/,
  },
  {
    term: 'monotonic clock',
    uses: /monotonic/i,
    explains: /monotonic clock instead: a timer that only counts forward/,
  },
  {
    term: 'drift',
    uses: /\bdrift/i,
    explains: /drift \(the small rate at which every clock runs fast or slow\)/,
  },
  { term: 'NTP', uses: /\bNTP\b/, explains: /NTP \(the Network Time Protocol/ },
  {
    term: 'failover',
    uses: /failover/i,
    explains: /failover, when a standby copy of the database takes over/,
  },
  {
    term: 'side effect',
    uses: /side effect/i,
    explains: /A side effect is anything a worker does outside/,
  },
  {
    term: 'idempotent',
    uses: /idempoten/i,
    explains: /idempotent: doing it twice has the effect of doing it once/,
  },
  {
    term: 'idempotency key',
    uses: /idempotency key/i,
    explains: /idempotency key per business action \(a stable id the receiver stores/,
  },
];

describe('the lesson explains each term where a first-time reader meets it', () => {
  for (const { term, uses, explains } of TERMS)
    it(term, () => {
      const first = READING_ORDER.find((part) => uses.test(part.text));
      expect(first, `${term} is used in the lesson`).toBeDefined();
      expect(first?.text, `${term} first appears in ${first?.where}`).toMatch(explains);
    });
});
