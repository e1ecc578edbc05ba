import LZString from 'lz-string';
import { MAX_ANSWER_CHARS, MAX_EDITS_PER_DELTA } from './bounds';
import { unpackUtf16 } from './unpack';

/**
 * One edit: at `pos`, remove `del` characters and insert `ins`. Positions count UTF-16 code
 * units, exactly as JavaScript strings do, so a round trip is exact for any text.
 */
export type Op = [pos: number, del: number, ins: string];

/** Thrown when a stored or imported edit does not fit the text it is applied to. */
export class DeltaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DeltaError';
  }
}

/**
 * The edits that turn `prev` into `next`: the changed middle between the common prefix and the
 * common suffix, as one splice. An autosave after a pause holds one burst of typing, so a
 * single splice is what small edits need; a whole rewrite becomes one large splice, which the
 * store then keeps as a (compressed) full copy instead.
 */
export function computeDelta(prev: string, next: string): Op[] {
  if (prev === next) return [];
  const max = Math.min(prev.length, next.length);
  let start = 0;
  while (start < max && prev.charCodeAt(start) === next.charCodeAt(start)) start += 1;
  let endPrev = prev.length;
  let endNext = next.length;
  while (
    endPrev > start &&
    endNext > start &&
    prev.charCodeAt(endPrev - 1) === next.charCodeAt(endNext - 1)
  ) {
    endPrev -= 1;
    endNext -= 1;
  }
  return [[start, endPrev - start, next.slice(start, endNext)]];
}

/**
 * Applies edits in order; throws DeltaError when one reaches outside the text, when there are
 * more than `limits.edits` of them, or when the text grows past `limits.length` on the way (no
 * delta the journal writes does either; the defaults are the journal's bounds).
 *
 * The text is built as a finished head (`parts`) plus the rest of the source from `from`: an
 * edit at or after the end of the head only moves the cursor, so edits in position order (every
 * delta the app writes) cost one pass over the text. An edit that reaches back into the head
 * joins the head first; within the bounds, that costs at most edits x length.
 */
export function applyDelta(
  text: string,
  ops: readonly Op[],
  limits: { edits: number; length: number } = {
    edits: MAX_EDITS_PER_DELTA,
    length: MAX_ANSWER_CHARS,
  },
): string {
  const maxLength = limits.length;
  if (ops.length > limits.edits)
    throw new DeltaError(
      `${ops.length.toLocaleString('en-US')} edits in one delta; the journal keeps at most ${limits.edits.toLocaleString('en-US')}`,
    );
  let source = text;
  let from = 0;
  let parts: string[] = [];
  let headLength = 0;
  for (const [pos, del, ins] of ops) {
    const length = headLength + source.length - from;
    if (
      !Number.isInteger(pos) ||
      !Number.isInteger(del) ||
      pos < 0 ||
      del < 0 ||
      pos + del > length
    ) {
      throw new DeltaError(
        `an edit at ${pos} removing ${del} characters does not fit a text of ${length}`,
      );
    }
    if (length - del + ins.length > maxLength)
      throw new DeltaError(
        `the edits make a text longer than ${maxLength.toLocaleString('en-US')}`,
      );
    if (pos < headLength) {
      source = parts.join('') + source.slice(from);
      parts = [];
      from = 0;
      headLength = 0;
    }
    const skip = pos - headLength;
    if (skip > 0) parts.push(source.slice(from, from + skip));
    from += skip + del;
    if (ins.length > 0) parts.push(ins);
    headLength = pos + ins.length;
  }
  return parts.join('') + source.slice(from);
}

/** Characters a list of edits takes when stored as JSON. */
export function deltaCost(ops: readonly Op[]): number {
  let cost = 2;
  for (const [pos, del, ins] of ops)
    cost += 8 + String(pos).length + String(del).length + ins.length;
  return cost;
}

/**
 * Compresses text into a string that is safe for localStorage (15 bits per UTF-16 unit, no
 * surrogates), or null when compression would not make it meaningfully smaller.
 */
export function compressText(text: string): string | null {
  if (text.length < 512) return null;
  const packed = LZString.compressToUTF16(text);
  return packed.length < text.length * 0.9 ? packed : null;
}

/**
 * Reverses compressText; throws DeltaError on damaged input, and on input that would unpack past
 * `maxChars` (a stored entry names its size; no answer is longer than MAX_ANSWER_CHARS). The
 * bound holds while unpacking: a crafted packed text cannot make a huge one first.
 */
export function decompressText(packed: string, maxChars: number = MAX_ANSWER_CHARS): string {
  const unpacked = unpackUtf16(packed, maxChars);
  if (!unpacked.ok)
    throw new DeltaError(
      unpacked.reason === 'too-long'
        ? `a compressed version unpacks to more than ${maxChars.toLocaleString('en-US')} characters`
        : 'a compressed version could not be unpacked',
    );
  if (unpacked.text === '' && packed.length > 0)
    throw new DeltaError('a compressed version could not be unpacked');
  return unpacked.text;
}
