import type { RefObject } from 'react';

const CUE =
  'inline-flex items-center gap-1 rounded-md border border-line bg-surface px-2 py-0.5 text-xs font-semibold text-ink hover:bg-surface-2';

/**
 * Under a drawing wider than its box: which way more of it lies, as buttons that scroll there by
 * a boxful. On a phone, Run to end scrolls the first steps off the left edge; without this the
 * learner saw no sign that they were there.
 */
export function ScrollCue({
  box,
  scrolled,
  overflow,
}: {
  box: RefObject<HTMLDivElement | null>;
  scrolled: number;
  /** How far the box can scroll (the drawing's width past the box's): 0 when it fits. */
  overflow: number;
}) {
  if (overflow <= 1) return null;
  const page = (direction: -1 | 1) => {
    const element = box.current;
    element?.scrollBy({ left: direction * Math.max(80, element.clientWidth - 80) });
  };
  return (
    <div
      className="mt-1 flex min-h-6 items-center justify-between gap-2"
      data-testid="scroll-cue"
      data-scrolled={Math.round(scrolled)}
    >
      {scrolled > 1 ? (
        <button type="button" className={CUE} onClick={() => page(-1)}>
          <span aria-hidden="true">◀</span> Earlier steps
        </button>
      ) : (
        <span />
      )}
      {scrolled < overflow - 1 ? (
        <button type="button" className={CUE} onClick={() => page(1)}>
          Later steps <span aria-hidden="true">▶</span>
        </button>
      ) : null}
    </div>
  );
}
