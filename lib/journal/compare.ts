import { diffLines, diffWordsWithSpace, type Change } from 'diff';

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

export interface Comparison {
  parts: DiffPart[];
  added: number;
  removed: number;
  /** 'words' normally; 'lines' or 'whole' when the texts differ too much for a word diff in time. */
  detail: 'words' | 'lines' | 'whole';
}

function toParts(changes: Change[]): DiffPart[] {
  return changes.map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }));
}

/**
 * The differences between two versions, by words (the `diff` library's Myers diff). Very
 * different long texts fall back to lines, then to "all removed, all added", so the page never
 * hangs on a diff.
 */
export function compareVersions(before: string, after: string, timeoutMs = 300): Comparison {
  let detail: Comparison['detail'] = 'words';
  let changes = diffWordsWithSpace(before, after, { timeout: timeoutMs });
  if (!changes) {
    detail = 'lines';
    changes = diffLines(before, after, { timeout: timeoutMs });
  }
  let parts: DiffPart[];
  if (changes) parts = toParts(changes);
  else {
    detail = 'whole';
    parts = [
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ].filter((p) => p.text.length > 0) as DiffPart[];
  }
  let added = 0;
  let removed = 0;
  for (const part of parts) {
    if (part.kind === 'added') added += part.text.length;
    if (part.kind === 'removed') removed += part.text.length;
  }
  return { parts, added, removed, detail };
}
