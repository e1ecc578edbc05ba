import {
  claimConditionsOf,
  conditionCheckName,
  orderedConditions,
  RESCUER,
  type RunCondition,
  type CheckName,
  type CommitCondition,
  type LeaseDesign,
  type ResourceFence,
} from '@/lib/lease';
import { gatewayTarget, OBJECT_STORE, TICKET_API } from './lanes';
import { timelineTarget } from './target-list';
import type {
  Scenario,
  TimelineSnapshot,
  Trace,
  TraceStep,
  WorkerView,
  WriteEffect,
  WriteEvent,
} from './types';
import { DATABASE_WRITE_KINDS } from './types';

/*
 * The truth test's side of a write (test support, not shipped to the page): what the trace's
 * state says at that step, worked out from the scenario and the snapshots alone, never from the
 * decision the engine built. lib/timeline/truth.ts holds the learner's words against it.
 */

/** Who holds the run, from the applied claims and cancels the trace shows so far. */
export interface HeldBy {
  holder: string | null;
  token: number;
}

/** Everything the truth test knows about one write, from the trace's state at its step. */
export interface WriteAtStep {
  scenario: Scenario;
  design: LeaseDesign;
  event: WriteEvent;
  effect: WriteEffect;
  step: TraceStep;
  before: TimelineSnapshot;
  after: TimelineSnapshot;
  /** The owner name the write goes out under ('the user' for a cancel). */
  writer: string;
  /** The writer's lane before the write (null for a cancel). */
  lane: WorkerView | null;
  /** Who held the run when the write was made. */
  held: HeldBy;
  /** The time the target's statement judged the lease by. */
  now: number;
  /** The checks this target runs, from the scenario's settings and the design's rules. */
  ran: ReadonlySet<CheckName>;
  /** Every token value the state holds at this step (the row's, the lanes', the resources'). */
  tokens: ReadonlySet<number>;
  /** The run row as the rescuer last read it, and when (its re-queue compares against this). */
  read: { run: TimelineSnapshot['run']; at: number } | null;
}

/** The checks a resource fence runs (fence.ts's kinds). */
function fenceChecks(fence: ResourceFence): CheckName[] {
  switch (fence.kind) {
    case 'highest-seen':
      return fence.key ? ['highest-seen', 'key'] : ['highest-seen'];
    case 'run-row':
      return [...fence.conditions];
    case 'key-only':
      return ['key'];
    case 'versioned':
    case 'none':
      return [];
  }
}

const ALL_CONDITIONS: readonly CommitCondition[] = ['owner', 'fence', 'lease', 'status'];

/** The checks a run-row statement records for its conditions (all four when unknown). */
function conditionNames(conditions: readonly RunCondition[] | undefined): CheckName[] {
  return orderedConditions(conditions ?? ALL_CONDITIONS).map(conditionCheckName);
}

/**
 * The run-row conditions a write's statement checks, from the design's rules (its own, or the
 * scenario's picks): a claim's, a renew's, a finish's, an output's; none for other writes.
 */
export function statementConditions(
  design: LeaseDesign,
  event: WriteEvent,
): readonly RunCondition[] {
  const rules = design.rules;
  if (!rules) return [];
  switch (event.kind) {
    case 'claim':
      return claimConditionsOf(rules);
    case 'renew':
    case 'finish':
      return rules[event.kind];
    case 'draft':
    case 'object-commit':
      return rules.output;
    default:
      return [];
  }
}

/** The checks the target of `event` runs, as the scenario and the design set it up. */
export function checksRun(scenario: Scenario, design: LeaseDesign, event: WriteEvent): CheckName[] {
  const rules = design.rules;
  const targets = rules?.targets;
  // A registration at a replicated resource: its acceptors' promises, or nothing sent.
  if ((event as { kind: string }).kind === 'register') return ['highest-seen', 'quorum', 'claimed'];
  switch (event.kind) {
    case 'claim':
      return rules
        ? orderedConditions(claimConditionsOf(rules)).map(conditionCheckName)
        : ['claimable'];
    case 'renew':
    case 'finish':
      return conditionNames(rules?.[event.kind]);
    case 'draft':
      return [...conditionNames(rules?.output), 'operation'];
    case 'object-commit':
      return [...conditionNames(rules?.output), 'operation', 'version'];
    case 'cancel':
      return ['status'];
    case 'object-put': {
      const fence = timelineTarget(scenario.targets, OBJECT_STORE.id).fence;
      return fence ? fenceChecks(fence) : [];
    }
    case 'ticket': {
      const fence = timelineTarget(scenario.targets, TICKET_API.id).fence;
      return fence ? fenceChecks(fence) : [];
    }
    case 'gateway-write': {
      const fence = timelineTarget(scenario.targets, gatewayTarget(event.resource)).fence;
      return fence ? fenceChecks(fence) : ['highest-seen', 'quorum'];
    }
    case 'report-write':
      return [
        ...fenceChecks(targets?.report ?? { kind: 'none' }),
        ...(targets?.workerCheck ? ['worker-check' as const] : []),
      ];
    case 'gateway-send':
      return fenceChecks(targets?.gateway ?? { kind: 'none' });
    case 'rescue':
      return ['stuck', ...(event.compare?.length ? ['as-read' as const] : [])];
  }
}

