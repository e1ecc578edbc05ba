import type { ReactNode } from 'react';
import { AnchorHeading } from './anchor-heading';
import { MarkRead } from './mark-read';

/** One top-level part of the lesson: observed for reading progress, labelled by its heading. */
export function LessonSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section data-lesson-section={id} aria-labelledby={id} className="border-t border-line pt-8">
      <AnchorHeading id={id} level={2} title={title} />
      <div className="mt-3 space-y-4">{children}</div>
      <div className="mt-4">
        <MarkRead id={id} title={title} />
      </div>
    </section>
  );
}
