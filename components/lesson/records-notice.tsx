'use client';

import { Button } from '@/components/ui/button';
import { useOwnStorageNotices } from '@/components/storage/storage-notices';
import { STORAGE_KEYS } from '@/lib/storage';
import { useLessonRecords } from './use-lesson-records';
import { Panel } from '@/components/ui/panel';

/** Tells the learner when stored records were damaged and replaced, or a save failed. */
export function RecordsNotice() {
  const { problems, dismissProblems } = useLessonRecords();
  // A held action set aside from the outbox is among these problems.
  useOwnStorageNotices(`${STORAGE_KEYS.outbox}.`);
  if (problems.length === 0) return null;
  return (
    <Panel role="alert" tone="alert" className="mb-6">
      <p className="font-bold text-bad">There is a problem with your lesson records</p>
      <ul className="mt-2 list-disc pl-5">
        {problems.map((problem, i) => (
          <li key={i}>{problem}</li>
        ))}
      </ul>
      <Button className="mt-3" onClick={dismissProblems}>
        Dismiss
      </Button>
    </Panel>
  );
}
