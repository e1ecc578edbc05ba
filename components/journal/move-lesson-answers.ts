import { JOURNAL_PROMPTS } from '@/content/reflect';
import type { Journal } from '@/lib/journal';
import { moveAnswersToJournal, readLessonAnswers } from '@/lib/lesson';
import { browserRecords } from '@/lib/composition';

const promptFor = (itemId: string) =>
  JOURNAL_PROMPTS.find((p) => p.lessonItem === itemId)?.id ?? null;

/**
 * Once per page load: own answers the lesson kept in the records database before every answer
 * box wrote to the journal are moved into it (idempotent, see moveAnswersToJournal). It runs
 * after the journal has loaded, so the journal shows first. (A static import: a lazily loaded
 * chunk would be missing offline on a page first reached by client-side navigation.)
 */
export async function moveLessonAnswers(journal: Journal): Promise<void> {
  const answers = await browserRecords().read(readLessonAnswers);
  if (answers.length > 0) moveAnswersToJournal(journal, answers, promptFor);
}
