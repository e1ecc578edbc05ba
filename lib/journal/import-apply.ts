import type { ImportPlan, ImportResult } from './export';
import type { Journal } from './store';

/** FNV-1a of a text, in base 36: a short, stable name for it. */
function digest(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

/**
 * The id an imported version gets when its own id is taken by a different text: the same for the
 * same id and text, so importing the file again adds nothing the second time.
 */
export function keptId(id: string, text: string): string {
  return `${id.slice(0, 48)}-t${digest(text)}`;
}

/**
 * Merges a validated import into the journal: an entry already there (same id, same text) is
 * skipped, so importing the same file twice adds nothing. An entry whose id is taken by another
 * text is never dropped (issue 42): it is kept as a new version, under keptId. Each prompt's new
 * entries are written in one pass.
 */
export function applyImport(journal: Journal, plan: ImportPlan): ImportResult {
  type Item = Parameters<Journal['appendMany']>[1][number];
  const byPrompt = new Map<string, Item[]>();
  let skipped = 0;
  let kept = 0;
  for (const { prompt, entry, text } of plan.entries) {
    let id = entry.id;
    if (journal.has(prompt, id)) {
      if (journal.textOf(prompt, id) === text) {
        skipped += 1;
        continue;
      }
      id = keptId(entry.id, text);
      if (journal.has(prompt, id)) {
        skipped += 1; // kept by an earlier import of the same file
        continue;
      }
      kept += 1;
    }
    const list = byPrompt.get(prompt) ?? [];
    byPrompt.set(prompt, list);
    list.push({
      fields: {
        id,
        g: entry.gen,
        b: entry.base,
        p: entry.parent,
        t: entry.time,
        k: entry.kind,
        ...(entry.stale ? { s: 1 as const } : {}),
        ...(entry.restoredFrom ? { r: entry.restoredFrom } : {}),
      },
      text,
    });
  }
  const wanted = plan.entries.length - skipped;
  let added = 0;
  for (const [prompt, items] of byPrompt) {
    const result = journal.appendMany(prompt, items);
    added += result.added;
    if (!result.ok) {
      journal.notify();
      return {
        ok: false,
        added,
        reason:
          result.error === 'quota'
            ? `Browser storage filled up after ${added} of ${wanted} new entries; the rest were not imported.`
            : result.message,
      };
    }
  }
  journal.notify();
  return { ok: true, added, skipped, kept };
}
