import type { LabExercise } from '@/lib/claim-lab';

/** The demo and the challenges as a row of toggle buttons, with solved ones marked. */
export function ExercisePicker({
  exercises,
  currentId,
  solved,
  onSelect,
}: {
  exercises: readonly LabExercise[];
  currentId: string;
  solved: readonly string[];
  onSelect: (id: string) => void;
}) {
  return (
    <nav aria-label="Exercises">
      <ul className="flex flex-wrap gap-2">
        {exercises.map((exercise) => {
          const current = exercise.id === currentId;
          const done = solved.includes(exercise.id);
          return (
            <li key={exercise.id}>
              <button
                type="button"
                aria-pressed={current}
                onClick={() => onSelect(exercise.id)}
                className={`rounded-md border px-3 py-1.5 text-left text-sm font-semibold ${
                  current
                    ? 'border-accent bg-accent text-accent-ink'
                    : 'border-line bg-surface hover:bg-surface-2'
                }`}
              >
                {exercise.title}
                {done ? <span className="ml-1.5"> ✓ solved</span> : null}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
