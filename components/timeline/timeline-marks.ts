import type { WriteEffect } from '@/lib/timeline';

/**
 * How the drawing marks things: one place for the marks and for the legend that explains them,
 * so the two cannot drift apart. A write's fill says what it did to the run (markTone); the
 * glyph under it is the outcome the writer learned.
 */
export const TONE_COLOR = {
  broke: 'var(--bad)',
  applied: 'var(--good)',
  'held-back': 'var(--muted)',
} as const;

/** The glyph under a revealed write: its outcome as the writer learned it. */
export function outcomeGlyph(effect: Pick<WriteEffect, 'outcome' | 'rowsChanged'>): string {
  if (effect.outcome === 'applied') return OUTCOME_GLYPH.applied;
  if (effect.outcome === 'duplicate') return OUTCOME_GLYPH.duplicate;
  if (effect.outcome === 'unknown') return OUTCOME_GLYPH.unknown;
  return `${OUTCOME_GLYPH.refused} ${effect.rowsChanged}`;
}

export const OUTCOME_GLYPH = { applied: '✓', refused: '✗', duplicate: '=', unknown: '?' } as const;
