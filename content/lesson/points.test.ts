import { describe, expect, it } from 'vitest';
import { CRASH_LAB_INTRO } from '@/content/crash-lab';
import { LAB_EXERCISES as EXERCISES } from '@/content/claim-lab/exercises';
import {
  decideCancel,
  decideRenew,
  explain,
  createLeaseModel,
  fencedDesign,
  fencePerBatchDesign,
  selectThenUpdateDesign,
} from '@/lib/lease';
import { runProgram } from '@/lib/claim-lab/run-program';
import { openSqlJs } from '@/lib/sqlite';
import { RACE_SOLUTION } from '@/content/claim-lab/programs';
import { TIMELINE_SCENARIOS as SCENARIOS } from '@/content/timeline/scenarios';
import {
  BREAKS_PARTS,
  CASES_LEAD,
  CHECK_QUESTION,
  CHECK_SITES,
  CLAIM_PARTS,
  DEBRIEF,
  DEDUCTION,
  FOUNDATIONS,
  MIGRATION_CASES,
  QUESTION_TREE,
  QUESTIONS_LEAD,
  QUIZ_ITEMS,
  REFERENCES,
  REFERENCES_LEAD,
  RULE_LEAD,
  RULE_PARTS,
  flattenQuestions,
} from './index';

/**
 * The thirteen points the first version of the lesson got wrong or left vague, each pinned to
 * the text that now says it. One test per point, named after it.
 */
const all = (paragraphs: readonly string[]) => paragraphs.join(' ');
const part = (parts: readonly { id: string; body: readonly string[] }[], id: string) =>
  all(parts.find((p) => p.id === id)?.body ?? []);
/** Every titled part of the lesson page, wherever the journey puts it. */
const PARTS = [...DEBRIEF, ...RULE_PARTS, ...CLAIM_PARTS, ...BREAKS_PARTS, ...FOUNDATIONS];
const concept = (id: string) => part(PARTS, id);
const foundation = (id: string) =>
  [
    part(FOUNDATIONS, id),
    ...(id === 'where-the-check-sits' ? CHECK_SITES.map((c) => c.check) : []),
  ].join(' ');
const answer = (id: string) => all(flattenQuestions().find((q) => q.id === id)?.answer ?? []);
const theCase = (id: string) => all(MIGRATION_CASES.find((c) => c.id === id)?.derivation ?? []);
const everything = [
  all(RULE_LEAD),
  ...PARTS.map((p) => all(p.body)),
  ...CHECK_SITES.map((c) => c.check),
  all(CHECK_QUESTION.answer),
  ...flattenQuestions(QUESTION_TREE).map((q) => all(q.answer)),
  ...MIGRATION_CASES.map((c) => all(c.derivation)),
  ...QUIZ_ITEMS.map((q) => all(q.explanation)),
].join('\n');

