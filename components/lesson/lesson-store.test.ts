import { describe, expect, it } from 'vitest';
import { lessonSnapshot, recordLessonEvents, subscribeLesson } from './lesson-store';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the lesson store', () => {
  it('never shows an event as gone between its write and the read that follows it', async () => {
    // Every change of the records starts a read (the database notifies its listeners), so a
    // read that began before the event's own read used to publish the stored records without
    // the event while it was no longer pending: a reveal closed and opened again, and the
    // card's buttons were drawn anew, losing keyboard focus.
    const seen: boolean[] = [];
    const stop = subscribeLesson(() => seen.push('q1' in lessonSnapshot().records.revealed));
    while (lessonSnapshot().status === 'loading') await settle();

    for (let i = 0; i < 3; i++) {
      const id = `q${i + 1}`;
      const start = seen.length;
      const history: boolean[] = [];
      const stopThis = subscribeLesson(() => history.push(id in lessonSnapshot().records.revealed));
      expect(await recordLessonEvents([{ kind: 'revealed', item: 'question', id, at: i }])).toBe(
        true,
      );
      await settle();
      stopThis();
      expect(history.length).toBeGreaterThan(1);
      // Shown at once, and never withdrawn afterwards.
      expect(history.indexOf(false)).toBe(-1);
      expect(seen.length).toBeGreaterThan(start);
    }
    expect(seen.at(-1)).toBe(true);
    stop();
  });
});
