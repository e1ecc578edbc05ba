import { MAX_IMPORT_SAVE_NUMBER } from './bounds';
import { MAX_SAVE_NUMBER } from './schema';
import type { LoadedSegment, PromptHistory } from './state';

/**
 * Where a version whose save number is out of the app's range goes back (issue 42 review). Its
 * stored number says nothing, but the history around it does: a later version edited from it
 * names its number as that version's base; its writer's head record names the number of its
 * writer's last save; a save is numbered above its writer's save before it and its own base, and
 * below its writer's next save; the number it left is a hole nothing else holds; and a twin (two
 * tabs saving at once share a number) is placed by the time it was saved. Numbered so, it takes its place and leaves no hole to be reported as a version
 * lost. Only a version with none of these witnesses is numbered after the history's newest.
 */

/**
 * The highest save number of a prompt in the app's range, and whether any is past it: more than
 * MAX_IMPORT_SAVE_NUMBER above every number below it (no save gives that: a save is one more
 * than the newest number known, and an import brings at most that), or past MAX_SAVE_NUMBER.
 */
export function inRange(s: PromptHistory): { limit: number; past: boolean } {
  let limit = 0;
  // metas are in save-number order.
  for (const meta of s.metas) {
    if (!Number.isInteger(meta.gen)) continue; // repaired too (misnumbered.ts)
    if (meta.gen - limit > MAX_IMPORT_SAVE_NUMBER || meta.gen > MAX_SAVE_NUMBER)
      return { limit, past: true };
    limit = meta.gen;
  }
  return { limit, past: false };
}

/** The new save number of every out-of-range entry of the parts set aside, by entry id. */
export interface Renumbering {
  gens: Map<string, number>;
  /** The ids put back in their place (the rest were numbered after the history's newest). */
  placed: Set<string>;
  /** The new number of each old number out of range (the first entry that held it). */
  byOldGen: Map<number, number>;
}

/** The new number of the version an out-of-range base names, when that version was renumbered. */
function renumberedBase(e: { b: number; p: string | null }, r: Renumbering): number | undefined {
  return (e.p !== null ? r.gens.get(e.p) : undefined) ?? r.byOldGen.get(e.b);
}

/** The base save number an entry of a part set aside is saved again with, its own number `gen`. */
export function newBase(
  e: { b: number; p: string | null },
  r: Renumbering,
  limit: number,
  gen: number,
): number {
  if (Number.isInteger(e.b) && e.b <= limit) return e.b;
  return renumberedBase(e, r) ?? Math.min(limit, gen - 1);
}

/**
 * The held number in [low, top] of the newest save made at or before `time` (the number a twin
 * saved then shares), or `low` when all were made after it. Undefined when every save from `low`
 * on was made before `time` and the entry is its writer's last (`high` is Infinity): it is the
 * newest.
 */
function twinNumber(
  firstSaved: ReadonlyMap<number, number>,
  low: number,
  top: number,
  time: number,
  high: number,
): number | undefined {
  if (low > top) return undefined; // no number held from `low` on: newest, or no room
  let found: number | undefined;
  let notBefore = false;
  for (const [gen, first] of firstSaved) {
    if (gen < low || gen > top) continue;
    if (first <= time) found = Math.max(found ?? gen, gen);
    if (first >= time) notBefore = true;
  }
  if (high === Infinity && !notBefore) return undefined;
  return found ?? low;
}

/**
 * Numbers every entry past `limit` in the parts `bad`, writer by writer in the order each wrote
 * them; `after` is the newest number the history names (the fallback goes above it), `named` the
 * highest number in range each writer's head record or index of saves names.
 */
export function renumber(
  s: PromptHistory,
  bad: readonly LoadedSegment[],
  numbers: {
    limit: number;
    after: number;
    named: ReadonlyMap<string, number>;
    /** Whether the entry at `index` of the part under `key` is to be numbered again. */
    wrong: (key: string, index: number) => boolean;
  },
): Renumbering {
  const { limit, after, named, wrong } = numbers;
  const held = new Set<number>();
  /** When the first version of each save number in range was saved. */
  const firstSaved = new Map<number, number>();
  const childBases = new Map<string, number[]>();
  for (const meta of s.metas) {
    const found = s.byId.get(meta.id);
    if (!found || wrong(found.key, found.index)) continue;
    held.add(meta.gen);
    firstSaved.set(meta.gen, Math.min(firstSaved.get(meta.gen) ?? Infinity, meta.time));
    if (meta.parent === null || meta.base > limit) continue;
    const bases = childBases.get(meta.parent);
    if (bases) bases.push(meta.base);
    else childBases.set(meta.parent, [meta.base]);
  }
  const gens = new Map<string, number>();
  const byOldGen = new Map<number, number>();
  const placed = new Set<string>();
  let newest = after;
  for (const writer of [...new Set(bad.map((l) => l.segment.writer))].sort()) {
    const entries = [...s.segments.values()]
      .filter((l) => l.segment.writer === writer)
      .sort((a, b) => a.segment.seq - b.segment.seq)
      .flatMap((l) => l.segment.entries.map((e, index) => ({ ...e, bad: wrong(l.key, index) })));
    // The writer's next save in range after each entry (Infinity after its last one).
    const next: number[] = [];
    let following = Infinity;
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      next[i] = following;
      if (!entries[i].bad) following = entries[i].g;
    }
    let previous = 0;
    entries.forEach((e, i) => {
      if (!e.bad) {
        previous = e.g;
        return;
      }
      if (gens.has(e.id)) return;
      // Numbered at least as its writer's save before it (an import may repeat a number) and
      // above its own base, at most as its writer's next save.
      const base =
        Number.isInteger(e.b) && e.b <= limit ? e.b : renumberedBase(e, { gens, placed, byOldGen });
      const low = Math.max(previous, (base ?? 0) + 1);
      const high = next[i];
      let gen = childBases.get(e.id)?.find((b) => b >= low && b <= high);
      // Its writer's last save: the number its head record or index of saves names.
      const last = named.get(writer);
      if (gen === undefined && i === entries.length - 1 && last !== undefined && last >= low)
        gen = last;
      if (gen === undefined) {
        let hole = low;
        while (held.has(hole)) hole += 1;
        if (hole <= Math.min(high, limit)) gen = hole;
      }
      // Every number it may have is held: a twin of another tab's save (two tabs saving at once
      // share a number), placed by when it was saved. Saved after every version from its lowest
      // number on, it is the newest: numbered after the history's newest below.
      if (gen === undefined) gen = twinNumber(firstSaved, low, Math.min(high, limit), e.t, high);
      if (gen !== undefined) placed.add(e.id);
      else gen = newest + 1;
      newest = Math.max(newest, gen);
      held.add(gen);
      firstSaved.set(gen, Math.min(firstSaved.get(gen) ?? Infinity, e.t));
      gens.set(e.id, gen);
      if (!byOldGen.has(e.g)) byOldGen.set(e.g, gen);
      previous = gen;
    });
  }
  return { gens, placed, byOldGen };
}
