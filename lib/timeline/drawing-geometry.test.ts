import { describe, expect, it } from 'vitest';
import { TIMELINE_SCENARIOS } from '@/content/timeline/scenarios';
import { layoutTimeline } from './drawing-geometry';

const acceptance = TIMELINE_SCENARIOS[0];

describe('timeline layout', () => {
  it('puts events in order, time to scale, and the pause as a gap from pause to resume', () => {
    const layout = layoutTimeline(acceptance);
    for (let i = 1; i < layout.eventX.length; i += 1)
      expect(layout.eventX[i]).toBeGreaterThan(layout.eventX[i - 1]);
    expect(layout.eventTime).toEqual([0, 0, 0, 6, 6, 6, 7, 7]);
    expect(layout.timeToX(6) - layout.ticks[0].x2).toBeCloseTo(6 * layout.secondWidth, 6);
    expect(layout.timeToX(7) - layout.ticks[1].x2).toBeCloseTo(1 * layout.secondWidth, 6);
    expect(layout.timeToX(3)).toBeGreaterThan(layout.timeToX(0));
    expect(layout.timeToX(3)).toBeLessThan(layout.timeToX(6));
    expect(layout.pauses).toEqual([{ worker: 'A', x1: layout.eventX[1], x2: layout.eventX[4] }]);
    expect(layout.lanes.map((l) => l.id)).toEqual(['A', 'B', 'run']);
    expect(layout.marks.map((m) => m.eventId)).toEqual([
      'a-claim',
      'b-claim',
      'a-finish',
      'b-finish',
    ]);
  });

  it('extends the axis to the end of a lease window past the last event', () => {
    const short = layoutTimeline(acceptance);
    const long = layoutTimeline(acceptance, 20);
    expect(long.width).toBeGreaterThan(short.width);
    expect(long.timeToX(20)).toBeLessThanOrEqual(long.width);
  });
});

describe('timeline layout stretching', () => {
  it('stretches a short scenario to the width asked for, keeping proportions', () => {
    const natural = layoutTimeline(acceptance);
    const wide = layoutTimeline(acceptance, 0, natural.width * 2);
    expect(wide.width).toBeCloseTo(natural.width * 2, 0);
    const ratio = (l: typeof natural) => (l.eventX[3] - l.eventX[0]) / (l.eventX[7] - l.eventX[0]);
    expect(ratio(wide)).toBeCloseTo(ratio(natural), 5);
    expect(layoutTimeline(acceptance, 0, 10).width).toBe(natural.width);
  });
});

describe('who writes each mark', () => {
  it('a worker’s mark carries its letter, the rescuer’s R and the user’s U', () => {
    const layout = layoutTimeline({
      ...acceptance,
      events: [
        { id: 'claim', kind: 'claim', worker: 'A' },
        { id: 'wait', kind: 'advance', seconds: 6 },
        { id: 'read', kind: 'rescue-read' },
        { id: 'rescue', kind: 'rescue' },
        { id: 'cancel', kind: 'cancel' },
      ],
    });
    expect(layout.marks.map((m) => [m.eventId, m.by, m.letter])).toEqual([
      ['claim', 'worker', 'A'],
      ['rescue', 'rescuer', 'R'],
      ['cancel', 'user', 'U'],
    ]);
  });
});
