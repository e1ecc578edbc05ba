import { parseSegmentKey } from './segment-keys';
import { textKey, type JournalState } from './state';

/**
 * Reporting what the journal found wrong in storage and set aside (moved to a backup key, so
 * nothing stored is lost) or, with no room for the copy, left in place and skipped.
 */

/** Reports a damaged value; one that could not be set aside is remembered, so it is reported once. */
export function reportDamaged(
  state: JournalState,
  key: string,
  raw: string,
  message: string,
  backupKey: string | null,
): void {
  if (backupKey === null) state.unmovable.set(key, raw);
  const address = parseSegmentKey(key);
  if (address) {
    const writer = textKey(address.prompt, address.writer);
    state.setAsideSeq.set(writer, Math.max(state.setAsideSeq.get(writer) ?? -1, address.seq));
  }
  state.problems.push({ message, backupKey });
}

/**
 * Sets a value that parsed but is wrong aside (copied to a backup key by the door) and reports
 * it; `notice` puts into words where it went, given "was set aside as …" or, with no room for
 * the copy, "could not be set aside (browser storage is full) and is skipped".
 */
export function setAsideNoting(
  state: JournalState,
  key: string,
  raw: string,
  notice: (where: string) => string,
): void {
  const backupKey = state.door.setAside(key);
  const where = backupKey
    ? `was set aside as "${backupKey}"`
    : 'could not be set aside (browser storage is full) and is skipped';
  reportDamaged(state, key, raw, notice(where), backupKey);
}

/** Sets aside a value that parsed but is wrong for its key or its contents, and reports it. */
export function setAsideWrong(state: JournalState, key: string, raw: string, fault: string): void {
  setAsideNoting(
    state,
    key,
    raw,
    (where) =>
      `A saved history part under "${key}" was damaged or edited by hand (${fault}), so it ${where}; the rest of the journal keeps working.`,
  );
}
