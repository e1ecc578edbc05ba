import { describe, expect, it } from 'vitest';
import { recordEvent } from '@/lib/lesson/records';
import { logActivity } from '@/lib/records/records';
import { migrate } from '@/lib/records/schema';
import { coreSchema } from '@/lib/records/schema';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { openSqlJs } from '@/lib/sqlite';
import {
  caseFileCounted,
  exerciseResult,
  readWorkFacts,
  scenariosRun,
  TIMELINE_REVIEW_MS,
} from './graded';

describe('work facts from the records database', () => {
  it('reads first tries, solved challenges, the first timeline score and passed crash lab runs', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema, ...FEATURE_SCHEMAS]);
    recordEvent(db, { kind: 'quiz', id: 'q1', choice: true, correct: false, at: 1 });
    recordEvent(db, { kind: 'quiz', id: 'q1', choice: false, correct: true, at: 2 });
    recordEvent(db, {
      kind: 'predicted',
      id: 'p1',
      answers: { a: 'refused' },
      correct: true,
      at: 3,
    });
    logActivity(db, 4, 'lab.challenge.judged', 'renewal', { passed: true });
    logActivity(db, 4, 'lab.challenge.solved', 'renewal');
    logActivity(db, 5, 'crashlab.evaluated', 'crash-lab', { passed: false });
    logActivity(db, 6, 'crashlab.evaluated', 'crash-lab', { passed: true });
    for (const [at, score] of [
      [7, 3],
      [8, 5],
    ])
      db.run(
        "INSERT INTO timeline_results (at, scenario_id, scenario, predictions, score, total, seconds) VALUES (?, 'acceptance', '{}', '{}', ?, 5, 1)",
        [at, score],
      );
    // Reveals and ratings are not work: they leave no trace in the facts.
    recordEvent(db, { kind: 'revealed', item: 'question', id: 'x', at: 9 });

    const facts = readWorkFacts(db);
    expect(exerciseResult(facts, { kind: 'quiz', id: 'q1' })).toEqual({
      passed: false,
      tried: true,
      summary:
        'wrong on the first try, right on the 2nd (counts once it is right on a review a day later)',
      waitsForReview: true,
    });
    expect(exerciseResult(facts, { kind: 'prediction', id: 'p1' })).toMatchObject({
      passed: true,
      summary: 'right on the first try',
    });
    expect(exerciseResult(facts, { kind: 'challenge', id: 'renewal' }).passed).toBe(true);
    expect(exerciseResult(facts, { kind: 'challenge', id: 'fix-owner-only' }).passed).toBe(false);
    expect(exerciseResult(facts, { kind: 'timeline', id: 'acceptance' })).toEqual({
      passed: false,
      tried: true,
      summary: 'timeline 3/5 on the first try',
    });
    // A passing evaluation is the lab working, not the learner foreseeing it (issue 39 review).
    expect(exerciseResult(facts, { kind: 'crashlab', id: 'crash-lab' })).toMatchObject({
      passed: false,
      summary: '2 evaluations, no graded prediction yet',
    });
  });

  it('the crash lab passes on its first graded prediction, or a right one a day after a wrong first (issue 39)', async () => {
    const facts = async (...tries: [at: number, passed: boolean][]) => {
      const db = await openSqlJs();
      migrate(db, [coreSchema, ...FEATURE_SCHEMAS]);
      logActivity(db, 0, 'crashlab.evaluated', 'crash-lab', { passed: true });
      for (const [at, passed] of tries)
        logActivity(db, at, 'crashlab.predicted', 'crash-lab', { fault: 'after_effect', passed });
      return exerciseResult(readWorkFacts(db), { kind: 'crashlab', id: 'crash-lab' });
    };
    expect(await facts([1, true])).toMatchObject({
      passed: true,
      summary: 'prediction right on the first try',
    });
    expect(await facts([1, false], [2, true])).toMatchObject({
      passed: false,
      tried: true,
      summary: 'prediction wrong on the first try',
    });
    expect(await facts([1, false], [1 + TIMELINE_REVIEW_MS, true])).toMatchObject({
      passed: true,
      summary: 'prediction wrong on the first try, right on review',
    });
  });

  it('a case file counts only when every variant had every write predicted before its first scored run (issue 39)', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema, ...FEATURE_SCHEMAS]);
    const run = (at: number, scenario: string, predicted: boolean) => {
      db.run(
        "INSERT INTO timeline_results (at, scenario_id, scenario, predictions, score, total, seconds) VALUES (?, ?, '{}', '{}', 0, 4, 1)",
        [at, scenario],
      );
      if (predicted) logActivity(db, at, 'case.predicted', 'file', { scenario });
    };
    // Run with nothing marked (outcomes shown), then "Start over", every write marked: too late.
    run(1, 'case-1-a', false);
    run(2, 'case-1-a', true);
    run(3, 'case-1-b', true);
    const facts = readWorkFacts(db);
    expect(caseFileCounted(facts, ['case-1-a'])).toBe(false);
    expect(caseFileCounted(facts, ['case-1-b'])).toBe(true);
    // One variant predicted is not the case file.
    expect(caseFileCounted(facts, ['case-1-b', 'case-1-c'])).toBe(false);
    expect(caseFileCounted(facts, [])).toBe(false);
    // A run counts as run once it has a scored result, predicted or not (its outcomes were shown).
    expect(scenariosRun(facts, ['case-1-a', 'case-1-b', 'case-1-c'])).toBe(2);
  });

  it('a challenge passes on its first judged run, or on a solve a day after a wrong first try; any later solve is not enough (issue 39)', async () => {
    const db = await openSqlJs();
    migrate(db, [coreSchema, ...FEATURE_SCHEMAS]);
    const DAY = TIMELINE_REVIEW_MS;
    const judged = (at: number, id: string, passed: boolean) => {
      logActivity(db, at, 'lab.challenge.judged', id, { passed });
      if (passed) logActivity(db, at, 'lab.challenge.solved', id);
    };
    // Solved on the first try.
    judged(1, 'renewal', true);
    // Wrong first, solved a minute later: memory of the diff, not the idea.
    judged(1, 'fix-owner-only', false);
    judged(60_000, 'fix-owner-only', true);
    // Wrong first, solved again a day later: a review.
    judged(1, 'select-then-update', false);
    judged(2, 'select-then-update', true);
    judged(1 + DAY, 'select-then-update', true);
    // Solved before tries were kept: no first try on record yet.
    logActivity(db, 1, 'lab.challenge.solved', 'drop-one-condition');
    const facts = readWorkFacts(db);
    const result = (id: string) => exerciseResult(facts, { kind: 'challenge', id });
    expect(result('renewal')).toMatchObject({ passed: true, summary: 'solved on the first try' });
    expect(result('fix-owner-only')).toMatchObject({
      passed: false,
      tried: true,
      summary:
        'wrong on the first try, solved later (counts once it is solved on a review a day later)',
      waitsForReview: true,
    });
    expect(result('select-then-update')).toMatchObject({
      passed: true,
      summary: 'wrong on the first try, solved on review',
    });
    expect(result('drop-one-condition').passed).toBe(false);
    expect(result('never-run')).toMatchObject({ passed: false, tried: false });
  });

  it('a foundation question answered wrong passes on a right answer at its review a day later, not on a retry at once (issue 39)', async () => {
    const DAY = TIMELINE_REVIEW_MS;
    const result = async (...answers: [at: number, correct: boolean][]) => {
      const db = await openSqlJs();
      migrate(db, [coreSchema, ...FEATURE_SCHEMAS]);
      for (const [at, correct] of answers)
        recordEvent(db, { kind: 'chose', id: 'found-x', choice: 'a', correct, at });
      return exerciseResult(readWorkFacts(db), { kind: 'choice', id: 'found-x' });
    };
    expect(await result([1, true])).toMatchObject({ passed: true });
    expect(await result([1, false])).toMatchObject({ passed: false, tried: true });
    // Right a minute later: not a review.
    expect(await result([1, false], [60_000, true])).toMatchObject({ passed: false });
    // Right on the review a day later: passed.
    expect(await result([1, false], [1 + DAY, true])).toMatchObject({
      passed: true,
      summary: 'wrong on the first try, right on review',
    });
    // Wrong on the review: still not passed; right on the next one a day after that: passed.
    expect(await result([1, false], [1 + DAY, false])).toMatchObject({ passed: false });
    expect(await result([1, false], [1 + DAY, false], [1 + 2 * DAY, true])).toMatchObject({
      passed: true,
    });
  });

  it('a foundation question answered wrong before reviews existed gets its review (migration)', async () => {
    const db = await openSqlJs();
    const before = FEATURE_SCHEMAS.filter((s) => s.feature !== 'choice-reviews').map((s) =>
      s.feature === 'review' ? { ...s, migrations: s.migrations.slice(0, 1) } : s,
    );
    migrate(db, [coreSchema, ...before]);
    db.run(
      "INSERT INTO lesson_choices (item_id, choice, correct, tries, last_correct, answered_at) VALUES ('found-x', 'a', 0, 1, 0, 5), ('found-y', 'b', 1, 1, 1, 5)",
    );
    migrate(db, [coreSchema, ...FEATURE_SCHEMAS]);
    expect(db.all('SELECT item_id, item_kind, step, due_at FROM review_items')).toEqual([
      { item_id: 'found-x', item_kind: 'choice', step: 1, due_at: 5 + TIMELINE_REVIEW_MS },
    ]);
    recordEvent(db, {
      kind: 'chose',
      id: 'found-x',
      choice: 'b',
      correct: true,
      at: 5 + TIMELINE_REVIEW_MS,
    });
    expect(exerciseResult(readWorkFacts(db), { kind: 'choice', id: 'found-x' }).passed).toBe(true);
  });
});
