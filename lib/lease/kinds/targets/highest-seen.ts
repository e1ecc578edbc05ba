import type { CheckResult, CheckValue, Vocabulary, WriteDecision } from '@/lib/lease/decision';
import { presentsFingerprint, targetName, tokenName, tokenText } from '@/lib/lease/explain-words';
import {
  checkResult,
  keyCheck,
  keySeenSql,
  type FencePosition,
  type Registration,
  type KindObject,
} from './unit';

/** The kind's id (its encoding in settings and share links). */
export type HighestSeenId = typeof ID;
const ID = 'highest-seen';

/** What a highest-seen resource compares: the generation, (generation, batch) in order, or (broken) their sum. */
export type FenceOrder = 'generation' | 'generation-batch' | 'summed';

/**
 * The resource remembers the highest generation it has seen and refuses anything lower. It
 * learns a generation on that generation's first write, or (`registration: 'event'`) from an
 * explicit registration the new holder makes after its claim and before it acts. `order` says
 * what is compared; `key`: it also refuses a repeated idempotency key.
 */
export interface HighestSeenFence {
  kind: typeof ID;
  registration: Registration;
  order: FenceOrder;
  key?: boolean;
}

/** The rule in TypeScript: does a write of (token, batch) stand at or above `seen`? */
function admits(
  fence: HighestSeenFence,
  token: number,
  batch: number,
  seen: FencePosition,
): boolean {
  const g = fence.order === 'summed' ? token + batch : token;
  const b = fence.order === 'generation-batch' ? batch : 0;
  return g > seen.generation || (g === seen.generation && b >= seen.batch);
}

function presented(fence: HighestSeenFence): { generation: string; batch: string } {
  if (fence.order === 'generation-batch') return { generation: '$token', batch: '$batch' };
  if (fence.order === 'summed') return { generation: '$token + $batch', batch: '0' };
  return { generation: '$token', batch: '0' };
}

/**
 * The check with the values compared: the pair in order, the sum (its parts kept, so the words
 * can say what was added), or the generation alone.
 */
function seenCheck(
  fence: HighestSeenFence,
  token: number,
  batch: number,
  seen: FencePosition,
): CheckResult {
  const held = admits(fence, token, batch, seen);
  if (fence.order === 'generation-batch')
    return checkResult(ID, 'at-least', [seen.generation, seen.batch], [token, batch], held);
  if (fence.order === 'summed')
    return checkResult(ID, 'at-least', seen.generation, [token, batch], held);
  return checkResult(ID, 'at-least', seen.generation, token, held);
}

/** What a highest-seen check compared: a token, a pair in order, or (summed) a token plus a batch. */
function position(v: Vocabulary, value: CheckValue, d: WriteDecision, summed = false): string {
  if (Array.isArray(value) && summed)
    return `${tokenName(v)} ${value[0]} + batch ${value[1]} (= ${Number(value[0]) + Number(value[1])})`;
  if (Array.isArray(value)) return `(${tokenName(v)} ${value[0]}, batch ${value[1]})`;
  return tokenText(v, Number(value), presentsFingerprint(d));
}

function fact(c: CheckResult, d: WriteDecision, v: Vocabulary): string {
  const target = targetName(v, d.target.id);
  const summed = Array.isArray(c.actual) && !Array.isArray(c.expected);
  const shown = position(v, c.actual, d, summed);
  const seen = summed ? `the sum ${c.expected}` : position(v, c.expected, d);
  if (!c.held) return `${target} has seen ${seen}, higher than ${d.writer}'s ${shown}`;
  return Number(Array.isArray(c.expected) ? c.expected[0] : c.expected) === 0
    ? `${target} had seen no ${tokenName(v)} for this run; it now remembers ${d.writer}'s ${shown}`
    : `${d.writer}'s ${shown} is not below the highest ${target} had seen, ${seen}`;
}

export const HIGHEST_SEEN = {
  id: ID,
  label: 'Highest token seen',
  labelNaming: (token: string) => `Highest ${token} seen`,
  setting: () => ({ kind: ID }),
  comparesToken: true,
  comparesKey: false,
  keepsGenerations: true,
  fenceOf: (_s, registration) => ({ kind: ID, registration, order: 'generation' }),
  /** A highest-seen fence of the rulebook's designs and stores (the report store, the publisher). */
  fence: (f: Omit<HighestSeenFence, 'kind'>): HighestSeenFence => ({ kind: ID, ...f }),
  rules: {
    admitSql(fence, resource) {
      const { generation, batch } = presented(fence);
      const newer = `NOT EXISTS (SELECT 1 FROM resource_fences f WHERE f.run_id = $run AND f.resource = ${resource}
      AND (f.fence > ${generation} OR (f.fence = ${generation} AND f.batch > ${batch})))`;
      return fence.key ? `${newer}\n   AND NOT ${keySeenSql(resource)}` : newer;
    },
    presented,
    keepsKey: (fence) => fence.key === true,
    admits,
    comparesToken: () => true,
    registers: (fence) => fence.registration === 'event',
    checks(fence, w): CheckResult[] {
      const checks = [seenCheck(fence, w.token, w.batch, w.seen)];
      if (fence.key && w.key) checks.push(keyCheck('key', w.key.key, w.key.storedBy));
      return checks;
    },
  },
  checkWords: {
    [ID]: {
      label: (_c, v) => `highest ${tokenName(v)} seen`,
      fact,
      rule: (v) =>
        `Highest-seen fencing: the resource remembers the highest ${tokenName(v)} of this run it has seen, from a write or a registration after a claim, and refuses anything lower.`,
    },
  },
  tokenChecks: [ID],
  samples: [{ kind: ID }],
} as const satisfies KindObject<typeof ID, HighestSeenFence>;
