import { describe, expect, it } from 'vitest';
import { isRealAttempt, MIN_ATTEMPT_WORDS } from './progress';

describe('a saved answer counts as an attempt only with real content', () => {
  it('a single space, a lone word or punctuation is not an attempt (any saved text was)', () => {
    for (const text of ['', ' ', '\n\t ', 'ok', 'idk ?', '- - - -', '... !!! ???'])
      expect(isRealAttempt(text), JSON.stringify(text)).toBe(false);
  });
  it('filler and "I don’t know" in other words are not an attempt (issue 39: "a b c" passed)', () => {
    for (const text of [
      'a b c',
      'x y z w',
      'test test test',
      'I don’t know',
      "i don't know yet",
      'I do not know, sorry',
      'no idea at all',
      'not sure ok ok',
    ])
      expect(isRealAttempt(text), JSON.stringify(text)).toBe(false);
    expect(isRealAttempt('I don’t know, but the fence is checked')).toBe(true);
  });
  it(`${MIN_ATTEMPT_WORDS} words or more, after trimming, are`, () => {
    expect(isRealAttempt('  the fence stops A  ')).toBe(true);
    expect(isRealAttempt('La clé change tout')).toBe(true);
  });
});
