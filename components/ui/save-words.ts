/** What the learner still has of something whose save did not land. */
export type UnsavedKept =
  /** On the page, as typed or chosen (an autosaving form). */
  | 'on-page'
  /** Held in this browser's storage, saved when the records open again (the records outbox). */
  | 'in-browser'
  /** Nowhere: the action is gone from the page too. */
  | 'nowhere';

const KEPT: Record<UnsavedKept, { head: string; tail: string }> = {
  'on-page': { head: 'Not saved', tail: 'What you entered is still here.' },
  'in-browser': {
    head: 'Not saved yet',
    tail: 'It is kept in this browser and saved when your records open again.',
  },
  nowhere: { head: 'Not saved', tail: 'It is not kept: do it again.' },
};

/**
 * The course's one sentence for a save that did not land: why, and what is still kept. The save
 * indicator beside every autosaving form and the lesson's records notice both show it, so the
 * two cannot drift apart. `reason` is one clause; a final period on it is dropped.
 */
export function notSavedSentence(reason: string, kept: UnsavedKept): string {
  const { head, tail } = KEPT[kept];
  return `${head}: ${reason.replace(/\.\s*$/, '')}. ${tail}`;
}

/**
 * The course's one sentence for a box kept under one key that another tab has just saved over:
 * the text in front of the learner stays (never replaced or lost without a word), a reload would
 * show the other tab's, and the next edit here saves this one again (the last edit wins, as the
 * claim lab's programs do).
 */
export function changedElsewhereSentence(what: string): string {
  return `This ${what} was changed in another tab, and a reload shows that one. Yours is still here and is saved when you edit it.`;
}
