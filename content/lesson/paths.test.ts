import { describe, expect, it } from 'vitest';
import { LAB_EXERCISES } from '@/content/claim-lab/exercises';
import { JOURNAL_PROMPTS, ASSESSMENT_ITEMS } from '@/content/reflect';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { DESIGN_CATALOG } from '@/lib/lease';
import {
  CHOICE_QUESTIONS,
  flattenQuestions,
  MIGRATION_CASES,
  QUIZ_ITEMS,
  SECTIONS,
} from '@/content/lesson';
import { CASE_FILES, caseScenario } from '@/content/cases';
import type { ExerciseKey } from '@/lib/progress';
import { CHECK_QUESTION } from './lesson';
import { MISTAKES } from './mistakes';
import { LEARNING_PATHS } from './paths';

const anchors = new Set(SECTIONS.flatMap((s) => [s.id, ...s.children.map((c) => c.id)]));
const revealable = new Set([
  CHECK_QUESTION.id,
  ...flattenQuestions().map((q) => q.id),
  ...MIGRATION_CASES.map((c) => c.id),
]);

function gradedExists(x: ExerciseKey): boolean {
  switch (x.kind) {
    case 'quiz':
      return QUIZ_ITEMS.some((q) => q.id === x.id);
    case 'choice':
      return CHOICE_QUESTIONS.some((q) => q.id === x.id);
    case 'prediction':
      return MISTAKES.some((m) => m.prediction.id === x.id);
    case 'challenge':
      return LAB_EXERCISES.some((e) => e.id === x.id);
    case 'timeline':
      return TIMELINE_SCENARIOS.some((s) => s.id === x.id);
    case 'case':
      return CASE_FILES.some((f) => f.runs.some((r) => caseScenario(f, r).id === x.id));
    case 'crashlab':
      return x.id === 'crash-lab';
  }
}

describe('learning paths: what completes each step', () => {
  const steps = LEARNING_PATHS.flatMap((p) => [...p.steps, ...p.exercises]);

  it('every step names evidence that exists (only the sandbox, which records nothing, is optional)', () => {
    for (const step of steps) {
      if (step.href === '/practice/sql-sandbox') {
        expect(step.doneWhen).toEqual([]);
        continue;
      }
      expect(step.doneWhen.length, step.label).toBeGreaterThan(0);
      for (const e of step.doneWhen) {
        const ids =
          e.kind === 'read'
            ? e.sections.map((id) => [id, anchors.has(id)])
            : e.kind === 'attempted'
              ? e.items.map((id) => [id, revealable.has(id)])
              : e.kind === 'graded'
                ? e.exercises.map((x) => [`${x.kind} ${x.id}`, gradedExists(x)])
                : e.kind === 'designs-checked'
                  ? e.designs.map((id) => [id, DESIGN_CATALOG.some((d) => d.id === id)])
                  : e.kind === 'journal-answered'
                    ? e.prompts.map((id) => [id, JOURNAL_PROMPTS.some((p) => p.id === id)])
                    : e.items.map((id) => [id, ASSESSMENT_ITEMS.some((a) => a.id === id)]);
        for (const [id, known] of ids) expect(known, `${step.label}: ${String(id)}`).toBe(true);
      }
    }
  });

  it('a step that points at a page of many items needs all of them, not any one', () => {
    const questions = steps.find(
      (s) => s.href === '/learn/questions' && s.label.startsWith('Follow'),
    );
    expect(questions?.doneWhen).toEqual([
      { kind: 'attempted', items: flattenQuestions().map((q) => q.id) },
    ]);
    const quiz = steps.find((s) => s.href === '/learn/mistakes');
    // Every statement answered right (graded), not merely answered.
    expect(quiz?.doneWhen).toEqual([
      { kind: 'graded', exercises: QUIZ_ITEMS.map((q) => ({ kind: 'quiz', id: q.id })) },
    ]);
    const check = steps.find((s) => s.href === '/learn#check-question');
    expect(check?.doneWhen).toEqual([{ kind: 'attempted', items: [CHECK_QUESTION.id] }]);
  });

  it('no step counts activity: a reveal or an answer alone never completes a graded step', () => {
    for (const step of steps)
      for (const e of step.doneWhen)
        expect([
          'read',
          'attempted',
          'graded',
          'designs-checked',
          'journal-answered',
          'rated',
        ]).toContain(e.kind);
  });
});
