import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MIN_LABELLED_SPAN, stickyLabelCentre, stickyLabelStart } from './sticky-label';

describe('labels of spans in a drawing that scrolls', () => {
  it('stay at their span when it is in view, and slide to the visible edge when it is not', () => {
    expect(stickyLabelStart(100, 300, 0)).toBe(100);
    expect(stickyLabelStart(100, 300, 180)).toBe(180);
    expect(stickyLabelCentre(100, 300, 0)).toBe(200);
    expect(stickyLabelCentre(100, 300, 200)).toBe(250);
  });

  it('are left out when too little of the span is in view to carry them', () => {
    expect(stickyLabelStart(100, 300, 300 - MIN_LABELLED_SPAN + 1)).toBeNull();
    expect(stickyLabelStart(100, 300, 400)).toBeNull();
    expect(stickyLabelCentre(100, 300, 290)).toBeNull();
    // A short span in view keeps its label: only a span cut by the edge loses it.
    expect(stickyLabelStart(100, 104, 0)).toBe(100);
  });

  it('never start left of the visible edge, never outside their span', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: -10, max: 6000 }),
        (from, length, visibleFrom) => {
          const to = from + length;
          for (const x of [
            stickyLabelStart(from, to, visibleFrom),
            stickyLabelCentre(from, to, visibleFrom),
          ]) {
            if (x === null) continue;
            expect(x).toBeGreaterThanOrEqual(visibleFrom);
            expect(x).toBeGreaterThanOrEqual(from);
            expect(x).toBeLessThanOrEqual(to);
          }
          // A span that starts in view keeps its label where it always was, however short.
          if (from >= visibleFrom) {
            expect(stickyLabelStart(from, to, visibleFrom)).toBe(from);
            expect(stickyLabelCentre(from, to, visibleFrom)).toBe((from + to) / 2);
          }
        },
      ),
    );
  });
});
