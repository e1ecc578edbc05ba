/*
 * Labels of drawn spans (a lease bar, a pause) in a drawing that scrolls sideways. A label drawn
 * at its span's left edge would be cut by the box's edge once the span starts off screen, and
 * the learner would read a fragment ("ase_until 5"). Instead the label slides along its span to
 * stay whole at the visible left edge, and is left out when too little of the span is in view
 * to carry it.
 */

/**
 * The least of a span cut by the edge that must stay in view for its label to be drawn, in
 * pixels: less, and the label would float over an empty lane, far past its span.
 */
export const MIN_LABELLED_SPAN = 60;

/**
 * Where a label that reads from its span's left edge starts: the span's own start while that is
 * in view (however short the span), or the visible left edge when the span starts before it.
 * Null when the span starts before the edge and less than `minVisible` pixels of it are in view.
 */
export function stickyLabelStart(
  from: number,
  to: number,
  visibleFrom: number,
  minVisible = MIN_LABELLED_SPAN,
): number | null {
  if (from >= visibleFrom) return from;
  return to - visibleFrom >= minVisible ? visibleFrom : null;
}

/** Where a label centred on its span goes: the middle of the part in view, or null as above. */
export function stickyLabelCentre(
  from: number,
  to: number,
  visibleFrom: number,
  minVisible = MIN_LABELLED_SPAN,
): number | null {
  const start = stickyLabelStart(from, to, visibleFrom, minVisible);
  return start === null ? null : (start + to) / 2;
}
