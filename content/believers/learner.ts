import type { OutcomeKind } from '@/lib/lease';
import { buildDesign, COMMIT_CONDITIONS, LESSON_RULES, ownerOnlyFinishDesign } from '@/lib/lease';
import type { CommitCondition } from '@/lib/lease';
import type { Scenario, TimelineEngine } from '@/lib/timeline';
import type { WriteFate } from '@/lib/lesson';
import type { LabExercise } from '@/lib/claim-lab';
import type { BeliefId } from '../beliefs';
import { fixOwnerOnlyProgram, renewalProgram } from '../claim-lab/programs';
import type { ChoiceQuestion } from '../lesson/foundations';
import type { Prediction, QuizItem } from '../lesson/types';
import { situations, type WriteSituation } from './situation';

/*
 * Test support for believers.test.ts: how a scripted learner answers each kind of graded
 * exercise. A learner either holds one of the six wrong beliefs or none ('clear'). Each belief
 * is a rule applied to the exercise's situation (the write situations the real engine shows, the
 * belief a quiz statement puts into words, the conditions a lab answer writes); where its rule
 * says nothing, the believer answers like the clear learner.
 */

export type LearnerId = 'clear' | BeliefId;

/**
 * How long a lease must be for the "longer TTL" believer to trust it: a minute or more, longer
 * than the pauses they picture (the quiz's hour, the Chubby case's 72 s of session and lock-delay,
 * Celery's one-hour visibility timeout on Redis).
 */
export const LONG_LEASE_SECONDS = 60;

/** What a believer predicts for one write, by its rule over the write's situation. */
export function predictWrite(learner: LearnerId, w: WriteSituation): OutcomeKind {
  const work = w.kind !== 'claim' && w.kind !== 'cancel';
  switch (learner) {
    case 'expiry-keeps-old-out':
      // The run out lease is taken to stop the worker's writes, wherever they land.
      return work && w.leaseExpired ? 'refused' : w.truth;
    case 'claim-check-is-enough':
      // The claim decided who holds the run; a worker that lost it there cannot write.
      return w.superseded ? 'refused' : w.truth;
    case 'any-token-check-will-do':
      // A stale token that anyone compares is taken to be refused, however late or where.
      return w.superseded && w.carriesToken && w.tokenChecked ? 'refused' : w.truth;
    case 'idempotency-key-is-fencing':
      // A new key is taken to keep a stale worker out; a repeated key is a duplicate (right).
      return w.superseded && w.key !== null && !w.key.repeated ? 'refused' : w.truth;
    case 'zero-rows-means-lost':
      // A write that changes nothing is read as authority lost.
      return w.truth === 'duplicate' ? 'refused' : w.truth;
    case 'longer-ttl-fixes-it':
    case 'clear':
      return w.truth;
  }
}

/**
 * A learner's predictions for every write of a scenario. The "longer TTL" believer pictures a
 * long lease that never runs out: it predicts the run of the same events under such a lease.
 */
export function predictScenario(
  learner: LearnerId,
  engine: TimelineEngine,
  scenario: Scenario,
): Record<string, OutcomeKind> {
  const pictured =
    learner === 'longer-ttl-fixes-it' && scenario.leaseSeconds >= LONG_LEASE_SECONDS
      ? { ...scenario, leaseSeconds: 1_000_000 }
      : scenario;
  return Object.fromEntries(
    situations(engine.run(pictured)).map((w) => [w.eventId, predictWrite(learner, w)]),
  );
}

/** An outcome as a prediction card's choice. */
const FATE: Record<OutcomeKind, WriteFate> = {
  applied: 'applied',
  refused: 'refused',
  duplicate: 'refused',
  unknown: 'refused',
};

/**
 * A learner's answers to a lesson prediction. With a `run`, the rule is applied to the engine's
 * situations; a prediction the engine cannot play (a lock wait) is answered as the clear learner
 * does: none of the six beliefs is about lock waits.
 */
export function predictLesson(
  learner: LearnerId,
  engine: TimelineEngine,
  prediction: Prediction,
): Record<string, WriteFate> {
  if (!prediction.run) return Object.fromEntries(prediction.writes.map((w) => [w.id, w.fate]));
  const scenario: Scenario = {
    version: 1,
    id: prediction.id,
    title: prediction.id,
    ...prediction.run,
  };
  const predicted = predictScenario(learner, engine, scenario);
  return Object.fromEntries(prediction.writes.map((w) => [w.id, FATE[predicted[w.id]]]));
}

/** A learner's first answer to a true-or-false statement. */
export function answerQuiz(learner: LearnerId, item: QuizItem): boolean {
  return learner !== 'clear' && item.states?.includes(learner) ? true : item.truth;
}

/** A learner's first pick in a foundation's choice question: the option its belief states. */
export function answerChoice(learner: LearnerId, question: ChoiceQuestion): string {
  if (learner === 'clear') return question.answer;
  return question.options.find((o) => o.states?.includes(learner))?.id ?? question.answer;
}

/** The commit conditions a learner writes into a finish or a renewal in the claim lab. */
export function commitConditions(learner: LearnerId): readonly CommitCondition[] {
  // Both beliefs leave the token out: the lease, or the claim, is trusted to keep the old out.
  if (learner === 'expiry-keeps-old-out' || learner === 'claim-check-is-enough')
    return ['owner', 'lease', 'status'];
  return COMMIT_CONDITIONS;
}

/** The runs-table statements a learner writes, with its own conditions. */
export function learnerStatements(learner: LearnerId): { finish: string; renew: string } {
  const conditions = commitConditions(learner);
  const design = buildDesign(
    { id: `learner-${learner}`, name: learner, summary: learner },
    { ...LESSON_RULES, finish: conditions, renew: conditions },
  );
  return { finish: design.finish, renew: design.renew };
}

/**
 * The program a learner submits for a claim lab challenge. The "longer TTL" believer fixes the
 * owner-only finish by raising the lease to an hour, and leaves the finish as it is.
 */
export function labAnswer(learner: LearnerId, exercise: LabExercise): string {
  const own = learnerStatements(learner);
  switch (exercise.id) {
    case 'fix-owner-only':
      return learner === 'longer-ttl-fixes-it'
        ? fixOwnerOnlyProgram(ownerOnlyFinishDesign.finish, 3600)
        : fixOwnerOnlyProgram(own.finish);
    case 'renewal':
      return renewalProgram(own.renew);
    default:
      return exercise.solution;
  }
}
