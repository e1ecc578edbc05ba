'use client';

import { Button } from '@/components/ui/button';
import { useLessonRecords } from './use-lesson-records';

/** Lets the learner say "I have read this" instead of waiting for the time on screen. */
export function MarkRead({ id, title }: { id: string; title: string }) {
  const { records, status, record } = useLessonRecords();
  if (status !== 'ready') return null;
  if (id in records.read) return <p className="text-sm text-good">✓ Read</p>;
  return (
    <Button
      aria-label={`Mark as read: “${title}”`}
      onClick={() => void record([{ kind: 'read', sectionId: id, at: Date.now() }])}
    >
      Mark as read
    </Button>
  );
}
