import { JOURNAL_PROMPTS } from '../content/reflect';
import { createJournal } from '../lib/journal';
import { memoryKeyValueStore } from '../lib/storage';

/**
 * A stored journal of `versions` versions, made by the app's own journal store (lib/journal)
 * against an in-memory storage, so every key and value is exactly what the page would have
 * written: returned as localStorage's keys and values, to plant before a page loads.
 *
 * Shaped like a term of use: the versions are spread over the journal's prompts in turn, each a
 * small edit of an answer of about 600 characters (autosaves), and a new writer every 2,500 saves
 * (a second tab, or a page load that could not adopt the idle writer). With `answers`, the
 * versions go to that many answers instead (the journal's prompts, then made-up ones, as an
 * import or another version of the course could leave), one answer after the other.
 */
export function storedJournal(versions: number, answers?: number): Record<string, string> {
  const storage = memoryKeyValueStore(50_000_000);
  let clock = Date.UTC(2026, 0, 1);
  const own = JOURNAL_PROMPTS.map((p) => p.id);
  const prompts = answers
    ? Array.from({ length: answers }, (_, i) => own[i] ?? `answer-${i}`)
    : own;
  const each = Math.ceil(versions / prompts.length);
  const texts = prompts.map((id) => `My answer for ${id}: `.padEnd(600, 'a lease and a fence. '));
  const bases = prompts.map((): string | null => null);
  let journal = createJournal({ store: storage, now: () => (clock += 60_000) });
  journal.load();
  for (let i = 0; i < versions; i += 1) {
    if (i > 0 && i % 2_500 === 0) {
      journal = createJournal({ store: storage, now: () => (clock += 60_000) });
      journal.load();
    }
    const p = answers ? Math.floor(i / each) : i % prompts.length;
    const at = (i * 37) % 560;
    texts[p] =
      `${texts[p].slice(0, at)}${i.toString(36).padStart(4, '0')}${texts[p].slice(at + 4)}`;
    const saved = journal.save(prompts[p], texts[p], { baseId: bases[p], kind: 'autosave' });
    if (!saved.ok || !saved.saved)
      throw new Error(`storedJournal: save ${i} failed: ${JSON.stringify(saved)}`);
    bases[p] = saved.entry.id;
  }
  return Object.fromEntries(storage.data);
}

/** Characters of keys and values, as the browser's quota counts them. */
export function storedChars(items: Record<string, string>): number {
  return Object.entries(items).reduce((sum, [k, v]) => sum + k.length + v.length, 0);
}
