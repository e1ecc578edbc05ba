import { GLOBALS, W_POS, W_STOPPED } from './state-slots';
import type { Bound, StepKind } from './types';

/** The first of the characters that stand for owner names in a search whose design ignores names. */
const NAME_BASE = 0xe000;
/** Values at or above this are written out in digits in a key (escape, then digits, then end). */
const SMALL = 0xe000;
const ESCAPE = 0xffff;
const END = 0xfffe;

/**
 * The bound the search runs when owner names are interchangeable: each distinct owner name
 * becomes one private-use character, so the state cache can rename holders inside the
 * database's snapshot. Labels keep the learner's names (a trace is replayed with the real bound).
 */
export function namesAsCharacters(bound: Bound): Bound {
  const distinct = [...new Set(bound.workers.map((w) => w.owner))];
  return {
    ...bound,
    workers: bound.workers.map((w) => ({
      ...w,
      owner: String.fromCharCode(NAME_BASE + distinct.indexOf(w.owner)),
      label: w.label ?? w.owner,
    })),
  };
}

/**
 * Keys of the search states for the state cache, with two exact reductions:
 *
 * - A holder whose claim was refused (stopped) does nothing for the rest of its program, so how
 *   far it has got changes nothing that can happen: its position is left out of the key.
 * - Holders that run the same program are interchangeable: the key lists them sorted by their
 *   numbers, so two states that differ only by which of them is where share one key. Holders
 *   with the same owner name are always interchangeable (their statements are the same ones);
 *   holders with different names only when the design treats names as labels compared for
 *   equality (`renameNames`), and then the snapshot's names are renamed with them.
 *
 * A key is the numbers as characters (each small whole number one character) and the snapshot
 * as a number, interned: short keys hash and compare fast.
 */
export class StateKeys {
  /** Each group of two or more interchangeable holders, as holder indices in ascending order. */
  private readonly groups: Int32Array[];
  /** Whether a group's members have different names (renamed in the snapshot). */
  private readonly renamed: boolean[];
  /** The holder whose numbers go in each slot of the key. */
  private readonly order: Int32Array;
  /** The character of each holder's owner name (when names are renamed). */
  private readonly nameOf: string[];
  private readonly codes: number[] = [];
  private readonly snapshots = new Map<string, number>();
  private readonly rename = new Map<string, string>();

  constructor(
    steps: readonly (readonly StepKind[])[],
    owners: readonly string[],
    private readonly perHolder: number,
    renameNames: boolean,
  ) {
    const n = owners.length;
    this.order = Int32Array.from({ length: n }, (_, h) => h);
    this.nameOf = [...owners];
    const count = new Map<string, number>();
    for (const o of owners) count.set(o, (count.get(o) ?? 0) + 1);
    const byKey = new Map<string, number[]>();
    for (let h = 0; h < n; h++) {
      const program = steps[h].join(' ');
      // A name used once may be renamed (if the design allows); a shared name keeps its holders together.
      const shared = (count.get(owners[h]) ?? 0) > 1;
      const key = renameNames && !shared ? `rename|${program}` : `same|${owners[h]}|${program}`;
      const members = byKey.get(key) ?? [];
      members.push(h);
      byKey.set(key, members);
    }
    const groups = [...byKey.entries()].filter(([, m]) => m.length > 1);
    this.groups = groups.map(([, m]) => Int32Array.from(m));
    this.renamed = groups.map(([k]) => k.startsWith('rename|'));
  }

  /** How many holders have another holder they are interchangeable with (0: only stopped holders are reduced). */
  get interchangeable(): number {
    return this.groups.reduce((a, g) => a + g.length, 0);
  }

  /** The key of the search state `state` with the database content `snapshot`. */
  key(state: Float64Array, snapshot: string): string {
    const order = this.order;
    const perHolder = this.perHolder;
    this.rename.clear();
    for (let g = 0; g < this.groups.length; g++) {
      const members = this.groups[g];
      // Insertion sort of the group's holders by their numbers (a group has at most five).
      const sorted = Array.from(members);
      for (let i = 1; i < sorted.length; i++) {
        const h = sorted[i];
        let j = i - 1;
        while (j >= 0 && this.compare(state, sorted[j], h) > 0) {
          sorted[j + 1] = sorted[j];
          j -= 1;
        }
        sorted[j + 1] = h;
      }
      for (let i = 0; i < members.length; i++) {
        order[members[i]] = sorted[i];
        if (this.renamed[g] && sorted[i] !== members[i])
          this.rename.set(this.nameOf[sorted[i]], this.nameOf[members[i]]);
      }
    }
    const codes = this.codes;
    codes.length = 0;
    for (let i = 0; i < GLOBALS; i++) push(codes, state[i]);
    for (let slot = 0; slot < order.length; slot++) {
      const base = GLOBALS + order[slot] * perHolder;
      const stopped = state[base + W_STOPPED] === 1;
      for (let k = 0; k < perHolder; k++) push(codes, k === W_POS && stopped ? 0 : state[base + k]);
    }
    push(codes, this.snapshotId(snapshot));
    return String.fromCharCode.apply(null, codes);
  }

  /** Orders two holders by their numbers (a stopped holder's position does not count). */
  private compare(state: Float64Array, a: number, b: number): number {
    const ba = GLOBALS + a * this.perHolder;
    const bb = GLOBALS + b * this.perHolder;
    const stoppedA = state[ba + W_STOPPED] === 1;
    const stoppedB = state[bb + W_STOPPED] === 1;
    for (let k = 0; k < this.perHolder; k++) {
      const va = k === W_POS && stoppedA ? 0 : state[ba + k];
      const vb = k === W_POS && stoppedB ? 0 : state[bb + k];
      if (va !== vb) return va < vb ? -1 : 1;
    }
    return 0;
  }

  /** The snapshot with the holders' names renamed as the key orders them, as an interned number. */
  private snapshotId(snapshot: string): number {
    let text = snapshot;
    if (this.rename.size > 0) {
      let out = '';
      for (let i = 0; i < snapshot.length; i++) {
        const c = snapshot[i];
        out += this.rename.get(c) ?? c;
      }
      text = out;
    }
    let id = this.snapshots.get(text);
    if (id === undefined) {
      id = this.snapshots.size;
      this.snapshots.set(text, id);
    }
    return id;
  }
}

/** Appends a number to a key: one character when small and whole, else escaped digits. */
function push(codes: number[], v: number): void {
  if (v >= 0 && v < SMALL && Number.isInteger(v)) {
    codes.push(v);
    return;
  }
  codes.push(ESCAPE);
  const digits = String(v);
  for (let i = 0; i < digits.length; i++) codes.push(digits.charCodeAt(i));
  codes.push(END);
}
