import { describe, expect, it } from 'vitest';
import { inlineParams } from './inline';

describe('inlineParams leaves string literals alone (the old regex rewrote them)', () => {
  it('replaces only real parameters', () => {
    expect(inlineParams(`SELECT '$run', $run`, { run: 'r' })).toBe(`SELECT '$run', 'r'`);
  });
});
