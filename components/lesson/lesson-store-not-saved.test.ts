import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Composition from '@/lib/composition';

// A records write that fails: the lesson's notice says so in the course's one "not saved"
// sentence (components/ui/save-words.ts, the save indicator's too), and what it says is kept is
// what the page then shows. Before, the store wrote its own "Not saved: …" with no word of what
// was kept, beside the indicator's sentence, and the two could drift apart.
const outbox = vi.hoisted(() => ({ held: true }));
vi.mock('@/lib/composition', async (importOriginal) => {
  const actual = await importOriginal<typeof Composition>();
  return {
    ...actual,
    appendToOutbox: (entries: Parameters<typeof actual.appendToOutbox>[0]) => {
      const appended = actual.appendToOutbox(entries);
      // Held or not as the test says (Node has no browser storage to hold it in).
      return outbox.held
        ? { batch: appended.batch, held: true }
        : { batch: appended.batch, held: false, problem: 'Browser storage is full.' };
    },
    deliverFromOutbox: () => Promise.reject(new Error('The records database is closed.')),
  };
});

// Unit files share a fork's modules (vitest.config.mts, isolate: false): the store is imported
// afresh over the mock here, and dropped with it after, so no other file gets either.
vi.resetModules();
const { lessonSnapshot, recordLessonEvents, subscribeLesson } = await import('./lesson-store');
afterAll(() => {
  vi.doUnmock('@/lib/composition');
  vi.resetModules();
});
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('a lesson action whose save fails', () => {
  beforeEach(async () => {
    const stop = subscribeLesson(() => undefined);
    while (lessonSnapshot().status === 'loading') await settle();
    stop();
  });

  it('held nowhere: "Not saved", not kept, and the page no longer shows it', async () => {
    outbox.held = false;
    const saved = await recordLessonEvents([
      { kind: 'revealed', item: 'question', id: 'lost-one', at: 1 },
    ]);
    expect(saved).toBe(false);
    expect(lessonSnapshot().problems).toContain(
      'Not saved: The records database is closed. It is not kept: do it again.',
    );
    expect('lost-one' in lessonSnapshot().records.revealed).toBe(false);
  });

  it('held in this browser: "Not saved yet", kept in this browser', async () => {
    outbox.held = true;
    expect(
      await recordLessonEvents([{ kind: 'revealed', item: 'question', id: 'held-one', at: 2 }]),
    ).toBe(false);
    expect(lessonSnapshot().problems).toContain(
      'Not saved yet: The records database is closed. It is kept in this browser and saved when your records open again.',
    );
  });
});
