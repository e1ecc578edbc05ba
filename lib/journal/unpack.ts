/**
 * lz-string's UTF-16 format (what compressText writes), unpacked with a bound on what it makes.
 *
 * lz-string's own decompressFromUTF16 has no bound: every code may name the newest dictionary
 * entry, one character longer than the one before, so n codes make n²/2 characters. A stored
 * entry's 20,000 packed characters hold ~19,000 codes, which unpack to ~180 million characters
 * (360 MB, seconds of the page's main thread) before any size check could look. This is the
 * same decoder (lz-string 1.5.0, MIT, `_decompress` with 15 bits per character), stopping as
 * soon as the text passes `maxChars`. The dictionary never holds more than the text made so far
 * plus one character per entry, so memory is bounded with it.
 */

/** What unpacking gave: the text, or why there is none. */
export type Unpacked =
  | { ok: true; text: string }
  | { ok: false; reason: 'damaged' }
  | { ok: false; reason: 'too-long'; maxChars: number };

/** Bits per character of the UTF-16 format: 15, stored as the code unit minus 32. */
const FIRST_BIT = 1 << 14;

const DAMAGED: Unpacked = { ok: false, reason: 'damaged' };

/** Unpacks `packed` (made by lz-string's compressToUTF16); never makes more than `maxChars`. */
export function unpackUtf16(packed: string, maxChars: number): Unpacked {
  if (packed.length === 0) return DAMAGED;
  const length = packed.length;
  let value = packed.charCodeAt(0) - 32;
  let position = FIRST_BIT;
  let index = 1;
  /** The next `count` bits, lowest first, as lz-string writes them. */
  const read = (count: number): number => {
    let bits = 0;
    for (let i = 0; i < count; i += 1) {
      if (value & position) bits |= 1 << i;
      position >>= 1;
      if (position === 0) {
        position = FIRST_BIT;
        value = packed.charCodeAt(index) - 32;
        index += 1;
      }
    }
    return bits;
  };

  const dictionary: string[] = ['', '', ''];
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  const first = read(2);
  if (first === 2) return { ok: true, text: '' };
  if (first !== 0 && first !== 1) return DAMAGED;
  let w = String.fromCharCode(read(first === 0 ? 8 : 16));
  dictionary[3] = w;
  const parts: string[] = [w];
  let made = w.length;
  if (made > maxChars) return { ok: false, reason: 'too-long', maxChars };
  for (;;) {
    if (index > length) return DAMAGED;
    let code = read(numBits);
    if (code === 2) return { ok: true, text: parts.join('') };
    if (code === 0 || code === 1) {
      dictionary[dictSize] = String.fromCharCode(read(code === 0 ? 8 : 16));
      dictSize += 1;
      code = dictSize - 1;
      enlargeIn -= 1;
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits += 1;
    }
    let entry: string;
    if (code < dictSize && dictionary[code]) entry = dictionary[code];
    else if (code === dictSize) entry = w + w.charAt(0);
    else return DAMAGED;
    made += entry.length;
    if (made > maxChars) return { ok: false, reason: 'too-long', maxChars };
    parts.push(entry);
    dictionary[dictSize] = w + entry.charAt(0);
    dictSize += 1;
    enlargeIn -= 1;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits += 1;
    }
  }
}
