import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { decideCancel, explain, TIME_SOURCE_CHOICES } from '@/lib/lease';
import { loadTimelineEngine, type WriteEffect } from '@/lib/timeline';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import {
  CHECK_SITES,
  CHOICE_QUESTIONS,
  flattenQuestions,
  FOUNDATIONS,
  MISTAKES,
  OPENING_RUNS,
  OPENING_STALE_WRITE,
  REFERENCES,
  RULE_PARTS,
} from './index';

/**
 * Issue 40's points for the lesson and its questions, each read from the text a learner sees
 * (and, where an engine decides, held to it). One test per point, named after it.
 */
const all = (paragraphs: readonly string[]) => paragraphs.join(' ');
const answer = (id: string) => all(flattenQuestions().find((q) => q.id === id)?.answer ?? []);
const rule = (id: string) => all(RULE_PARTS.find((p) => p.id === id)?.body ?? []);
const foundation = (id: string) => all(FOUNDATIONS.find((f) => f.id === id)?.body ?? []);
const site = (id: string) => CHECK_SITES.find((s) => s.id === id)?.check ?? '';

/** Every content module's source text (tests excluded): the words a learner can meet. */
function sources(dir: string): string {
  const texts: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
        texts.push(fs.readFileSync(file, 'utf8'));
    }
  };
  walk(dir);
  return texts.join('\n');
}
const LESSON_SOURCE = sources(path.resolve(__dirname));

