import { describe, expect, it } from 'vitest';
import { exerciseResult, itemPassed, NO_WORK, type WorkFacts } from '@/lib/progress';
import { predictionCorrect, type GradedAnswer, type WriteFate } from '@/lib/lesson/progress';
import { CASE_FILES, caseScenario } from './cases';
import { LAB_EXERCISES } from './claim-lab/exercises';
import { CHOICE_QUESTIONS, FOUNDATIONS, MISTAKES, QUIZ_ITEMS } from './lesson';
import { MASTERY_MAP, type ExerciseRef } from './mastery';
import { ASSESSMENT_ITEMS } from './reflect';
import { TIMELINE_SCENARIOS } from './timeline/scenarios';

const first = (correct: boolean): GradedAnswer => ({ correct, tries: 1, lastCorrect: correct });

function exists(exercise: ExerciseRef): boolean {
  switch (exercise.kind) {
    case 'quiz':
      return QUIZ_ITEMS.some((q) => q.id === exercise.id);
    case 'choice':
      return CHOICE_QUESTIONS.some((q) => q.id === exercise.id);
    case 'prediction':
      return MISTAKES.some((m) => m.prediction.id === exercise.id);
    case 'challenge':
      return LAB_EXERCISES.some((e) => e.id === exercise.id && e.kind === 'challenge');
    case 'timeline':
      return TIMELINE_SCENARIOS.some((s) => s.id === exercise.id);
    case 'case':
      return CASE_FILES.some((c) => c.runs.some((r) => caseScenario(c, r).id === exercise.id));
    case 'crashlab':
      return exercise.id === 'crash-lab';
  }
}

/** A scripted learner: answers every quiz item and prediction as the given belief dictates. */
function learner(
  answerQuiz: (id: string, truth: boolean) => boolean,
  fates: (w: { fate: WriteFate; believerFate: WriteFate }) => WriteFate,
): WorkFacts {
  const quiz = Object.fromEntries(
    QUIZ_ITEMS.map((q) => [q.id, first(answerQuiz(q.id, q.truth) === q.truth)]),
  );
  const predictions = Object.fromEntries(
    MISTAKES.map((m) => {
      const answers = Object.fromEntries(m.prediction.writes.map((w) => [w.id, fates(w)]));
      return [m.prediction.id, first(predictionCorrect(m.prediction.writes, answers))];
    }),
  );
  return { ...NO_WORK, quiz, predictions };
}

describe('the mastery map', () => {
  it('covers the 3 foundations, the 4 key inspections, the 4 mistakes, the 3 standards and the 3 checkpoints, once each', () => {
    const byGroup = (group: string) =>
      MASTERY_MAP.filter((i) => i.group === group).map((i) => i.id);
    const assessment = (group: string) =>
      ASSESSMENT_ITEMS.filter((i) => i.group === group).map((i) => i.id);
    expect(byGroup('inspection')).toEqual(assessment('inspection'));
    expect(byGroup('standard')).toEqual(assessment('standard'));
    expect(byGroup('checkpoint')).toEqual(assessment('checkpoint'));
    expect(byGroup('mistake')).toEqual(MISTAKES.map((m) => m.id));
    expect(byGroup('foundation')).toEqual(FOUNDATIONS.map((f) => f.id));
    expect(MASTERY_MAP).toHaveLength(17);
  });

  it('gives every item at least one exercise, and every exercise exists', () => {
    for (const item of MASTERY_MAP) {
      expect(item.exercises.length, item.id).toBeGreaterThan(0);
      for (const exercise of item.exercises)
        expect(exists(exercise), `${item.id}: ${exercise.kind} ${exercise.id}`).toBe(true);
    }
  });

  it('fails a scripted learner who holds each mistake, on every one of its exercises', () => {
    for (const mistake of MISTAKES) {
      // The believer is right about everything else, and wrong exactly where the mistake leads.
      const believer = learner(
        (id, truth) => (id === mistake.id ? !truth : truth),
        (w) => (mistake.prediction.writes.includes(w as never) ? w.believerFate : w.fate),
      );
      const item = MASTERY_MAP.find((i) => i.id === mistake.id)!;
      for (const exercise of item.exercises)
        expect(exerciseResult(believer, exercise).passed, `${mistake.id}: ${exercise.id}`).toBe(
          false,
        );
      expect(itemPassed(believer, item.exercises)).toBe(false);
      expect(
        predictionCorrect(
          mistake.prediction.writes,
          Object.fromEntries(mistake.prediction.writes.map((w) => [w.id, w.believerFate])),
        ),
      ).toBe(false);
    }
  });

  it('passes a learner who answers every quiz item and prediction right on the first try', () => {
    const expert = learner(
      (_, truth) => truth,
      (w) => w.fate,
    );
    for (const mistake of MISTAKES) {
      const item = MASTERY_MAP.find((i) => i.id === mistake.id)!;
      expect(itemPassed(expert, item.exercises), mistake.id).toBe(true);
    }
  });

  it('does not count a second try: right only after a wrong first answer is still "not yet"', () => {
    const facts: WorkFacts = {
      ...NO_WORK,
      quiz: { 'mistake-random-tokens': { correct: false, tries: 2, lastCorrect: true } },
    };
    const result = exerciseResult(facts, { kind: 'quiz', id: 'mistake-random-tokens' });
    expect(result).toEqual({
      passed: false,
      tried: true,
      summary:
        'wrong on the first try, right on the 2nd (counts once it is right on a review a day later)',
      waitsForReview: true,
    });
    // Right on a due review (a day later) is graded evidence.
    const reviewed = exerciseResult(
      { ...facts, reviewed: new Set(['mistake-random-tokens']) },
      { kind: 'quiz', id: 'mistake-random-tokens' },
    );
    expect(reviewed).toMatchObject({
      passed: true,
      summary: 'wrong on the first try, right on review',
    });
  });
});
