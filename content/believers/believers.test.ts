import { beforeAll, describe, expect, it } from 'vitest';
import { checkRun } from '@/lib/claim-lab';
import { runProgram } from '@/lib/claim-lab/run-program';
import { FEATURE_SCHEMAS } from '@/lib/composition/records';
import { predictionCorrect, recordEvent } from '@/lib/lesson';
import { createRecordsDb, logActivity } from '@/lib/records';
import { exerciseResult, itemPassed, readWorkFacts, type WorkFacts } from '@/lib/progress';
import { openSqlJs } from '@/lib/sqlite';
import { memoryBlobStore } from '@/lib/storage';
import {
  loadTimelineEngine,
  saveCaseResult,
  saveTimelineResult,
  scorePredictions,
  type Scenario,
  type TimelineEngine,
} from '@/lib/timeline';
import { BELIEF_IDS, BELIEFS } from '../beliefs';
import { CASE_FILES, caseScenario } from '../cases';
import { LAB_EXERCISES } from '../claim-lab/exercises';
import { CHOICE_QUESTIONS, LEARNING_PATHS, MISTAKES, QUIZ_ITEMS } from '../lesson';
import { MASTERY_MAP } from '../mastery';
import { TIMELINE_SCENARIOS } from '../timeline/scenarios';
import {
  answerChoice,
  answerQuiz,
  labAnswer,
  predictLesson,
  predictScenario,
  type LearnerId,
} from './learner';

let engine: TimelineEngine;
const facts = new Map<LearnerId, WorkFacts>();
const LEARNERS: readonly LearnerId[] = ['clear', ...BELIEF_IDS];

/**
 * Scripts a learner through every graded exercise of the course, records each answer the way the
 * pages do, and reads the mastery facts back from the records database.
 */
async function work(learner: LearnerId): Promise<WorkFacts> {
  const solved: string[] = [];
  for (const exercise of LAB_EXERCISES.filter((e) => e.kind === 'challenge')) {
    const run = await runProgram(await openSqlJs(), labAnswer(learner, exercise));
    if (checkRun(run, exercise.check).passed) solved.push(exercise.id);
  }
  const records = createRecordsDb({
    blobs: memoryBlobStore(),
    key: `believer-${learner}`,
    schemas: FEATURE_SCHEMAS,
  });
  let at = 1;
  const playScenario = (scenario: Scenario) => {
    const predictions = predictScenario(learner, engine, scenario);
    const score = scorePredictions(engine.run(scenario), predictions);
    return {
      result: {
        at: at++,
        scenario,
        predictions,
        score: score.score,
        total: score.total,
        seconds: 60,
      },
      missed: score.mistakes,
    };
  };
  await records.write((db) => {
    for (const item of QUIZ_ITEMS) {
      const choice = answerQuiz(learner, item);
      recordEvent(db, { kind: 'quiz', id: item.id, choice, correct: choice === item.truth, at });
      at += 1;
    }
    for (const question of CHOICE_QUESTIONS) {
      const choice = answerChoice(learner, question);
      recordEvent(db, {
        kind: 'chose',
        id: question.id,
        choice,
        correct: choice === question.answer,
        at,
      });
      at += 1;
    }
    for (const { prediction } of MISTAKES) {
      const answers = predictLesson(learner, engine, prediction);
      const correct = predictionCorrect(prediction.writes, answers);
      recordEvent(db, { kind: 'predicted', id: prediction.id, answers, correct, at });
      at += 1;
    }
    for (const scenario of TIMELINE_SCENARIOS)
      saveTimelineResult(db, playScenario(scenario).result);
    for (const file of CASE_FILES)
      for (const run of file.runs) {
        const { result, missed } = playScenario(caseScenario(file, run));
        saveCaseResult(db, file.id, run.id, result, missed);
      }
    // Each challenge is tried once, with the learner's own program: that run is its first try.
    for (const exercise of LAB_EXERCISES.filter((e) => e.kind === 'challenge')) {
      const passed = solved.includes(exercise.id);
      logActivity(db, at, 'lab.challenge.judged', exercise.id, { passed });
      if (passed) logActivity(db, at, 'lab.challenge.solved', exercise.id);
      at += 1;
    }
    // The crash lab's prediction (which steps two workers start after a crash, how many receipts
    // the publisher keeps) turns on checkpoints and the publisher's own receipts: none of the six
    // beliefs is about them, so every learner predicts it as the clear learner does.
    logActivity(db, at, 'crashlab.evaluated', 'crash-lab', { passed: true });
    logActivity(db, at++, 'crashlab.predicted', 'crash-lab', { passed: true });
  });
  return records.read((db) => readWorkFacts(db));
}

beforeAll(async () => {
  const real = await loadTimelineEngine();
  // Every learner plays the same scenarios: run each one once (traces are deterministic).
  const traces = new Map<string, ReturnType<TimelineEngine['run']>>();
  engine = {
    ...real,
    run: (scenario) => {
      const key = JSON.stringify(scenario);
      if (!traces.has(key)) traces.set(key, real.run(scenario));
      return traces.get(key)!;
    },
  };
  for (const learner of LEARNERS) facts.set(learner, await work(learner));
}, 180_000);