describe('issue 40: the lesson and its questions', () => {
  it('1: a gateway check at forward time fences only as the only path, in order, or with the target checking too', () => {
    const gateway = site('site-gateway');
    expect(gateway).toMatch(/check at forward time is not a check where the write lands/);
    expect(gateway).toMatch(/only path to the target/);
    expect(gateway).toMatch(/waiting for the acknowledgement of one before forwarding the next/);
    expect(gateway).toMatch(/otherwise the target must check too/);
    expect(gateway).toMatch(/Chubby/);
    const remote = answer('q-remote-after-cancel');
    expect(remote).toMatch(/only path to the target/);
    expect(remote).toMatch(/acknowledgement before forwarding the next call/);
    expect(remote).not.toMatch(/atomically with forwarding/);
    expect(LESSON_SOURCE).not.toMatch(/atomically with forwarding/);
  });

  it('2: one transaction is not enough under READ COMMITTED; lesson and question say the same', () => {
    const lesson = rule('concept-conditional-updates');
    const question = answer('q-select-then-update-postgres');
    for (const text of [lesson, question]) {
      expect(text).toMatch(/READ COMMITTED/);
      expect(text).toMatch(/REPEATABLE READ or SERIALIZABLE/);
    }
    expect(lesson).toMatch(/even inside one transaction/);
    expect(question).toMatch(/even inside one transaction/);
    expect(lesson).toMatch(/`SELECT … FOR UPDATE`/);
    expect(LESSON_SOURCE).not.toMatch(/one statement, or one transaction/);
    expect(REFERENCES.map((r) => r.id)).toContain('ref-postgres-isolation');
  });

  it('3: one counter per batch is a trap only when the worker computes it; a CAS bump on the row is safe (RangeID)', () => {
    const text = answer('q-fence-per-batch');
    expect(text).toMatch(/when the worker computes the number itself/);
    expect(text).toMatch(/compare-and-set on the authoritative row/);
    expect(text).toMatch(/RangeID/);
    expect(text).not.toMatch(/One single counter bumped per batch is the trap\./);
  });

  it('6: one clock is the rule: the statement clock, clock_timestamp(), in the lesson, the code and the explainer', () => {
    const clock = rule('concept-lease-and-clock');
    expect(clock).toMatch(/statement clock/);
    expect(clock).toMatch(/In PostgreSQL that is `clock_timestamp\(\)`/);
    expect(clock).toMatch(/inside a long transaction `now\(\)` stands still/);
    expect(clock).not.toMatch(/the database's `now\(\)`/);
    expect(TIME_SOURCE_CHOICES.database).toMatch(/clock_timestamp\(\)/);
    expect(TIME_SOURCE_CHOICES.database).toMatch(/the lesson’s rule/);
    const clocks = fs.readFileSync(path.resolve(__dirname, '../../lib/lease/clocks.ts'), 'utf8');
    expect(clocks).toMatch(
      /The lesson's\s+\*?\s*rule is the database statement clock \(clock_timestamp\(\)\)/,
    );
    // The long-lock mistake is the case that shows now() wrong inside a long transaction.
    const longLock = MISTAKES.find((m) => m.id === 'mistake-long-lock-transaction');
    expect(JSON.stringify(longLock)).toMatch(/clock_timestamp\(\)/);
  });

  it('7: Gray and Cheriton: shared cache-consistency leases over bounded drift; the three timing assumptions are Kleppmann’s', () => {
    const text = foundation('lock-purpose');
    expect(text).toMatch(
      /Gray and Cheriton introduced them in 1989 to keep file caches consistent/,
    );
    expect(text).toMatch(/many clients could hold one on the same file at once/);
    expect(text).toMatch(/clocks drift within a known bound/);
    expect(text).toMatch(
      /network delay, process pauses and clock error all stay within known bounds \(the synchrony assumptions Kleppmann shows Redlock depends on\)/,
    );
    expect(LESSON_SOURCE).not.toMatch(/this is how Gray and Cheriton defined leases/);
    expect(LESSON_SOURCE).not.toMatch(/exclusive rights for a bounded time/);
    const ref = REFERENCES.find((r) => r.id === 'ref-gray-cheriton');
    expect(ref?.supports).toMatch(/file caches consistent/);
  });

  it('9: a cancel does not fence a target that learns generations only from its first write (timeline 9b)', async () => {
    expect(answer('q-remote-after-cancel')).toMatch(
      /a target that learns generations only from a write there still accepts the old one/,
    );
    const row = { owner: 'A', fence: 1, leaseUntil: 10, status: 'running' as const };
    const cancel = decideCancel(
      { writer: 'the user', at: 5, authority: { holder: 'A', token: 1 } },
      { before: row, after: { ...row, fence: 2, status: 'canceling' }, changed: 1 },
    );
    const words = explain(cancel);
    expect(words.sentence).not.toMatch(/every fenced target refuses/);
    expect(words.sentence).toMatch(/still accepts the old one/);
    expect(words.rules.join(' ')).not.toMatch(/every fenced target learns/);
    // The course's own scenario: a first-write gateway accepts the older generation's write.
    const firstWrite = TIMELINE_SCENARIOS.find((s) => s.id === 'gateway-first-write');
    expect(firstWrite?.number).toBe('9b');
  });
});

describe('issue 40: the opening and the three foundations', () => {
  it('the opening run: with a lease alone A’s late draft lands; with the fence it is refused', async () => {
    const engine = await loadTimelineEngine();
    const fate = (i: number) => {
      const trace = engine.run(OPENING_RUNS[i].scenario);
      const write = trace.steps
        .flatMap((s) => s.effects)
        .find((e): e is WriteEffect => e.kind === 'write' && e.eventId === OPENING_STALE_WRITE);
      return { outcome: write?.outcome, draft: trace.steps.at(-1)?.after.targets.draft?.body };
    };
    expect(OPENING_RUNS.map((r) => r.id)).toEqual(['lease-only', 'fenced']);
    expect(fate(0)).toEqual({ outcome: 'applied', draft: 'draft by A' });
    expect(fate(1)).toEqual({ outcome: 'refused', draft: 'draft by B' });
  });

  it('each foundation has one graded question with one right answer among four', () => {
    expect(FOUNDATIONS.map((f) => f.id)).toEqual([
      'lock-purpose',
      'token-source',
      'where-the-check-sits',
    ]);
    for (const q of CHOICE_QUESTIONS) {
      expect(q.options.map((o) => o.id)).toEqual(['a', 'b', 'c', 'd']);
      expect(
        q.options.some((o) => o.id === q.answer),
        q.id,
      ).toBe(true);
      expect(q.explanation.length).toBeGreaterThan(0);
    }
    // Answers spread over the options, so position gives nothing away.
    expect(new Set(CHOICE_QUESTIONS.map((q) => q.answer)).size).toBe(3);
  });

  it('the token foundation names a linearizable source and the two silent failures', () => {
    const text = foundation('token-source');
    expect(text).toMatch(/linearizable/);
    expect(text).toMatch(/consensus-backed/);
    expect(text).toMatch(/replicates asynchronously/);
    expect(text).toMatch(/Restoring a backup/);
    expect(text).toMatch(/fencing fails silently/);
  });

  it('the check-site foundation states the rule once and applies it to every target of the course', () => {
    expect(foundation('where-the-check-sits')).toMatch(
      /checked by whatever applies the write, at the moment it applies it, in the same atomic step/,
    );
    expect(CHECK_SITES.map((s) => s.id)).toEqual([
      'site-database-row',
      'site-gateway',
      'site-object-store',
      'site-quorum',
      'site-external-api',
      'site-cannot-check',
    ]);
    expect(site('site-cannot-check')).toMatch(/You cannot fence it; say so/);
  });
});
