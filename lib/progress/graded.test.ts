import { describe, expect, it } from 'vitest';
import { recordEvent } from '@/lib/lesson/records';
import { logActivity } from '@/lib/records/records';
import { migrate } from '@/lib/records/schema';
import { coreSchema } from '@/lib/records/schema';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { openSqlJs } from '@/lib/sqlite';
import { caseFileCounted, exerciseResult, readWorkFacts, scenariosRun } from './graded';

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
    expect(exerciseResult(facts, { kind: 'quiz', id: 'q1' }).summary).toBe(
      'wrong on the first try, right on the 2nd (counts once it is right on a review a day later)',
    );
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
    expect(exerciseResult(facts, { kind: 'crashlab', id: 'crash-lab' }).passed).toBe(true);
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
});
