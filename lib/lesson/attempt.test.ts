import { describe, expect, it } from 'vitest';
import { isRealAttempt, MIN_ATTEMPT_WORDS } from './progress';

describe('a saved answer counts as an attempt only with real content', () => {
  it('a single space, a lone word or punctuation is not an attempt (any saved text was)', () => {
    for (const text of ['', ' ', '\n\t ', 'ok', 'idk ?', '- - - -', '... !!! ???'])
      expect(isRealAttempt(text), JSON.stringify(text)).toBe(false);
  });
  it(`${MIN_ATTEMPT_WORDS} words or more, after trimming, are`, () => {
    expect(isRealAttempt('  the fence stops A  ')).toBe(true);
    expect(isRealAttempt('La clé change tout')).toBe(true);
  });
});
