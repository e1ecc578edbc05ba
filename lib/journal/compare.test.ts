import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareVersions } from './compare';

describe('comparing two versions', () => {
  it('marks the changed words and counts characters', () => {
    const result = compareVersions('the old worker writes', 'the new worker is fenced');
    expect(result.detail).toBe('words');
    expect(result.parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toContain(
      'old',
    );
    expect(result.parts.filter((p) => p.kind === 'added').map((p) => p.text.trim())).toContain(
      'new',
    );
    expect(result.added).toBeGreaterThan(0);
    expect(result.removed).toBeGreaterThan(0);
  });

  it('always rebuilds both texts from its parts', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        const { parts } = compareVersions(before, after);
        expect(
          parts
            .filter((p) => p.kind !== 'added')
            .map((p) => p.text)
            .join(''),
        ).toBe(before);
        expect(
          parts
            .filter((p) => p.kind !== 'removed')
            .map((p) => p.text)
            .join(''),
        ).toBe(after);
      }),
      { numRuns: 200 },
    );
  });

  it('reports no change for equal texts', () => {
    expect(compareVersions('same text', 'same text')).toMatchObject({ added: 0, removed: 0 });
  });
});
