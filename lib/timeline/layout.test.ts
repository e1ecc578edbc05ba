import { describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { LAYOUT, layoutTimeline } from './layout';

const acceptance = TIMELINE_SCENARIOS[0];

describe('timeline layout', () => {
  it('puts events in order, time to scale, and the pause as a gap from pause to resume', () => {
    const layout = layoutTimeline(acceptance);
    for (let i = 1; i < layout.eventX.length; i += 1) expect(layout.eventX[i]).toBeGreaterThan(layout.eventX[i - 1]);
    expect(layout.eventTime).toEqual([0, 0, 0, 6, 6, 6, 7, 7]);
    expect(layout.timeToX(6) - layout.timeToX(0)).toBeGreaterThanOrEqual(6 * LAYOUT.secondWidth);
    expect(layout.timeToX(3)).toBeGreaterThan(layout.timeToX(0));
    expect(layout.timeToX(3)).toBeLessThan(layout.timeToX(6));
    expect(layout.pauses).toEqual([{ worker: 'A', x1: layout.eventX[1], x2: layout.eventX[4] }]);
    expect(layout.lanes.map((l) => l.id)).toEqual(['A', 'B', 'run']);
    expect(layout.marks.map((m) => m.eventId)).toEqual(['a-claim', 'b-claim', 'a-finish', 'b-finish']);
  });

  it('extends the axis to the end of a lease window past the last event', () => {
    const short = layoutTimeline(acceptance);
    const long = layoutTimeline(acceptance, [{ worker: 'B', fence: 2, from: 6, until: 20 }]);
    expect(long.width).toBeGreaterThan(short.width);
    expect(long.timeToX(20)).toBeLessThanOrEqual(long.width);
  });
});
