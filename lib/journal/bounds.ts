/**
 * The journal's limits, in one place: the stored-segment schema and the import schema both use
 * them, and applyDelta enforces them again, so a hand-edited segment and a crafted import file
 * meet the same bounds before any edit is applied.
 */

/** The longest answer the journal keeps, in characters (UTF-16 units, as the counter shows). */
export const MAX_ANSWER_CHARS = 20_000;

/** Edits in one delta (a stored entry's `o`, an imported entry's `patch`). The app writes one. */
export const MAX_EDITS_PER_DELTA = 1_000;

/** Characters one edit may insert: no edit inserts more than a whole answer. */
export const MAX_EDIT_CHARS = MAX_ANSWER_CHARS;

/**
 * Entries in one list: a stored segment (the app closes one at 200) or one prompt of an import
 * file.
 */
export const MAX_ENTRIES_PER_SEGMENT = 5_000;

/**
 * The longest stored segment, in characters, checked before it is parsed. The app closes a
 * segment once it passes 60,000 characters, so a segment it wrote is at most that plus one
 * entry (a full copy of 20,000 characters, at most ~120,000 when every character is escaped in
 * JSON). A longer value was not written by this app, and parsing it would only cost time.
 */
export const MAX_SEGMENT_CHARS = 400_000;

/**
 * The highest save number an import may bring. A journal counts up to MAX_SAVE_NUMBER saves
 * (1,000,000,000); a file naming a number near it would become the newest version, and every
 * later save of that answer would be refused (issue 42). A million is a save a minute for almost
 * two years, and leaves 999 million saves of room after any import.
 */
export const MAX_IMPORT_SAVE_NUMBER = 1_000_000;
