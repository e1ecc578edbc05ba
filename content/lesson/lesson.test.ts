import { describe, expect, it } from 'vitest';
import { fencedDesign, LESSON_DEMO_OUTPUT, runLessonDemo } from '@/lib/lease';
import { LEARNING_PATH_IDS } from '@/lib/lesson/path-choice';
import { openSqlJs } from '@/lib/sqlite';
import {
  CHECK_QUESTION,
  CHECK_SITES,
  BREAKS_PARTS,
  CLAIM_PARTS,
  DEBRIEF,
  DEDUCTION,
  DEMO,
  flattenQuestions,
  FOUNDATIONS,
  KEY_INSPECTIONS,
  LEARNING_PATHS,
  lessonAnchors,
  MIGRATION_CASES,
  MISTAKES,
  PROOF_TESTS,
  QUESTION_TREE,
  REFERENCES,
  RULE_PARTS,
  SECTIONS,
} from './index';

const ids = <T extends { id: string }>(items: readonly T[]) => items.map((item) => item.id);
const filled = (text: string) => text.trim().length > 20;

/** Routes that exist in this app, or that other issues add (PRACTICE and REFLECT). */
const KNOWN_ROUTES = [
  '/learn',
  '/learn/questions',
  '/learn/cases',
  '/learn/mistakes',
  '/practice/sql-sandbox',
  '/practice/claim-lab',
  '/practice/timeline',
  '/practice/compare',
  '/practice/crash-lab',
  '/reflect',
];

