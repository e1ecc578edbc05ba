import { explainRunRow, type Explained, type OutcomeKind, type Vocabulary } from '@/lib/lease';
import { laneOfEvent } from './lanes';
import type { RunRowView, Scenario, TargetId, TimelineEvent, WriteEffect } from './types';

/**
 * What an event asks for, in words the learner can judge before running (no outcome in it):
 * "A submits (finish)", "Time moves 6 s".
 */
export function describeEvent(event: TimelineEvent, v?: Vocabulary): string {
  switch (event.kind) {
    case 'claim':
      return `${event.worker} claims the run`;
    case 'renew':
      return `${event.worker} renews its lease (heartbeat)`;
    case 'finish':
      return `${event.worker} submits (finish)`;
    case 'cancel':
      return 'The user cancels the run';
    case 'draft':
      return `${event.worker} saves the draft (operation ${event.opId})`;
    case 'object-put':
      return `${event.worker} uploads report.md`;
    case 'object-commit':
      return `${event.worker} makes its report.md official (operation ${event.opId})`;
    case 'ticket':
      return `${event.worker} calls the ticket API: ${event.action} (key ${event.key})`;
    case 'gateway-write':
      return `${event.worker} writes ${event.resource} through the gateway${reachText(event.reach)}${event.key ? ` (key ${event.key})` : ''}`;
    case 'claim-read':
      return `${event.worker} reads the row before claiming (no lock)`;
    case 'report-check':
      return `${event.worker} checks its own token before the report write`;
    case 'report-write':
      return `${event.worker} writes the report reference (downstream store)`;
    case 'gateway-send':
      return `${event.worker} calls the design’s gateway`;
    case 'register':
      return event.resource
        ? `${event.worker} registers its generation at the gateway (${event.resource})${reachText(event.reach)}`
        : `${event.worker} registers its generation at the design’s targets`;
    case 'cancel-complete':
      return 'The cancel is asked to complete (canceling to canceled)';
    case 'pause':
      return `${event.worker} pauses`;
    case 'resume':
      return `${event.worker} resumes`;
    case 'advance':
      return `Time moves ${event.seconds} s`;
    case 'rescue-read':
      return 'The rescuer reads the run row';
    case 'long-transaction':
      return `${event.worker} opens a transaction and holds it open`;
    case 'rescue':
      return `The rescuer re-queues the run${rescueCompared(event.compare, v)}`;
  }
}

/** An event's label in a scenario's own words, before the scenario runs (its token's name). */
export function scenarioEventLabel(scenario: Scenario, event: TimelineEvent): string {
  return describeEvent(event, { token: scenario.terms?.token ?? 'fence', fenced: true });
}

/** " (its write compares owner and status with what it read)", or " (by the run id alone)". */
function rescueCompared(compare: readonly string[] | undefined, v?: Vocabulary): string {
  if (!compare || compare.length === 0) return ' (by the run id alone)';
  // The token in the scenario's words: "comparing attempt", never "fence" where it is called so.
  const token = !v || v.fenced || v.token !== 'fence' ? (v?.token ?? 'fence') : 'token';
  const names = compare.map((f) => (f === 'lease' ? 'lease end' : f === 'fence' ? token : f));
  const listed =
    names.length === 1
      ? names[0]
      : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
  return ` (comparing ${listed} with what it read)`;
}

/** " (it reaches acceptors 1, 2)" for a message to some acceptors of a replicated gateway. */
function reachText(reach: readonly number[] | undefined): string {
  if (!reach) return '';
  return reach.length === 0
    ? ' (it reaches no acceptor)'
    : ` (it reaches acceptor${reach.length > 1 ? 's' : ''} ${reach.join(', ')})`;
}

/** The lane a write event lands on, known before running (lanes/: each lane lists its events). */
export function targetOfEvent(event: TimelineEvent): TargetId | null {
  return laneOfEvent(event)?.id ?? null;
}

/** The four outcomes as the page names them. */
export const OUTCOME_LABELS: Record<OutcomeKind, string> = {
  applied: 'applied',
  refused: 'refused',
  duplicate: 'duplicate',
  unknown: 'unknown',
};

/**
 * "applied, 1 row" / "refused, 0 rows: fence" / "duplicate, 0 rows: already done by A" /
 * "unknown to A; in the database: applied, 1 row": the explainer's verdict line.
 */
export function summarizeVerdict(effect: WriteEffect): string {
  return effect.verdictLine;
}

/**
 * How a write's mark is drawn: `broke` when it broke one of the four properties (the culprit's
 * write, even if it was applied), `applied`, or `held-back` (refused, a duplicate, unknown).
 */
export function markTone(effect: WriteEffect): 'broke' | 'applied' | 'held-back' {
  if (effect.decision.violation) return 'broke';
  return effect.database === 'applied' ? 'applied' : 'held-back';
}

/** The run row after a step, as the trace table shows it (the explainer's words). */
export function runRowLine(run: RunRowView, v: Vocabulary): Explained {
  return explainRunRow(run, v);
}
