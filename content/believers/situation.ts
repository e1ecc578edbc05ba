import { TARGET_TOKEN_CHECKS, type OutcomeKind } from '@/lib/lease';
import {
  isWriteEvent,
  type Scenario,
  type TimelineEngine,
  type TimelineSnapshot,
  type Trace,
  type WriteEventKind,
} from '@/lib/timeline';

/*
 * Test support for the scripted-believer suite (believers.test.ts): what a learner can know about
 * each write of an exercise before it happens, read from the real engine's state just before the
 * write. A belief is a rule over these facts; it never sees the write's verdict, except where a
 * learner with no misconception would (`truth`, the answer of everything a belief does not touch).
 */

/** Checks that compare a token (or a version standing in for one) at a target or in the worker. */
const TOKEN_CHECKS: ReadonlySet<string> = new Set([
  'fence',
  'version',
  'worker-check',
  ...TARGET_TOKEN_CHECKS,
]);

/** One write of an exercise as its situation shows it. */
export interface WriteSituation {
  eventId: string;
  kind: WriteEventKind;
  writer: string | null;
  /** The run row holds a newer token than the writer's (a later claim, or a cancel). */
  superseded: boolean;
  /** By database time, the writer's lease had run out when it wrote. */
  leaseExpired: boolean;
  /** The write carries the writer's token. */
  carriesToken: boolean;
  /** Something on the write's way compares tokens (the target, or the writer itself). */
  tokenChecked: boolean;
  /** The write names its action by a key (idempotency key or operation id): done before or not. */
  key: { repeated: boolean } | null;
  /** The engine's outcome: what a learner with no misconception predicts. */
  truth: OutcomeKind;
}

function keyOf(event: Scenario['events'][number], before: TimelineSnapshot): WriteSituation['key'] {
  if (event.kind === 'ticket')
    return { repeated: before.targets.tickets.some((t) => t.key === event.key) };
  if (event.kind === 'draft') return { repeated: before.targets.draft?.opId === event.opId };
  return null;
}

/** Every write of a trace with what its situation shows. */
export function situations(trace: Trace): WriteSituation[] {
  const out: WriteSituation[] = [];
  trace.steps.forEach((step, index) => {
    const event = step.event;
    if (!isWriteEvent(event)) return;
    const effect = trace.writes.find((w) => w.eventId === event.id);
    if (!effect) throw new Error(`no write effect for ${event.id}`);
    const before = index === 0 ? trace.initial : trace.steps[index - 1].after;
    const writer = 'worker' in event ? event.worker : null;
    const view = before.workers.find((w) => w.id === writer);
    const held = view !== undefined && view.token > 0;
    const checkedItself = trace.steps
      .slice(0, index)
      .some((s) => s.event.kind === 'report-check' && s.event.worker === writer);
    out.push({
      eventId: event.id,
      kind: event.kind,
      writer,
      superseded: held && before.run.fence !== view.token,
      leaseExpired: held && before.now >= view.believedLeaseUntil,
      carriesToken: effect.token !== null,
      tokenChecked:
        checkedItself || effect.decision.checks.some((check) => TOKEN_CHECKS.has(check.name)),
      key: keyOf(event, before),
      truth: effect.outcome,
    });
  });
  return out;
}

/** Runs a scenario on the real engine and reads every write's situation. */
export function scenarioSituations(engine: TimelineEngine, scenario: Scenario): WriteSituation[] {
  return situations(engine.run(scenario));
}
