import type { z } from 'zod';
import { asReadKind, type AsReadCondition } from './as-read';
import { attemptKind, type AttemptCondition } from './attempt';
import { claimableKind, type ClaimableCondition } from './claimable';
import { fingerprintKind, type FingerprintCondition } from './fingerprint';
import type { ConditionKind, ConditionPlace, ConditionRandom } from './kind';
import { leaseExpiredKind, type LeaseExpiredCondition } from './lease-expired';
import { statusInKind, type StatusInCondition } from './status-in';

/*
 * The registry of condition kinds: each kind is one object (kind.ts), and this list is the only
 * place that names them all. The catalogue's SQL, checks and schema, the pickers' menus, the
 * explainer's words for their checks and the property tests' random picks all read it. Adding a
 * kind is a new file beside these and one line in this list (docs/architecture.md).
 */

/** A catalogue entry beyond the lesson's four named fragments. */
export type CatalogueEntry =
  | ClaimableCondition
  | LeaseExpiredCondition
  | StatusInCondition
  | AsReadCondition
  | AttemptCondition
  | FingerprintCondition;

/** The entries a claim may pick: it holds no token or claim yet, so it compares status, lease and its own read. */
export type ClaimCondition =
  ClaimableCondition | LeaseExpiredCondition | StatusInCondition | AsReadCondition;

/** Every condition kind, in the pickers' order. */
export const CONDITION_KINDS = [
  claimableKind,
  leaseExpiredKind,
  statusInKind,
  asReadKind,
  attemptKind,
  fingerprintKind,
] as const;

/** The checks the condition kinds record (their own names, or the named fragments'). */
export type ConditionCheckName = (typeof CONDITION_KINDS)[number]['check'];

/** A kind as the dispatchers use it: each method takes the entry it was looked up by. */
type AnyKind = ConditionKind<CatalogueEntry>;

const BY_ID = new Map<string, AnyKind>(CONDITION_KINDS.map((k) => [k.id, k as unknown as AnyKind]));

/** The kind of a catalogue entry. */
export function kindOf(c: CatalogueEntry): AnyKind {
  const kind = BY_ID.get(c.kind);
  if (!kind) throw new Error(`No condition kind ${JSON.stringify(c.kind)}.`);
  return kind;
}

/** The kinds that may stand in a place (a claim's list, or a renew's or finish's), in order. */
export function kindsIn(place: ConditionPlace): AnyKind[] {
  return CONDITION_KINDS.map((k) => k as unknown as AnyKind).filter((k) => k.schema[place]);
}

type Schemas<C> = [z.ZodType<C>, ...z.ZodType<C>[]];

/** Each kind's schema for a place, in the registry's order (a link's and a saved scenario's). */
export function conditionSchemas(place: 'claim'): Schemas<ClaimCondition>;
export function conditionSchemas(place: 'commit'): Schemas<CatalogueEntry>;
export function conditionSchemas(place: ConditionPlace): Schemas<CatalogueEntry> {
  const schemas = kindsIn(place).map((k) => k.schema[place]!);
  return [schemas[0], ...schemas.slice(1)];
}

/** Each kind's random pick for a place, with its weight (the property tests draw from these). */
export function conditionDraws(
  place: ConditionPlace,
): { weight: number; draw: (r: ConditionRandom) => CatalogueEntry }[] {
  return kindsIn(place).flatMap((k) => k.random[place] ?? []);
}

/** The rule text of each check a kind records under its own name (the truth test's oracle reads them). */
export function conditionCheckRules(): { check: string; rule: string }[] {
  return CONDITION_KINDS.flatMap((k) => (k.words ? [{ check: k.check, rule: k.words.rule }] : []));
}

/** The kind that records a check under its own name (a value as read, the attempt, …), if any. */
export function kindOfCheck(name: string): AnyKind | undefined {
  const kind = BY_ID.get(name);
  return kind?.words ? kind : undefined;
}

export type {
  ConditionEditor,
  ConditionKind,
  ConditionPlace,
  ConditionRandom,
  PickedStatement,
  WordKit,
} from './kind';
export type {
  AsReadCondition,
  AttemptCondition,
  ClaimableCondition,
  FingerprintCondition,
  LeaseExpiredCondition,
  StatusInCondition,
};
export { asRead } from './as-read';
export { ATTEMPT } from './attempt';
export { CLAIMABLE } from './claimable';
export { fingerprint } from './fingerprint';
export { statusIn } from './status-in';
