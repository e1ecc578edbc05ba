import fc from 'fast-check';
import LZString from 'lz-string';
import { describe, expect, it } from 'vitest';
import { MAX_ANSWER_CHARS } from './bounds';
import { DeltaError, decompressText } from './delta';
import { unpackUtf16 } from './unpack';

/**
 * A packed text in lz-string's UTF-16 format whose every code names the newest dictionary entry:
 * `codes` codes unpack to (codes + 1)(codes + 2) / 2 letters "a". Written bit by bit, as
 * lz-string writes them, so the test needs no huge text to compress.
 */
function packedBomb(codes: number): string {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i += 1) bits.push((value >> i) & 1);
  };
  put(0, 2);
  put(97, 8);
  let numBits = 3;
  let enlargeIn = 4;
  let dictSize = 4;
  for (let k = 0; k < codes; k += 1) {
    put(dictSize, numBits);
    dictSize += 1;
    enlargeIn -= 1;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits += 1;
    }
  }
  put(2, numBits);
  let packed = '';
  for (let i = 0; i < bits.length; i += 15) {
    let value = 0;
    for (let j = 0; j < 15; j += 1) value = (value << 1) | (bits[i + j] ?? 0);
    packed += String.fromCharCode(value + 32);
  }
  return `${packed} `;
}

const letters = (codes: number) => ((codes + 1) * (codes + 2)) / 2;

describe('unpacking a compressed version is bounded (lz-string-unbounded-output)', () => {
  it('the bomb is what lz-string itself unpacks to a text quadratic in its length', () => {
    const packed = packedBomb(300);
    expect(packed.length).toBeLessThan(400);
    expect(LZString.decompressFromUTF16(packed)).toBe('a'.repeat(letters(300)));
    expect(unpackUtf16(packed, letters(300))).toEqual({ ok: true, text: 'a'.repeat(letters(300)) });
  });

  it('refuses a packed text that would unpack past the bound, as soon as it passes it', () => {
    // 1,500 codes in ~1,500 characters: 1.1 million characters, 56 times an answer.
    const packed = packedBomb(1_500);
    expect(packed.length).toBeLessThan(MAX_ANSWER_CHARS);
    expect(unpackUtf16(packed, MAX_ANSWER_CHARS)).toEqual({
      ok: false,
      reason: 'too-long',
      maxChars: MAX_ANSWER_CHARS,
    });
    expect(() => decompressText(packed)).toThrow(DeltaError);
    expect(() => decompressText(packed)).toThrow(
      'a compressed version unpacks to more than 20,000 characters',
    );
    expect(() => decompressText(packed, 100)).toThrow('more than 100 characters');
  });

  it('a stored entry of 20,000 packed characters (~180 million unpacked) is refused at 20,000', () => {
    // About 19,000 codes fit the 20,000 characters the schema allows a compressed entry.
    const packed = packedBomb(18_500);
    expect(packed.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(letters(18_500)).toBeGreaterThan(170_000_000);
    expect(() => decompressText(packed)).toThrow('more than 20,000 characters');
  });

  it('unpacks what lz-string packs, exactly as lz-string does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 3_000 }), (text) => {
        const packed = LZString.compressToUTF16(text);
        expect(unpackUtf16(packed, text.length)).toEqual({ ok: true, text });
        if (text.length > 0)
          expect(unpackUtf16(packed, text.length - 1)).toMatchObject({ reason: 'too-long' });
      }),
      { numRuns: 300 },
    );
  });

  it('never returns a text lz-string would not, for damaged input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (packed) => {
        const mine = unpackUtf16(packed, 1_000_000);
        if (mine.ok) expect(LZString.decompressFromUTF16(packed)).toBe(mine.text);
      }),
      { numRuns: 500 },
    );
  });
});
