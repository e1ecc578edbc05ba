import { describe, expect, it } from 'vitest';
import { addDwell, secondsToRead, sectionsRead } from './reading';

// Regression: "2 of 13 sections read" on arrival and 13/13 after 8 s of scrolling.
describe('reading progress by time on screen', () => {
  it('needs time in proportion to the words, within bounds', () => {
    expect(secondsToRead(0)).toBe(3);
    expect(secondsToRead(100)).toBe(20);
    expect(secondsToRead(10_000)).toBe(40);
  });

  it('does not count sections scrolled past, and counts one read on screen', () => {
    const words = { a: 100, b: 100, c: 10 };
    let times = {};
    // 8 s of scrolling: each section on screen for under a second at a time.
    for (let i = 0; i < 8; i += 1) times = addDwell(times, [['a', 'b', 'c'][i % 3]], 900);
    expect(sectionsRead(times, words)).toEqual([]);
    times = addDwell(times, ['a'], 20_000);
    times = addDwell(times, ['c'], 1_500);
    expect(sectionsRead(times, words).sort()).toEqual(['a', 'c']);
  });
});
