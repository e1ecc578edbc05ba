import type { OutcomeKind } from '@/lib/lease/outcome';
import type { WriteEffect } from './types';

/**
 * A timeline write in the four outcomes (lib/lease/outcome.ts): the database's view, and the
 * caller's, which is unknown when the acknowledgement was lost.
 */
export function outcomeOfEffect(effect: WriteEffect): {
  database: Exclude<OutcomeKind, 'unknown'>;
  caller: OutcomeKind;
} {
  const database =
    effect.reason === 'duplicate'
      ? 'duplicate'
      : effect.verdict === 'accept'
        ? 'applied'
        : 'refused';
  return { database, caller: effect.ackLost ? 'unknown' : database };
}
