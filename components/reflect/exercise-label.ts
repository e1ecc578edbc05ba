import { CASE_FILES, caseScenario } from '@/content/cases';
import { LAB_EXERCISES } from '@/content/claim-lab/exercises';
import { FOUNDATIONS, MISTAKES, QUIZ_ITEMS } from '@/content/lesson';
import { ASSESSMENT_ITEMS } from '@/content/reflect';
import { EXERCISE_ROUTES, type ExerciseRef, type MasteryItem } from '@/content/mastery';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';

/** A readable name and a link for one exercise of the mastery map. */
export function describeExercise(exercise: ExerciseRef): { label: string; href: string } {
  const route = EXERCISE_ROUTES[exercise.kind];
  switch (exercise.kind) {
    case 'quiz': {
      const quiz = QUIZ_ITEMS.find((q) => q.id === exercise.id);
      return {
        label: `True or false: ${quiz?.misconception ?? exercise.id}`,
        href: `${route}#${exercise.id}`,
      };
    }
    case 'choice': {
      const foundation = FOUNDATIONS.find((f) => f.question.id === exercise.id);
      return {
        label: `Graded question: ${foundation?.title.replace(/^Foundation \d: /, '') ?? exercise.id}`,
        href: `${route}#${exercise.id}`,
      };
    }
    case 'prediction': {
      const mistake = MISTAKES.find((m) => m.prediction.id === exercise.id);
      return {
        label: `Prediction: ${mistake?.misconception ?? exercise.id}`,
        href: `${route}#${exercise.id}`,
      };
    }
    case 'challenge':
      return {
        label: `Lab challenge: ${LAB_EXERCISES.find((e) => e.id === exercise.id)?.title ?? exercise.id}`,
        href: route,
      };
    case 'timeline':
      return {
        label: `Timeline: ${TIMELINE_SCENARIOS.find((s) => s.id === exercise.id)?.title ?? exercise.id}`,
        href: route,
      };
    case 'case': {
      const found = CASE_FILES.flatMap((file) =>
        file.runs.map((run) => ({ file, run, id: caseScenario(file, run).id })),
      ).find((c) => c.id === exercise.id);
      return found
        ? {
            label: `Case file ${found.file.number}: ${found.file.title} (${found.run.label})`,
            href: `${route}/${found.file.id}`,
          }
        : { label: `Case file: ${exercise.id}`, href: route };
    }
    case 'crashlab':
      return { label: 'Crash lab prediction', href: route };
  }
}

/** The name of a mastery item: the assessment item's, or the mistake's own words. */
export function masteryItemName(item: MasteryItem): string {
  if (item.group === 'mistake')
    return MISTAKES.find((m) => m.id === item.id)?.misconception ?? item.id;
  if (item.group === 'foundation')
    return FOUNDATIONS.find((f) => f.id === item.id)?.title ?? item.id;
  return ASSESSMENT_ITEMS.find((a) => a.id === item.id)?.name ?? item.id;
}
