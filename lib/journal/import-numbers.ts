import type { ImportPlan } from './export';
import { keptId } from './import-apply';
import type { Journal } from './store';

/**
 * The save numbers an import's new versions are written with (issue 42 review, F12). A file's
 * numbers are its own journal's, not this one's: written as they are, a file numbered past the
 * local newest (gen 1,000,000 after save 3) leaves a run of numbers no version holds, and the load
 * reads a run of missing numbers as versions removed from storage. So, per prompt, the file's
 * numbers are kept only when they fit this history: every new number at or below the local
 * newest is one no local version holds (a version lost here, given back by an export), and the
 * new numbers above it run on from it without a hole (a journal's own export into emptied
 * storage keeps its numbers). Otherwise the new versions are numbered after the local newest, in
 * the file's order (versions that shared a number still share one), and the base of each follows
 * the version it was edited from. Versions already here are skipped as applyImport skips them,
 * so importing the same file twice adds nothing.
 */

type Planned = ImportPlan['entries'][number];

/** The id an entry is written under, or null when applyImport skips it (already here). */
function landingId(journal: Journal, prompt: string, id: string, text: string): string | null {
  if (!journal.has(prompt, id)) return id;
  if (journal.textOf(prompt, id) === text) return null;
  const kept = keptId(id, text);
  return journal.has(prompt, kept) ? null : kept;
}

/** Whether the new numbers fit the local ones without leaving a hole (see above). */
function fits(held: ReadonlySet<number>, top: number, fresh: readonly number[]): boolean {
  const above = [...new Set(fresh.filter((g) => g > top))].sort((a, b) => a - b);
  if (above.some((g, i) => g !== top + 1 + i)) return false;
  return fresh.every((g) => g > top || !held.has(g));
}

function renumberPrompt(journal: Journal, prompt: string, items: Planned[]): Planned[] {
  const local = journal.history(prompt);
  const held = new Set(local.map((m) => m.gen));
  const top = Math.max(0, ...held);
  const genOfId = new Map(local.map((m) => [m.id, m.gen]));
  const fresh = new Set<Planned>();
  /** The file's number of an entry already here, and the number it holds here. */
  const skippedGen = new Map<number, number>();
  for (const item of items) {
    const id = landingId(journal, prompt, item.entry.id, item.text);
    if (id === null) {
      const here = genOfId.get(item.entry.id) ?? genOfId.get(keptId(item.entry.id, item.text));
      if (here !== undefined && !skippedGen.has(item.entry.gen))
        skippedGen.set(item.entry.gen, here);
    } else fresh.add(item);
  }
  const freshGens = [...fresh].map((f) => f.entry.gen);
  if (fits(held, top, freshGens)) return items;
  const distinct = [...new Set(freshGens)].sort((a, b) => a - b);
  const newGen = new Map(distinct.map((g, i) => [g, top + 1 + i]));
  return items.map((item) => {
    const gen = newGen.get(item.entry.gen);
    if (gen === undefined || !fresh.has(item)) return item;
    const { base } = item.entry;
    const mapped = base === 0 ? 0 : (newGen.get(base) ?? skippedGen.get(base));
    // A base the file does not hold names a version of the other journal: the number before
    // this one stands for it, as renumber.ts does for a base out of range.
    const newBase = mapped !== undefined && mapped < gen ? mapped : Math.min(base, gen - 1);
    return { ...item, entry: { ...item.entry, gen, base: newBase } };
  });
}

/** The plan with its new versions numbered to fit this journal's history (see above). */
export function numberImport(journal: Journal, plan: ImportPlan): ImportPlan {
  const byPrompt = new Map<string, Planned[]>();
  for (const item of plan.entries) {
    const list = byPrompt.get(item.prompt) ?? [];
    byPrompt.set(item.prompt, list);
    list.push(item);
  }
  const numbered = new Map<string, Planned[]>();
  for (const [prompt, items] of byPrompt)
    numbered.set(prompt, renumberPrompt(journal, prompt, items));
  const next = new Map<string, number>();
  return {
    entries: plan.entries.map((item) => {
      const i = next.get(item.prompt) ?? 0;
      next.set(item.prompt, i + 1);
      return numbered.get(item.prompt)![i];
    }),
  };
}
