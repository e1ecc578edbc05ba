import { describe, expect, it } from 'vitest';
import { G_CLAIMS, GLOBALS, W_CLAIM_NO, W_SEEN, W_TOKEN } from './state-slots';
import { PropertyChecks } from './property-checks';

const PER_HOLDER = W_SEEN + 1;
const LABELS = ['A', 'B', 'C'];

/** A search state where each holder has claimed generation `gens[i]` with token `tokens[i]`. */
function stateWith(tokens: number[], gens: number[]): Float64Array {
  const state = new Float64Array(GLOBALS + LABELS.length * PER_HOLDER);
  state[G_CLAIMS] = Math.max(...gens);
  LABELS.forEach((_, i) => {
    state[GLOBALS + i * PER_HOLDER + W_TOKEN] = tokens[i];
    state[GLOBALS + i * PER_HOLDER + W_CLAIM_NO] = gens[i];
  });
  return state;
}

describe('PropertyChecks', () => {
  it('names the other holder of a shared token, skipping holders that never claimed', () => {
    // C never claimed (generation 0) but its token slot says 2: it must not be named.
    const checks = new PropertyChecks(stateWith([2, 1, 2], [1, 2, 0]), PER_HOLDER, LABELS);
    expect(checks.sharedToken(1, 1, 4)).toBeNull();
    expect(checks.sharedToken(0, 2, 5)).toBeNull();
    const shared = new PropertyChecks(stateWith([2, 2, 2], [1, 2, 0]), PER_HOLDER, LABELS);
    expect(shared.sharedToken(1, 2, 6)).toMatchObject({
      property: 2,
      kind: 'shared-token',
      atStep: 6,
      message: 'Two claims hold the same fence 2: A and B.',
    });
  });

  it('reports a write of an older generation as stale, and a current one as fine', () => {
    const checks = new PropertyChecks(stateWith([1, 2, 0], [1, 2, 0]), PER_HOLDER, LABELS);
    expect(checks.staleWrite(1, 'run row', 'finish', 3)).toBeNull();
    expect(checks.staleWrite(0, 'run row', 'finish', 3)).toMatchObject({
      property: 1,
      kind: 'stale-write',
    });
  });
});
