import { describe, expect, it } from 'vitest';
import { CONCEPTS, DEMO, IMPLEMENTATION, OVERVIEW, PRINCIPLES, PRINCIPLES_LEAD } from './index';

// Issue 23: "Preparatory concepts" used failover, NTP and now() before explaining them. The
// lesson is read top to bottom; each term below must be explained in the first place it
// appears: the overview's paragraphs one by one, then each concept as a whole (its title,
// gist and primer), then the principles and the implementation part by part.
const READING_ORDER: { where: string; text: string }[] = [
  ...OVERVIEW.map((text, i) => ({ where: `overview ¶${i + 1}`, text })),
  ...CONCEPTS.map((c) => ({ where: c.id, text: [c.title, c.gist, ...c.body].join('\n') })),
  ...PRINCIPLES_LEAD.map((text) => ({ where: 'principles lead', text })),
  ...PRINCIPLES.map((p) => ({ where: p.id, text: [p.title, ...p.body].join('\n') })),
  ...IMPLEMENTATION.map((p) => ({ where: p.id, text: [p.title, ...p.body].join('\n') })),
  { where: DEMO.id, text: DEMO.intro.join('\n') },
];

/** A term, how to find it, and the words that explain it. */
const TERMS: { term: string; uses: RegExp; explains: RegExp }[] = [
  { term: 'lease', uses: /\blease/i, explains: /permission with an expiry is called a lease/ },
  {
    term: 'takeover',
    uses: /\btake(over| the task over)/i,
    explains: /another worker may take the task over/,
  },
  {
    term: 'generation',
    uses: /\bgeneration/i,
    explains: /Each claim of the task opens a new execution generation, numbered one higher/,
  },
  {
    term: 'lease_until',
    uses: /`lease_until`/,
    explains: /a time, `lease_until`, after which the claim stops counting/,
  },
  { term: 'TTL', uses: /\bTTL\b/, explains: /TTL \(time to live\): with a TTL of 30 seconds/ },
  { term: 'renewal', uses: /\brenew/i, explains: /renews it as it goes/ },
  {
    term: 'fencing token',
    uses: /fencing token|\btoken\b/i,
    explains: /That number is the fencing token/,
  },
  {
    term: 'fencing',
    uses: /\bfenc(ing|es|ed)\b/i,
    explains: /Refusing those writes is called fencing/,
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
    explains: /one atomic step, which means no other write can land between/,
  },
  {
    term: 'operation id',
    uses: /operation id|operation_id/i,
    explains: /operation id \(a name for this one action\)/,
  },
  { term: 'now()', uses: /`now\(\)`/, explains: /its own clock, the database's `now\(\)`/ },
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
    explains: /An action is idempotent when doing it twice has the same effect as doing it once/,
  },
  {
    term: 'idempotency key',
    uses: /idempotency key/i,
    explains: /idempotency key: a stable id for one business action/,
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
