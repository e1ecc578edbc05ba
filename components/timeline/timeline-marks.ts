import { OUTCOME_WORDS } from '@/lib/lease';
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

/** The outcome glyphs: lib/lease's one table (refused is ⊘ everywhere). */
export const OUTCOME_GLYPH = {
  applied: OUTCOME_WORDS.applied.glyph,
  refused: OUTCOME_WORDS.refused.glyph,
  duplicate: OUTCOME_WORDS.duplicate.glyph,
  unknown: OUTCOME_WORDS.unknown.glyph,
} as const;

/** A step view's outcome tone as text colour. */
export const TONE_TEXT = { good: 'text-good', bad: 'text-bad', muted: 'text-muted' } as const;
