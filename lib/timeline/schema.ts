import { z } from 'zod';
import { scenarioConditionsSchema } from './scenario-conditions';
import { MAX_ACCEPTORS, OUTCOME_KINDS, RESCUE_FIELDS, VERSIONED } from '@/lib/lease';
import { FINGERPRINT_FORMER_NAMES, FINGERPRINT_KINDS } from '@/lib/lease/replicated-fence';
import { GATEWAY_CHECK_KINDS, TARGET_CHECK_KIND_LIST } from '@/lib/lease/target-checks';
import { checkFitsTarget, TARGET_FORMS } from './target-list';
import { laneOfTarget } from './lanes';
import { scenarioTextSchema } from './scenario-text';
import type { Scenario } from './types';

/** Limits that keep a shared or stored scenario small and readable. */
export const SCENARIO_LIMITS = {
  workers: 5,
  events: 60,
  seconds: 3600,
  text: 200,
  targetChecks: 12,
} as const;

/**
 * A whole number within [min, max]. The bounds are checked before "whole", so a huge number is
 * refused with the scenario's own limit, not the safe-integer bound zod's int() would quote.
 */
function wholeNumber(min: number, max: number) {
  return z
    .number()
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`)
    .int('must be a whole number');
}

const name = z.string().regex(/^[A-Za-z0-9_.:-]{1,40}$/, 'use 1 to 40 letters, digits, or _ . : -');
const text = z.string().max(SCENARIO_LIMITS.text, `at most ${SCENARIO_LIMITS.text} characters`);
const worker = z.string().regex(/^[A-Z]$/, 'a worker is one capital letter (A, B, C)');
/** An expected outcome; links made before the four outcomes say accept / reject. */
export const outcomeSchema = z.preprocess(
  (v) => (v === 'accept' ? 'applied' : v === 'reject' ? 'refused' : v),
  z.enum(OUTCOME_KINDS),
);
/** What a holder presents; a link made before a fingerprint's rename names it the old way. */
const fingerprintSchema = z.preprocess(
  (v) =>
    typeof v === 'string' && Object.hasOwn(FINGERPRINT_FORMER_NAMES, v)
      ? FINGERPRINT_FORMER_NAMES[v]
      : v,
  z.enum(FINGERPRINT_KINDS),
);
const base = { id: name, note: text.optional() };
const writeBase = { ...base, expect: outcomeSchema.optional(), ackLost: z.boolean().optional() };
const reach = z.array(z.number().int().min(1).max(MAX_ACCEPTORS)).max(MAX_ACCEPTORS).optional();

const event = z.discriminatedUnion('kind', [
  z.object({ ...writeBase, kind: z.literal('claim'), worker }),
  z.object({ ...writeBase, kind: z.literal('renew'), worker }),
  z.object({ ...writeBase, kind: z.literal('finish'), worker }),
  z.object({ ...writeBase, kind: z.literal('cancel') }),
  z.object({ ...writeBase, kind: z.literal('draft'), worker, opId: name, body: text.optional() }),
  z.object({ ...writeBase, kind: z.literal('object-put'), worker, body: text.optional() }),
  z.object({ ...writeBase, kind: z.literal('object-commit'), worker, opId: name }),
  z.object({ ...writeBase, kind: z.literal('ticket'), worker, key: name, action: name }),
  z.object({
    ...writeBase,
    kind: z.literal('gateway-write'),
    worker,
    resource: name,
    body: text.optional(),
    key: name.optional(),
    reach,
  }),
  z.object({ ...base, kind: z.literal('claim-read'), worker }),
  z.object({ ...base, kind: z.literal('report-check'), worker }),
  z.object({ ...writeBase, kind: z.literal('report-write'), worker }),
  z.object({ ...writeBase, kind: z.literal('gateway-send'), worker }),
  z.object({ ...base, kind: z.literal('register'), worker, resource: name.optional(), reach }),
  z.object({ ...base, kind: z.literal('cancel-complete') }),
  z.object({ ...base, kind: z.literal('pause'), worker }),
  z.object({ ...base, kind: z.literal('resume'), worker }),
  z.object({ ...base, kind: z.literal('rescue-read') }),
  z.object({ ...base, kind: z.literal('long-transaction'), worker }),
  z.object({
    ...writeBase,
    kind: z.literal('rescue'),
    compare: z
      .array(z.enum(RESCUE_FIELDS))
      .max(RESCUE_FIELDS.length)
      .refine((c) => new Set(c).size === c.length, 'a column is compared once')
      .optional(),
  }),
  z.object({
    ...base,
    kind: z.literal('advance'),
    seconds: wholeNumber(1, SCENARIO_LIMITS.seconds),
  }),
]);

/** The zod schema of a Scenario: structure, limits, and references between its parts. */
export const ScenarioSchema = z
  .object({
    version: z.literal(1),
    id: name,
    title: z.string().min(1, 'a title is needed').max(120),
    explanation: scenarioTextSchema('explanation').optional(),
    notes: scenarioTextSchema('notes').optional(),
    design: name.optional(),
    conditions: scenarioConditionsSchema.optional(),
    firstToken: z.number().int().min(1).max(1_000_000).optional(),
    terms: z
      .object({
        token: scenarioTextSchema('tokenName').optional(),
        holders: z.record(worker, text).optional(),
        resource: text.optional(),
      })
      .optional(),
    leaseSeconds: wholeNumber(1, SCENARIO_LIMITS.seconds),
    timeSource: z.enum(['database', 'worker', 'transaction', 'application']).optional(),
    workers: z
      .array(
        z.object({
          id: worker,
          clockOffset: wholeNumber(-SCENARIO_LIMITS.seconds, SCENARIO_LIMITS.seconds).optional(),
          restartOf: worker.optional(),
        }),
      )
      .min(1, 'at least one worker')
      .max(SCENARIO_LIMITS.workers, `at most ${SCENARIO_LIMITS.workers} workers`),
    targets: z.object({
      objectStore: z.enum(['overwrite', VERSIONED.id]),
      gateway: z.enum(['at-takeover', 'first-write']),
      gatewayCheck: z
        .object({
          kind: z.enum(GATEWAY_CHECK_KINDS),
          acceptors: z.number().int().min(1).max(MAX_ACCEPTORS).optional(),
        })
        .optional(),
      fingerprint: fingerprintSchema.optional(),
      checks: z
        .array(
          z.object({
            target: z.string().max(60),
            check: z.object({
              kind: z.enum(TARGET_CHECK_KIND_LIST),
              acceptors: z.number().int().min(1).max(MAX_ACCEPTORS).optional(),
            }),
          }),
        )
        .max(
          SCENARIO_LIMITS.targetChecks,
          `at most ${SCENARIO_LIMITS.targetChecks} checks chosen target by target`,
        )
        .optional(),
    }),
    events: z.array(event).max(SCENARIO_LIMITS.events, `at most ${SCENARIO_LIMITS.events} events`),
  })
  .superRefine((scenario, ctx) => {
    const workerIds = new Set<string>();
    scenario.workers.forEach((w, i) => {
      if (workerIds.has(w.id))
        ctx.addIssue({
          code: 'custom',
          path: ['workers', i, 'id'],
          message: `worker ${w.id} is listed twice`,
        });
      workerIds.add(w.id);
    });
    scenario.workers.forEach((w, i) => {
      if (w.restartOf === undefined) return;
      const original = scenario.workers.find((o) => o.id === w.restartOf);
      if (!original || original === w || original.restartOf !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['workers', i, 'restartOf'],
          message: `worker ${w.id} restarts ${w.restartOf}, which is not another original worker of the scenario`,
        });
    });
    const checked = new Set<string>();
    scenario.targets.checks?.forEach((c, i) => {
      const problem =
        laneOfTarget(c.target) === null
          ? `${c.target} is not a target (${TARGET_FORMS.slice(0, -1).join(', ')}, or ${TARGET_FORMS[TARGET_FORMS.length - 1]})`
          : checked.has(c.target)
            ? `${c.target} has its check chosen twice`
            : !checkFitsTarget(c.target, c.check)
              ? `${c.target} cannot make the check ${c.check.kind}${c.check.acceptors !== undefined ? ` of ${c.check.acceptors}` : ''}`
              : null;
      if (problem)
        ctx.addIssue({ code: 'custom', path: ['targets', 'checks', i], message: problem });
      checked.add(c.target);
    });
    const eventIds = new Set<string>();
    scenario.events.forEach((e, i) => {
      if (eventIds.has(e.id))
        ctx.addIssue({
          code: 'custom',
          path: ['events', i, 'id'],
          message: `event id ${e.id} is used twice`,
        });
      eventIds.add(e.id);
      if ('worker' in e && !workerIds.has(e.worker)) {
        ctx.addIssue({
          code: 'custom',
          path: ['events', i, 'worker'],
          message: `event ${e.id} names worker ${e.worker}, who is not in the scenario`,
        });
      }
    });
  }) satisfies z.ZodType<Scenario>;

export type ParseResult = { ok: true; scenario: Scenario } | { ok: false; message: string };

/** Validates unknown data as a Scenario, with one readable message when it is not one. */
export function parseScenario(data: unknown): ParseResult {
  const result = ScenarioSchema.safeParse(data);
  if (result.success) return { ok: true, scenario: result.data as Scenario };
  const issue = result.error.issues[0];
  const where = issue.path.length ? ` at ${issue.path.join('.')}` : '';
  return { ok: false, message: `This is not a valid scenario${where}: ${issue.message}.` };
}

/**
 * A library scenario as the learner's own copy to edit: every field a scenario has (its token's
 * name and holders' names, first token, time source, notes) kept, the library's own text (its
 * explanation, number and takeaway) left out, as they no longer describe an edited copy.
 */
export function editableCopy(scenario: Scenario): Scenario {
  const { explanation: _libraryText, ...rest } = scenario;
  // The schema keeps a scenario's fields and drops a library entry's own (number, takeaway).
  const copy = ScenarioSchema.safeParse({
    ...rest,
    id: `my-${scenario.id}`.slice(0, 40),
    title: `My version of: ${scenario.title}`.slice(0, 120),
  });
  if (!copy.success) throw new Error(`Not a valid scenario to copy: ${copy.error.message}`);
  return copy.data as Scenario;
}
