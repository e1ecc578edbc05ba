import type { Metadata } from 'next';
import { TimelineExercise } from '@/components/timeline/timeline-exercise';
import { PageHeader } from '@/components/ui/page-header';

export const metadata: Metadata = { title: 'Pause-resume timeline' };

export default function TimelinePage() {
  return (
    <>
      <PageHeader eyebrow="Practice" title="Pause-resume timeline">
        <p>
          Workers pause and resume while the lease runs out and others take over. Before you run a scenario, mark each
          write: will it be accepted, or must it be rejected? Then step through it on real SQLite and see which
          condition decided each write.
        </p>
      </PageHeader>
      <TimelineExercise />
    </>
  );
}
