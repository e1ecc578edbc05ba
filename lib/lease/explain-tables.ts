import type { OutcomeKind } from './outcome';
import type { PropertyId } from './properties';

/*
 * The one table of each set of words every engine's page shares: the four outcomes (their label,
 * their glyph, their legend entry) and the four safety properties. The timeline, the crash lab,
 * the claim lab and the checker's pages read these; none writes its own.
 */

/** Each outcome as the pages name and draw it. Refused is ⊘ everywhere (✕ is the crash lab's kill). */
export const OUTCOME_WORDS: Readonly<
  Record<OutcomeKind, { label: string; glyph: string; legend: string }>
> = {
  applied: { label: 'applied', glyph: '✓', legend: 'applied' },
  refused: { label: 'refused', glyph: '⊘', legend: 'refused (rows changed)' },
  duplicate: { label: 'duplicate', glyph: '=', legend: 'duplicate' },
  unknown: { label: 'unknown', glyph: '?', legend: 'unknown to the caller' },
};

/** The four safety properties: the rule in full, and the short clause a list of them uses. */
export const PROPERTY_WORDS: Readonly<Record<PropertyId, { rule: string; clause: string }>> = {
  1: {
    rule: 'After a newer claim succeeds, no write of an older generation may land at any protected target.',
    clause: 'no write of an older generation lands after a newer claim',
  },
  2: {
    rule: 'Fence values only grow, and two claims never share a token.',
    clause: 'fences only grow and no two claims share a token',
  },
  3: {
    rule: 'A run in a final state is never claimed again.',
    clause: 'a finished run is never claimed again',
  },
  4: {
    rule: 'At most one finish per run succeeds.',
    clause: 'a run is finished at most once',
  },
};
