import { inRange } from './renumber';
import type { PromptHistory, EntryMeta, LoadedSegment } from './state';

/**
 * Save numbers that the history around them shows are not the ones the versions were saved
 * with (issue 42 review, F9 and F10): besides a number out of the app's range (renumber.ts), a
 * number that is not whole (no save gives 1.5), and a number that a hand edit copied from
 * another version, leaving a hole where the version was saved. Left as they were, the hole was
 * reported as a version "removed from browser storage outside this app" on every load, while
 * every version was shown; a number that is not whole set its whole part aside unread.
 *
 * A copied number is taken as wrong only where the history names the hole it left:
 * - a version edited from it names the hole as its base (and it, by id, as its parent);
 * - its number is not above its own base (a save is numbered above the one it was edited from);
 * - its writer's saves before and after it leave the hole between them, and its number is not
 *   between them (a save of one tab is numbered above its save before);
 * - it is its writer's last save, its head record or index of saves names the hole, and it was
 *   saved after (or before) every version numbered between its number and the hole.
 * A number held by one version only, or one shared with no hole named, is left as it is.
 */

/** Why a number is repaired: out of range, not whole, or copied from another version. */
export type Fault = 'range' | 'fraction' | 'copied';

/** Where one stored entry is: its part's key and its place in it. */
export const at = (key: string, index: number) => `${key}#${index}`;

/** The entries of a prompt whose save numbers are to be repaired, by at(key, index). */
export function misnumbered(
  s: PromptHistory,
  named: ReadonlyMap<string, number>,
): { limit: number; faults: Map<string, Fault> } {
  const { limit } = inRange(s);
  const faults = new Map<string, Fault>();
  const whole = (gen: number) => Number.isInteger(gen) && gen <= limit;
  const where = (m: EntryMeta) => {
    const found = s.byId.get(m.id);
    return found ? at(found.key, found.index) : '';
  };
  const holders = new Map<number, number>();
  for (const m of s.metas) {
    if (!Number.isInteger(m.gen)) faults.set(where(m), 'fraction');
    else if (m.gen > limit) faults.set(where(m), 'range');
    else holders.set(m.gen, (holders.get(m.gen) ?? 0) + 1);
  }
  // Numbers out of range or not whole are repaired first: the holes they leave are theirs, and
  // copies are looked for on the next read, among the numbers they take.
  if (faults.size > 0) return { limit, faults };
  const hole = (gen: number) => Number.isInteger(gen) && gen >= 1 && !holders.has(gen);
  // A version edited from one names its number as base, its id as parent.
  for (const m of s.metas) {
    if (m.parent === null || !hole(m.base) || m.base > limit) continue;
    const parent = s.byId.get(m.parent)?.meta;
    if (parent && parent.gen !== m.base && whole(parent.gen)) faults.set(where(parent), 'copied');
  }
  for (const writer of new Set([...s.segments.values()].map((l) => l.segment.writer))) {
    const parts: LoadedSegment[] = [...s.segments.values()]
      .filter((l) => l.segment.writer === writer)
      .sort((a, b) => a.segment.seq - b.segment.seq);
    const entries = parts.flatMap((l) =>
      l.segment.entries.map((e, index) => ({ e, place: at(l.key, index) })),
    );
    // Each entry's writer's saves before and after it, not counting those already found wrong.
    const fine = entries.map((x) => !faults.has(x.place) && whole(x.e.g));
    const next: (number | undefined)[] = [];
    let following: number | undefined;
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      next[i] = following;
      if (fine[i]) following = entries[i].e.g;
    }
    let low = 0;
    entries.forEach(({ e, place }, i) => {
      const before = low;
      if (fine[i]) low = e.g;
      if (!fine[i] || (holders.get(e.g) ?? 0) < 2) return;
      const high = next[i];
      if (
        e.g <= e.b ||
        savedInHole(s, e, { low: before, high: high ?? limit + 1 }, hole) ||
        (high !== undefined
          ? copiedBetween(e.g, before, high, hole)
          : copiedLast(s, e, before, named.get(writer), hole))
      )
        faults.set(place, 'copied');
    });
  }
  return { limit, faults };
}

/** A writer's save between two of its own, its number not between them, and a hole there. */
function copiedBetween(gen: number, low: number, high: number, hole: (g: number) => boolean) {
  if (gen > low && gen < high) return false;
  // Bounded: a hand edit leaves a hole near the version's own number.
  for (let g = low + 1; g < Math.min(high, low + 10_000); g += 1) if (hole(g)) return true;
  return false;
}

/**
 * A writer's last save, the number its head record or index names a hole above its save before,
 * and saved in that number's place: after every version numbered between its own number and it
 * (when it names a higher one), before every one (when it names a lower one).
 */
function copiedLast(
  s: PromptHistory,
  e: { g: number; t: number },
  low: number,
  last: number | undefined,
  hole: (g: number) => boolean,
) {
  if (last === undefined || last === e.g || last <= low || !hole(last)) return false;
  const [from, to] = last > e.g ? [e.g, last] : [last, e.g];
  return s.metas.every(
    (m) => m.gen <= from || m.gen >= to || (last > e.g ? m.time <= e.t : m.time >= e.t),
  );
}

/**
 * A shared number whose version was saved in a hole's place: after every other version numbered
 * below the hole, before every one numbered above it, and edited from one below it. A hole some
 * version names as its base, its parent gone, is a version lost, and is left to be reported.
 */
function savedInHole(
  s: PromptHistory,
  e: { g: number; b: number; t: number; id: string },
  range: { low: number; high: number },
  hole: (g: number) => boolean,
) {
  for (let h = range.low + 1; h < Math.min(range.high, range.low + 10_000); h += 1) {
    if (!hole(h) || e.b >= h) continue;
    const lost = s.metas.some((m) => m.base === h && (m.parent === null || !s.byId.has(m.parent)));
    if (lost) continue;
    const inPlace = s.metas.every(
      (m) => m.id === e.id || (m.gen < h ? m.time <= e.t : m.time > e.t),
    );
    if (inPlace) return true;
  }
  return false;
}
