import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyDelta, compressText, computeDelta, decompressText, DeltaError } from './delta';

/** A random edit to a text: insert, delete or replace somewhere, with any characters. */
const editArb = fc.record({
  at: fc.nat(),
  del: fc.nat({ max: 40 }),
  ins: fc.string({ unit: 'grapheme', maxLength: 30 }),
});

describe('answer deltas', () => {
  it('round-trips exactly for any two texts, including emoji and lone surrogates', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(applyDelta(a, computeDelta(a, b))).toBe(b);
      }),
    );
  });

  it('round-trips every version of a random edit sequence, and small edits stay small', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 300 }),
        fc.array(editArb, { maxLength: 30 }),
        (start, edits) => {
          let text = start;
          for (const { at, del, ins } of edits) {
            const pos = text.length ? at % (text.length + 1) : 0;
            const next = text.slice(0, pos) + ins + text.slice(pos + del);
            const ops = computeDelta(text, next);
            expect(applyDelta(text, ops)).toBe(next);
            const changed = ops.reduce((n, [, d, i]) => n + d + i.length, 0);
            expect(changed).toBeLessThanOrEqual(del + ins.length);
            text = next;
          }
        },
      ),
    );
  });

  it('gives no edits for equal texts', () => {
    expect(computeDelta('same', 'same')).toEqual([]);
  });

  it('refuses an edit that reaches outside the text (a hand-edited entry)', () => {
    expect(() => applyDelta('short', [[3, 10, 'x']])).toThrow(DeltaError);
    expect(() => applyDelta('short', [[-1, 0, 'x']])).toThrow(DeltaError);
  });

  it('compresses long text losslessly into storage-safe characters', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('lease ', 'fence ', 'token ', 'worker ', 'stale '), {
          minLength: 200,
          maxLength: 800,
        }),
        (words) => {
          const text = words.join('');
          const packed = compressText(text);
          expect(packed).not.toBeNull();
          expect(packed!.length).toBeLessThan(text.length);
          expect([...packed!].every((c) => c.charCodeAt(0) < 0xd800)).toBe(true);
          expect(decompressText(packed!)).toBe(text);
        },
      ),
      { numRuns: 20 },
    );
  });
});