describe('the thirteen corrections to the lesson', () => {
  it('1: the store that applies the write checks the generation, in the same atomic step', () => {
    const lead = all(RULE_LEAD);
    expect(lead).toMatch(/inside the store that applies the final write/);
    expect(lead).toMatch(/same atomic step/);
    expect(lead).not.toMatch(/whoever performs the final commit/);
  });

  it('2: zero rows is ambiguous; re-read, or make the finish idempotent (duplicate)', () => {
    for (const text of [concept('impl-stale-write-rejection')]) {
      expect(text).toMatch(/retr(y|ied)/);
      expect(text).toMatch(/re-read/i);
      expect(text).toMatch(/duplicate/);
    }
    expect(everything).not.toMatch(/Zero rows changed means the right to write was lost/);
  });

  it('2 (engine): a retried finish whose first attempt landed changes 0 rows and is a duplicate, not a refusal', async () => {
    const model = createLeaseModel(await openSqlJs());
    model.setup();
    const claim = model.claim('A', 0);
    if (!claim.ok) throw new Error('claim refused');
    expect(model.finish('A', claim.fenceToken, 1).ok).toBe(true);
    const retry = model.finish('A', claim.fenceToken, 2);
    expect(retry.changed).toBe(0);
    expect(retry.decision.outcome.database).toBe('duplicate');
  });

  it('3: batches compare (generation, batch) in order; one counter per batch lets old batches overtake', () => {
    const text = answer('q-fence-per-batch');
    expect(text).toContain('(generation, batch)');
    expect(text).toMatch(/generation first/);
    expect(text).toMatch(/overtake/);
    expect(concept('impl-stale-write-rejection')).toContain('(generation, batch)');
    // The rulebook's fenced report store compares the pair; the broken per-batch design sums them.
    expect(fencedDesign.targets?.report).toMatchObject({
      kind: 'highest-seen',
      order: 'generation-batch',
    });
    expect(fencePerBatchDesign.targets?.report).toMatchObject({ order: 'summed' });
  });

  it('4: cancel is a conditional write to the run row that fences later commits; no invented states', () => {
    const text = answer('q-cancel-while-lease-valid');
    expect(text).toMatch(/cancel is itself a conditional write/i);
    expect(text).toMatch(/moves the run to canceling and raises the fence/);
    const row = { owner: 'A', fence: 1, leaseUntil: 10, status: 'running' as const };
    const cancel = decideCancel(
      { writer: 'the user', at: 5, authority: { holder: 'A', token: 1 } },
      { before: row, after: { ...row, fence: 2, status: 'canceling' }, changed: 1 },
    );
    expect(explain(cancel).rules.join(' ')).toMatch(/canceling under a new generation/);
    expect(fencedDesign.cancel).toMatch(/'canceling'/);
    expect(fencedDesign.cancel).toMatch(/fence = fence \+ 1/);
    expect(text).toMatch(
      /cancel lands first, every later commit or renewal from any generation changes zero rows/,
    );
    const remote = answer('q-remote-after-cancel');
    expect(remote).not.toMatch(/cancel requested/);
    expect(remote).toMatch(/awaiting verification/);
    expect(remote).toMatch(/from canceling to canceled/);
    expect(fencedDesign.completeCancel).toMatch(/'canceling'/);
  });

  it('5: clocks: local monotonic timer started before the request, margin, drift and pauses, now() caveats, scenario 4', () => {
    const text = concept('concept-lease-and-clock');
    expect(text).toMatch(/monotonic clock, started before it sends the claim or renewal/);
    expect(text).toMatch(/margin/);
    expect(text).toMatch(
      /offset between machines then does not matter; drift during the lease and pauses do/,
    );
    expect(text).toMatch(/NTP/);
    expect(text).toMatch(/failover/);
    expect(text).toMatch(/PostgreSQL `now\(\)` is the start time of the transaction/);
    expect(text).toMatch(/Never compare the database's `lease_until` with a worker's wall clock/);
    expect(text).toMatch(/scenario 4/);
    expect(SCENARIOS[3].id).toBe('clock-offset');
  });

  it('6: a lease does give mutual exclusion under bounded timing; fencing removes that dependence', () => {
    const text = foundation('lock-purpose');
    expect(text).toMatch(/mutual exclusion/);
    expect(text).toMatch(/Gray and Cheriton/);
    expect(text).toMatch(/Chubby/);
    expect(text).toMatch(/Fencing is what removes the dependence on the timing assumptions/);
    expect(everything).not.toMatch(/does not give safety/);
    expect(REFERENCES.map((r) => r.id)).toEqual(
      expect.arrayContaining(['ref-gray-cheriton', 'ref-chubby']),
    );
  });

  it('7: idempotency limits the damage; it does not fence (never offered as an alternative)', () => {
    expect(everything).not.toMatch(/fencing or idempotency/i);
    for (const text of [
      concept('concept-idempotent-effects'),
      all(CHECK_QUESTION.answer),
      answer('q-idempotency-vs-fencing'),
    ]) {
      expect(text).toMatch(/does not fence/);
    }
  });

  it('8: an ETag condition fences only if every claim changes the version, or the fence is stored', () => {
    const text = theCase('case-remote-report');
    expect(text).toMatch(/If-Match/);
    expect(text).toMatch(/not a fence by itself/);
    expect(text).toMatch(/every claim changes the object's version/);
    expect(text).toMatch(/object stores the fence token and the storage side compares it/);
  });

  it('9: renewal is tied to progress, or the total run time is capped', () => {
    for (const text of [theCase('case-long-model-call'), concept('principle-short-claims')]) {
      expect(text).toMatch(/progress/);
      expect(text).toMatch(/cap the total run time/);
    }
    expect(everything).not.toMatch(/independent heartbeat/);
    const heartbeat = SCENARIOS.find((s) => s.id === 'long-call-heartbeat');
    expect(heartbeat?.explanation).toMatch(/tie renewal to progress/);
  });

  it('10: growing tokens where the resource compares order; equality works with any never-reused token', () => {
    const text = foundation('token-source');
    expect(text).toMatch(/highest token it has seen/);
    expect(text).toMatch(/needs tokens that grow/);
    expect(text).toMatch(
      /equality check at the run row \(`fence = \$token`\) works with any token that is never reused/,
    );
    const equality = QUIZ_ITEMS.find((q) => q.id === 'quiz-equality-any-token');
    expect(equality?.truth).toBe(true);
  });

  it('11: a same-name restart still matches the owner; only the fence refuses it', () => {
    const row = { owner: 'B', fence: 2, leaseUntil: 10, status: 'running' as const };
    const refused = decideRenew(
      { writer: 'A', at: 5, authority: { holder: 'B', token: 2 } },
      { conditions: ['owner'], before: row, after: row, token: 1, changed: 0 },
    );
    const ownerRule = explain(refused).rules.join(' ');
    expect(ownerRule).toMatch(/restart under the same name the owner still matches/);
    expect(ownerRule).not.toMatch(/the row names someone else, so/);
  });

  it('12: the fence saves the racy claim only with an in-place increment; read-then-write hands out one token', async () => {
    // The claim lab's race: the UPDATE raises the fence in place, so the two tokens differ.
    const lab = await runProgram(await openSqlJs(), RACE_SOLUTION);
    expect(lab.output).toContain('tokens: 1 2');
    // The read-then-write claim of the rulebook: both workers read fence 0 and write 0 + 1.
    const db = await openSqlJs();
    const model = createLeaseModel(db, { design: selectThenUpdateDesign });
    model.setup();
    const seenByA = model.claimRead('A', 0);
    const seenByB = model.claimRead('B', 0);
    const a = model.claim('A', 0, seenByA);
    const b = model.claim('B', 0, seenByB);
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(b.fenceToken).toBe(a.fenceToken);
    const race = EXERCISES.find((e) => e.id === 'select-then-update');
    expect(race?.solvedNote).toMatch(/only because this UPDATE raises the fence in place/);
    expect(race?.solvedNote).toMatch(/same token/);
    expect(answer('q-select-then-update-postgres')).toMatch(/both workers get the same token/);
  });

  it('13: the missing items: experiment boundary, separate verification records, crash lab commands, trusted gateway', () => {
    expect(CRASH_LAB_INTRO.boundary).toMatch(
      /does not prove: that any remote service carries out an effect exactly once/,
    );
    // Issue 23: a fence does not give exactly-once. Issue 40: the service must recognise a repeat
    // itself, by a stored idempotency key or by a write conditional on a version, not only by key.
    expect(CRASH_LAB_INTRO.boundary).not.toMatch(/idempotency key or a fence/);
    expect(CRASH_LAB_INTRO.boundary).not.toMatch(
      /only if it removes duplicates by an idempotency key/,
    );
    expect(CRASH_LAB_INTRO.boundary).toMatch(/stores an idempotency key/);
    expect(CRASH_LAB_INTRO.boundary).toMatch(/conditional on the version it expects/);
    expect(CRASH_LAB_INTRO.boundary).toMatch(/A fence alone does not/);
    expect(REFERENCES_LEAD).toMatch(/kept separately/);
    const commands = CRASH_LAB_INTRO.commands.filter((c) => c.startsWith('npm run lab --'));
    expect(commands.map((c) => c.split(/\s+/)[4])).toEqual([
      'submit',
      'run',
      'inspect',
      'run',
      'evaluate',
    ]);
    expect(CRASH_LAB_INTRO.commands.join('\n')).toContain(
      '--lease-seconds 2 --fault after_collect',
    );
    expect(CRASH_LAB_INTRO.checks.join(' ')).toMatch(/after_effect/);
    expect(foundation('where-the-check-sits')).toMatch(/only path to the target/);
    expect(fencedDesign.targets?.gateway).toMatchObject({ kind: 'run-row' });
    expect(DEDUCTION.items.map((i) => i.id)).toContain('deduction-boundary');
  });

  it('asks for an attempt before the reference answer, never the other way round', () => {
    expect(all(QUESTIONS_LEAD)).toMatch(/before you look at anything/);
    expect(all(QUESTIONS_LEAD)).not.toMatch(/Read the reference answer, then/);
    expect(all(CASES_LEAD)).toMatch(/prediction first/);
  });
});