/** Writes whose statement reads the lease clock (and commits an open transaction). */
const DATABASE_WRITES: readonly string[] = DATABASE_WRITE_KINDS;

/**
 * The time a write's statement judged the lease by, from the scenario's settings and the lane
 * alone: the transaction's start (transaction clock, `began`: when the lane's open transaction
 * began), the lane's own clock (worker clock, commits only; application clock, every statement)
 * or the step's time.
 */
function statementTime(
  scenario: Scenario,
  event: WriteEvent,
  lane: WorkerView | null,
  at: number,
  began: number | undefined,
): number {
  if (!lane || !DATABASE_WRITES.includes(event.kind)) return at;
  if (scenario.timeSource === 'transaction') return began ?? at;
  if (scenario.timeSource === 'application') return lane.clock;
  return scenario.timeSource === 'worker' && event.kind !== 'claim' ? lane.clock : at;
}

function tokensOf(s: TimelineSnapshot): number[] {
  return [
    s.run.fence,
    ...s.workers.map((w) => w.token),
    ...Object.values(s.targets.gatewayHighest),
    ...Object.values(s.targets.gatewayPromises ?? {}).flat(),
    ...s.targets.gatewayWrites.map((w) => w.token),
  ];
}

/** Every write of a trace with the state at its step, in order. */
export function writesAtSteps(
  scenario: Scenario,
  design: LeaseDesign,
  trace: Trace,
): WriteAtStep[] {
  const out: WriteAtStep[] = [];
  let held: HeldBy = { holder: null, token: 0 };
  // A holder's own check may have read the row at an earlier step: every fence the row had counts.
  const rowFences = new Set<number>([trace.initial.run.fence]);
  let read: WriteAtStep['read'] = null;
  // When each lane's open transaction began, from the long-transaction events it was not paused at.
  const began = new Map<string, number>();
  trace.steps.forEach((step, i) => {
    const before = i === 0 ? trace.initial : trace.steps[i - 1].after;
    rowFences.add(step.after.run.fence);
    const opener = step.event.kind === 'long-transaction' ? step.event.worker : null;
    if (opener && !before.workers.find((w) => w.id === opener)?.paused && !began.has(opener))
      began.set(opener, step.at);
    // A read changes nothing: the row it read is the row before (and after) its step.
    if (step.event.kind === 'rescue-read') read = { run: before.run, at: step.at };
    for (const effect of step.effects) {
      if (effect.kind !== 'write') continue;
      const event = step.event as WriteEvent;
      const spec = 'worker' in event ? scenario.workers.find((w) => w.id === event.worker) : null;
      const lane = spec ? (before.workers.find((w) => w.id === spec.id) ?? null) : null;
      const writer = spec
        ? (spec.restartOf ?? spec.id)
        : event.kind === 'rescue'
          ? RESCUER
          : 'the user';
      const paused = lane?.paused === true;
      const txBegan = spec ? began.get(spec.id) : undefined;
      // A database write that was sent runs in the lane's open transaction and commits it.
      if (spec && !paused && DATABASE_WRITES.includes(event.kind)) began.delete(spec.id);
      out.push({
        scenario,
        design,
        event,
        effect,
        step,
        before,
        after: step.after,
        writer,
        lane,
        held,
        now: paused ? step.at : statementTime(scenario, event, lane, step.at, txBegan),
        ran: new Set<CheckName>(paused ? ['paused'] : checksRun(scenario, design, event)),
        tokens: new Set([...tokensOf(before), ...tokensOf(step.after), held.token, ...rowFences]),
        read,
      });
      if (effect.database !== 'applied') continue;
      if (event.kind === 'claim') held = { holder: writer, token: step.after.run.fence };
      if (event.kind === 'cancel') held = { holder: null, token: step.after.run.fence };
    }
  });
  return out;
}

/** What the learner reads about one write. */
export interface Words {
  sentence: string;
  verdict: string;
  rules: readonly string[];
}

/** One kind of claim in the words, held against the state: the disagreements it finds. */
export type Check = (w: WriteAtStep, text: Words, tok: string) => string[];

/** A text as a regular expression that matches it literally. */
export const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