describe('the lesson covers every fact list of the source', () => {
  it('keeps the source’s preparatory concepts, each with a primer, where the journey needs them', () => {
    const concepts = [...DEBRIEF, ...RULE_PARTS, ...BREAKS_PARTS];
    for (const id of [
      'concept-leases-and-tokens',
      'concept-conditional-updates',
      'concept-lease-and-clock',
      'concept-idempotent-effects',
    ])
      expect(ids(concepts), id).toContain(id);
    for (const concept of [...DEBRIEF, ...BREAKS_PARTS]) {
      expect(filled(concept.gist)).toBe(true);
      expect(concept.body.length).toBeGreaterThan(0);
    }
  });

  it('keeps every core principle and part of the implementation, each in one section', () => {
    const parts = ids([...RULE_PARTS, ...CLAIM_PARTS]);
    for (const id of [
      'principle-generation-in-commit',
      'principle-short-claims',
      'impl-atomic-claim',
      'impl-stale-write-rejection',
    ])
      expect(parts, id).toContain(id);
    expect(ids(FOUNDATIONS)).toEqual(['lock-purpose', 'token-source', 'where-the-check-sits']);
    expect(PROOF_TESTS.length).toBe(6);
  });

  it('has the check question with a model answer', () => {
    expect(filled(CHECK_QUESTION.question)).toBe(true);
    expect(CHECK_QUESTION.answer.every(filled)).toBe(true);
  });

  it('has the four parts of the engineering deduction, goal first (not the source’s order)', () => {
    expect(DEDUCTION.items.map((item) => item.id)).toEqual([
      'deduction-verification',
      'deduction-scene',
      'deduction-design',
      'deduction-boundary',
    ]);
  });

  it('cites the three sources, the two lease papers and PostgreSQL, each as a plain https link', () => {
    expect(ids(REFERENCES)).toEqual([
      'ref-redis-distlock',
      'ref-kleppmann',
      'ref-gray-cheriton',
      'ref-chubby',
      'ref-postgres-skip-locked',
      'ref-postgres-isolation',
    ]);
    for (const ref of REFERENCES) expect(ref.href).toMatch(/^https:\/\//);
    expect(REFERENCES.map((r) => r.title).join(' ')).toContain('SKIP LOCKED');
  });

  it('has the three Level 1 questions, with Level 2 and Level 3 chained under the first', () => {
    expect(QUESTION_TREE.map((q) => [q.id, q.level])).toEqual([
      ['q-cancel-while-lease-valid', 1],
      ['q-fence-per-batch', 1],
      ['q-select-then-update-postgres', 1],
    ]);
    const [first] = QUESTION_TREE;
    expect(first.children.map((q) => [q.id, q.level])).toEqual([['q-remote-after-cancel', 2]]);
    expect(first.children[0].children.map((q) => [q.id, q.level])).toEqual([
      ['q-idempotency-vs-fencing', 3],
    ]);
    expect(flattenQuestions()).toHaveLength(5);
  });

  it('has the two migration cases, each with every step of the deduction', () => {
    expect(ids(MIGRATION_CASES)).toEqual(['case-remote-report', 'case-long-model-call']);
    for (const c of MIGRATION_CASES) {
      expect([c.changedCondition, c.question, c.unchangedPrinciple].every(filled)).toBe(true);
      expect(c.derivation.every(filled)).toBe(true);
    }
  });

  it('has the four mistakes as true-or-false items with explanations, and both answers occur', () => {
    expect(ids(MISTAKES)).toEqual([
      'mistake-ttl-kills-old-worker',
      'mistake-random-tokens',
      'mistake-token-checked-only-in-worker',
      'mistake-long-lock-transaction',
    ]);
    for (const m of MISTAKES) expect(m.explanation.every(filled)).toBe(true);
    expect(new Set(MISTAKES.map((m) => m.truth))).toEqual(new Set([true, false]));
  });

  it('has the four key inspections, each pointing at the section that shows it', () => {
    expect([...ids(KEY_INSPECTIONS)].sort()).toEqual([
      'inspect-design-claims',
      'inspect-fence-at-writer',
      'inspect-preemption-vs-idempotency',
      'inspect-reproduce-resurrection',
    ]);
    const anchors = new Set(lessonAnchors());
    for (const item of KEY_INSPECTIONS)
      expect(anchors.has(item.where.slice(1)), item.id).toBe(true);
  });
});

describe('every question has an answer and every reveal has text', () => {
  it.each(flattenQuestions().map((q) => [q.id, q] as const))('%s', (_id, q) => {
    expect(filled(q.question)).toBe(true);
    expect(filled(q.context)).toBe(true);
    expect(q.answer.length).toBeGreaterThan(0);
    expect(q.answer.every(filled)).toBe(true);
    for (const child of q.children) expect(child.level).toBe(q.level + 1);
  });
});

describe('anchors and ids', () => {
  it('are unique across the lesson page and the interactive items, and safe in a URL', () => {
    const all = [
      ...lessonAnchors(),
      CHECK_QUESTION.id,
      ...ids(flattenQuestions()),
      ...ids(MIGRATION_CASES),
      ...ids(MISTAKES),
      ...ids(REFERENCES),
      ...ids(KEY_INSPECTIONS),
      ...ids(FOUNDATIONS.map((f) => f.question)),
      ...ids(CHECK_SITES),
      ...ids(PROOF_TESTS),
    ];
    expect(all.filter((id, i) => all.indexOf(id) !== i)).toEqual([]);
    for (const id of all) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives the demo and the deduction section anchors of their own', () => {
    expect(lessonAnchors()).toEqual(expect.arrayContaining([DEMO.id, DEDUCTION.id]));
  });

  it('orders the table of contents by the learner’s journey: the failure first, then the rule, its foundations, where it breaks', () => {
    expect(SECTIONS.map((s) => s.id)).toEqual([
      'watch-it-fail',
      'what-you-saw',
      'learning-paths',
      'the-rule',
      'sqlite-demo',
      'check-question',
      'lock-purpose',
      'token-source',
      'where-the-check-sits',
      'claims-and-renewals',
      'where-it-breaks',
      'prove-it',
      'follow-up-questions',
      'migration-cases',
      'common-mistakes',
      'case-files',
      'key-inspections',
      'references',
    ]);
  });
});

describe('learning paths', () => {
  it('are the four entry choices, with ids the stored choice accepts', () => {
    expect(LEARNING_PATHS.map((p) => p.title)).toEqual([
      'Understand first',
      'Implement next',
      'Debug failures',
      'Compare designs',
    ]);
    expect(LEARNING_PATHS.map((p) => p.id)).toEqual([...LEARNING_PATH_IDS]);
  });

  it('point only at lesson anchors that exist and at known routes', () => {
    const anchors = new Set(lessonAnchors());
    for (const path of LEARNING_PATHS) {
      expect(path.steps.length).toBeGreaterThanOrEqual(3);
      expect(path.exercises.length).toBeGreaterThanOrEqual(1);
      for (const step of path.steps) {
        const [route, anchor] = step.href.split('#');
        expect(KNOWN_ROUTES).toContain(route);
        // An anchor on the mistakes page is a quiz item's or a prediction's id (the mastery
        // map links there the same way); every other anchor is the lesson's.
        const known =
          route === '/learn/mistakes'
            ? MISTAKES.some((m) => m.id === anchor || m.prediction.id === anchor)
            : anchors.has(anchor);
        if (anchor) expect(known, step.href).toBe(true);
      }
      for (const exercise of path.exercises) expect(KNOWN_ROUTES).toContain(exercise.href);
    }
  });

  it('together send the learner to every exercise of the lesson', () => {
    const exercises = new Set(LEARNING_PATHS.flatMap((p) => p.exercises.map((e) => e.href)));
    expect([...exercises].sort()).toEqual(
      [
        '/practice/claim-lab',
        '/practice/compare',
        '/practice/crash-lab',
        '/practice/sql-sandbox',
        '/practice/timeline',
        '/reflect',
      ].sort(),
    );
  });
});

describe('the SQLite demo', () => {
  it('prints the lesson’s expected output when its statements run on real SQLite', async () => {
    const db = await openSqlJs();
    expect(runLessonDemo(db)).toEqual([...LESSON_DEMO_OUTPUT]);
    expect([...LESSON_DEMO_OUTPUT]).toEqual(['1 2', 'old: 0', 'new: 1']);
  });

  it('shows the design’s own claim and finish statements (one copy of the SQL)', () => {
    expect(fencedDesign.claim).toContain('fence = fence + 1');
    expect(fencedDesign.finish).toContain('fence = $token');
    expect(DEMO.steps.join('\n')).toMatch(/claim\('A', now = 0\)/);
  });
});

describe('facts, commands and outputs carried over from the source', () => {
  const text = (parts: readonly { body: readonly string[] }[]) =>
    parts.flatMap((p) => p.body).join(' ');

  it('names the task table’s columns and the claim’s rules', () => {
    const impl = text(CLAIM_PARTS);
    for (const column of ['run_id', 'owner', 'lease_until', 'fence', 'status'])
      expect(impl).toContain(`\`${column}\``);
    expect(impl).toMatch(/done, canceled, failed/);
    expect(impl).toContain('FOR UPDATE SKIP LOCKED');
  });

  it('states the acceptance sequence: A with fence 1, B with fence 2, A’s update changes zero rows', () => {
    const resume = PROOF_TESTS.map((t) => `${t.test} ${t.expect}`).join(' ');
    expect(resume).toMatch(/A claims with fence 1/);
    expect(resume).toMatch(/B claims with fence 2/);
    expect(resume).toMatch(/change zero rows/);
  });

  it('cites Redis’s fencing advice in the foundations and the PostgreSQL queue use of SKIP LOCKED', () => {
    const foundations = text(FOUNDATIONS);
    expect(foundations).toMatch(/Redis/);
    expect(text(CLAIM_PARTS)).toMatch(/SKIP LOCKED/);
    expect(foundations).toMatch(/highest token/);
  });
});
