import type { Journal } from '@/lib/journal';

/** An own answer as the records database stored it before the journal took over. */
export interface StoredLessonAnswer {
  itemId: string;
  text: string;
  at: number;
}

/** The entry id a moved answer gets: the same every time, so moving it twice adds nothing. */
export const movedEntryId = (itemId: string) => `lesson-answer-${itemId}`;

/**
 * Moves own answers kept in the records database into the journal, once and without loss. Each
 * becomes a version of its item's prompt with its original time, under an id derived from the
 * item, so a second run (another tab, the next page load) finds it and adds nothing. When the
 * prompt already holds a newer version (typed on REFLECT), that version is restored on top, so
 * the editor keeps showing the newest text and both stay in the history. The records rows stay
 * where they are: nothing is deleted.
 */
export function moveAnswersToJournal(
  journal: Journal,
  answers: readonly StoredLessonAnswer[],
  promptFor: (itemId: string) => string | null,
): { moved: number; failed: string[] } {
  let moved = 0;
  const failed: string[] = [];
  for (const answer of answers) {
    const prompt = promptFor(answer.itemId);
    const id = movedEntryId(answer.itemId);
    if (!prompt || answer.text.trim() === '' || journal.has(prompt, id)) continue;
    const head = journal.head(prompt);
    const result = journal.appendExisting(
      prompt,
      {
        id,
        gen: (head?.gen ?? 0) + 1,
        base: head?.gen ?? 0,
        parent: head?.id ?? null,
        time: answer.at,
        size: answer.text.length,
        kind: 'save',
        stale: false,
        restoredFrom: null,
      },
      answer.text,
    );
    if (!result.ok) {
      failed.push(answer.itemId);
      continue;
    }
    moved += 1;
    if (head && head.time > answer.at) journal.restore(prompt, head.id, id);
  }
  if (moved > 0) journal.notify();
  return { moved, failed };
}
