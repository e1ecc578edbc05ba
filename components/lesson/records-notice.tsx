'use client';

import { Button } from '@/components/ui/button';
import { useLessonRecords } from './use-lesson-records';

/** Tells the learner when stored records were damaged and replaced, or a save failed. */
export function RecordsNotice() {
  const { problems, dismissProblems } = useLessonRecords();
  if (problems.length === 0) return null;
  return (
    <div role="alert" className="mb-6 rounded-lg border-2 border-bad bg-surface-2 p-4">
      <p className="font-bold text-bad">There is a problem with your lesson records</p>
      <ul className="mt-2 list-disc pl-5">
        {problems.map((problem, i) => (
          <li key={i}>{problem}</li>
        ))}
      </ul>
      <Button className="mt-3" onClick={dismissProblems}>
        Dismiss
      </Button>
    </div>
  );
}