const passedItems = (learner: LearnerId) =>
  MASTERY_MAP.filter((item) => itemPassed(facts.get(learner)!, item.exercises)).map((i) => i.id);

/** Why an item is or is not passed: each exercise with its result, for failure messages. */
const results = (learner: LearnerId, itemId: string) =>
  MASTERY_MAP.find((i) => i.id === itemId)!
    .exercises.map((e) => `${e.kind} ${e.id}: ${exerciseResult(facts.get(learner)!, e).summary}`)
    .join('; ');

describe('scripted believers over every graded exercise', () => {
  it('names six beliefs, each touching mastery items that exist', () => {
    expect(BELIEFS.map((b) => b.id)).toEqual([...BELIEF_IDS]);
    expect(BELIEFS).toHaveLength(6);
    const items = new Set(MASTERY_MAP.map((i) => i.id));
    for (const belief of BELIEFS) {
      expect(belief.touches.length, belief.id).toBeGreaterThan(0);
      for (const id of belief.touches) expect(items.has(id), `${belief.id}: ${id}`).toBe(true);
    }
  });

  it('a quiz statement that puts a wrong belief into words is false', () => {
    const stating = QUIZ_ITEMS.filter((q) => q.states?.length);
    expect(stating.length).toBeGreaterThanOrEqual(4);
    for (const item of stating) expect(item.truth, item.id).toBe(false);
  });

  it('a choice option that puts a wrong belief into words is never the right answer', () => {
    for (const question of CHOICE_QUESTIONS)
      for (const option of question.options)
        if (option.states?.length) expect(option.id, question.id).not.toBe(question.answer);
  });

  it('the learner with no misconception masters every item', () => {
    for (const item of MASTERY_MAP)
      expect(itemPassed(facts.get('clear')!, item.exercises), results('clear', item.id)).toBe(true);
  });

  for (const belief of BELIEFS) {
    it(`"${belief.words}" leaves every item it touches at "Not yet"`, () => {
      const learned = facts.get(belief.id)!;
      for (const id of belief.touches) {
        const item = MASTERY_MAP.find((i) => i.id === id)!;
        expect(itemPassed(learned, item.exercises), `${id}: ${results(belief.id, id)}`).toBe(false);
      }
      // The belief costs only where it leads: the believer still masters something.
      expect(passedItems(belief.id).length, belief.id).toBeGreaterThan(0);
    });
  }

  it('every believer answers some exercise differently from the clear learner', () => {
    const clear = facts.get('clear')!;
    for (const belief of BELIEF_IDS) {
      const mine = facts.get(belief)!;
      const differs =
        Object.keys(clear.quiz).some((id) => mine.quiz[id]?.correct !== clear.quiz[id].correct) ||
        Object.keys(clear.predictions).some(
          (id) => mine.predictions[id]?.correct !== clear.predictions[id].correct,
        ) ||
        Object.keys(clear.timelineFirst).some(
          (id) => mine.timelineFirst[id]?.score !== clear.timelineFirst[id].score,
        );
      expect(differs, belief).toBe(true);
    }
  });

  describe('the learning paths: done only by a learner who has shown the idea', () => {
    const graded = (pathId: string) =>
      LEARNING_PATHS.find((p) => p.id === pathId)!
        .steps.concat(LEARNING_PATHS.find((p) => p.id === pathId)!.exercises)
        .flatMap((step) => step.doneWhen.flatMap((e) => (e.kind === 'graded' ? e.exercises : [])));
    const failed = (learner: LearnerId, pathId: string) =>
      graded(pathId).filter((e) => !exerciseResult(facts.get(learner)!, e).passed);
    /** A path touches a belief when one of its graded exercises proves an item the belief touches. */
    const touches = (pathId: string, belief: (typeof BELIEFS)[number]) =>
      MASTERY_MAP.some(
        (item) =>
          belief.touches.includes(item.id) &&
          item.exercises.some((x) =>
            graded(pathId).some((g) => g.kind === x.kind && g.id === x.id),
          ),
      );

    it('every path has graded steps, and the clear learner passes every one of them', () => {
      for (const path of LEARNING_PATHS) {
        expect(graded(path.id).length, path.id).toBeGreaterThan(0);
        expect(failed('clear', path.id), path.id).toEqual([]);
      }
    });

    it('the first path (home’s default) catches each of the six beliefs with a graded item', () => {
      const first = LEARNING_PATHS[0].id;
      for (const belief of BELIEFS) {
        expect(touches(first, belief), belief.id).toBe(true);
        expect(failed(belief.id, first).length, belief.id).toBeGreaterThan(0);
      }
    });

    it('its timeline step separates the lease believer: a write lands although the lease ran out (or the worker’s own clock says it holds)', () => {
      const timelines = graded(LEARNING_PATHS[0].id).filter((e) => e.kind === 'timeline');
      expect(failed('expiry-keeps-old-out', LEARNING_PATHS[0].id)).toEqual(
        expect.arrayContaining([timelines.find((t) => t.id === 'clock-offset')]),
      );
    });

    for (const path of LEARNING_PATHS)
      it(`"${path.title}": every believer it touches fails one of its graded steps`, () => {
        for (const belief of BELIEFS)
          if (touches(path.id, belief))
            expect(failed(belief.id, path.id).length, belief.id).toBeGreaterThan(0);
      });
  });
});
