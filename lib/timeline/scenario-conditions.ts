import { z } from 'zod';
import {
  buildDesign,
  CLAIM_COLUMNS,
  COMMIT_CONDITIONS,
  conditionSchemas,
  type ClaimColumn,
  type ClaimCondition,
  type LeaseDesign,
  type RunCondition,
} from '@/lib/lease';
import type { Scenario, ScenarioConditions } from './types';

/*
 * A scenario's own claim, renew and finish conditions, picked from the rulebook's catalogue
 * (lib/lease/catalogue.ts, each kind's schema its own): their schema (for share links and saved scenarios) and the design
 * they make from the scenario's base design.
 */

const once = <T>(list: readonly T[]) =>
  new Set(list.map((x) => JSON.stringify(x))).size === list.length;

/** One claim condition (ClaimCondition), as a link may carry it: each claim kind's own schema. */
const claimConditionSchema = z.union(conditionSchemas('claim'));

/** One catalogue condition, as a link may carry it. */
const conditionSchema = z.union([z.enum(COMMIT_CONDITIONS), ...conditionSchemas('commit')]);

const listSchema = z.array(conditionSchema).max(8).refine(once, 'a condition is listed once');

// A claim that checks nothing would take a held run, and its words would say it trusted a read.
const claimListSchema = z
  .array(claimConditionSchema)
  .min(1, 'a claim checks at least one condition')
  .max(8)
  .refine(once, 'a condition is listed once');

/**
 * Why a list of conditions cannot be a statement's (an empty fingerprint, a condition twice),
 * in a sentence; null when it can. The same schema a share link passes.
 */
export function conditionListProblem(
  list: readonly RunCondition[],
  statement: 'claim' | 'renew' | 'finish' = 'finish',
): string | null {
  const parsed = (statement === 'claim' ? claimListSchema : listSchema).safeParse(list);
  if (parsed.success) return null;
  const message = parsed.error.issues[0]?.message ?? 'not a list of conditions';
  return `${message.charAt(0).toUpperCase()}${message.slice(1)}.`;
}

/** The schema of a scenario's `conditions`. */
export const scenarioConditionsSchema = z.object({
  claim: claimListSchema.optional(),
  renew: listSchema.optional(),
  finish: listSchema.optional(),
});

/** The claim columns a scenario's rescuer compares, so its design's claim must record them. */
export function rescueTracked(scenario: Pick<Scenario, 'events'>): ClaimColumn[] {
  const compared = new Set(
    scenario.events.flatMap((e) => (e.kind === 'rescue' && e.compare) || []),
  );
  return CLAIM_COLUMNS.filter((c) => compared.has(c));
}

/**
 * The design a scenario runs: its base design, with the claim, renew and finish conditions the
 * scenario gives in place of the base's, and recording the claim columns its rescuer compares
 * (`track`). Its id names the base, the conditions and those columns, so two scenarios with the
 * same picks share one design (and one template database).
 */
export function designWithConditions(
  base: LeaseDesign,
  conditions: ScenarioConditions | undefined,
  track: readonly ClaimColumn[] = [],
): LeaseDesign {
  if (!base.rules) return base;
  const own = conditions && (conditions.claim || conditions.renew || conditions.finish);
  const more = track.filter((c) => !(base.rules?.track ?? []).includes(c));
  if (!own && more.length === 0) return base;
  const rules = {
    ...base.rules,
    ...(conditions?.claim ? { claimConditions: conditions.claim } : {}),
    ...(conditions?.renew ? { renew: conditions.renew } : {}),
    ...(conditions?.finish ? { finish: conditions.finish } : {}),
    ...(more.length ? { track: [...(base.rules.track ?? []), ...more] } : {}),
  };
  return buildDesign(
    {
      id: `${base.id}+${JSON.stringify(own ? conditions : {})}${more.length ? `+track:${more.join(',')}` : ''}`,
      name: own ? `${base.name}, with my conditions` : base.name,
      summary: base.summary,
    },
    rules,
  );
}

/**
 * The scenario with `list` as its own conditions for `statement` (replacing the design's for
 * that statement), or, given undefined, with the design's own again; a scenario left with no
 * list of its own carries no `conditions` at all, as a link made before issue 26 does. A claim
 * takes only claim conditions.
 */
export function withConditions(
  scenario: Scenario,
  statement: 'claim',
  list: readonly ClaimCondition[] | undefined,
): Scenario;
export function withConditions(
  scenario: Scenario,
  statement: 'renew' | 'finish',
  list: readonly RunCondition[] | undefined,
): Scenario;
export function withConditions(
  scenario: Scenario,
  statement: keyof ScenarioConditions,
  list: undefined,
): Scenario;
export function withConditions(
  scenario: Scenario,
  statement: keyof ScenarioConditions,
  list: readonly RunCondition[] | undefined,
): Scenario {
  const { [statement]: _replaced, ...others } = scenario.conditions ?? {};
  const conditions: ScenarioConditions = list ? { ...others, [statement]: list } : others;
  const { conditions: _all, ...rest } = scenario;
  return Object.keys(conditions).length > 0 ? { ...rest, conditions } : rest;
}
