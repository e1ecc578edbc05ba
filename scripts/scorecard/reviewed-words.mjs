// The literals the scorecard's measure of words about writes lets off one by one, each with its
// reason (scripts/scorecard/measures.mjs, wordsOutsideExplainer; docs/architecture.md, "Reviewed
// words"). A list of data, apart from the measures that read it.

/**
 * Literals outside the explainer reviewed one by one as not narrating a decided write, each with
 * its reason: `teaching`, prose that states a general rule or sets a task (the lesson's text, a
 * takeaway, an exercise's goal), read before or apart from any run; or `checked`, a narration of
 * a write the learner plays that the named content test checks against the engine's decision.
 * An entry is a file and an excerpt of one literal in it: only that literal is let off, never the
 * file, and scripts/scorecard.test.ts fails when an excerpt is no longer found (or a checked
 * entry's test no longer names the file), so the list cannot outlive its sentences.
 */
export const REVIEWED_WORDS = [
  {
    path: 'content/claim-lab/exercises.ts',
    excerpt: 'lets the old process’s stale finish print old: 1',
    reason: 'teaching',
  },
  {
    path: 'content/claim-lab/exercises.ts',
    excerpt: 'each now believes it holds the lease',
    reason: 'checked',
    test: 'content/claim-lab/played-words.test.ts',
  },
  {
    path: 'content/claim-lab/exercises.ts',
    excerpt: 'so deleting it lets the stale write land',
    reason: 'checked',
    test: 'content/claim-lab/played-words.test.ts',
  },
  {
    path: 'content/claim-lab/exercises.ts',
    excerpt: 'still running when the stale finish arrives',
    reason: 'checked',
    test: 'content/claim-lab/played-words.test.ts',
  },
  {
    path: 'content/lesson/lesson.ts',
    excerpt: 'A lease, a takeover, a stale write',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/lesson.ts',
    excerpt: 'once the resource has learned of a newer generation',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/lesson.ts',
    excerpt: 'return the new fence, or None if no row changed',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/lesson.ts',
    excerpt: 'run FINISH; return the number of rows changed',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/lesson.ts',
    excerpt: '# A holds the lease until 5',
    reason: 'checked',
    test: 'content/lesson/played-words.test.ts',
  },
  {
    path: 'content/lesson/lesson.ts',
    excerpt: 'checked by the storage service refuses the',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/mistakes.ts',
    excerpt: 'the store refuses it because the row now holds owner B and fence 2',
    reason: 'checked',
    test: 'content/lesson/played-words.test.ts',
  },
  {
    path: 'content/lesson/mistakes.ts',
    excerpt: 'so a newer generation may hold the smaller number',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/paths.ts',
    excerpt: 'Step through the pause, the takeover and the stale write.',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/paths.ts',
    excerpt: 'watch the stale finish land',
    reason: 'teaching',
  },
  { path: 'content/lesson/questions.ts', excerpt: 'The cancel is itself a c', reason: 'teaching' },
  {
    path: 'content/lesson/questions.ts',
    excerpt: 'unless the store itself refuses it',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/questions.ts',
    excerpt: 'One counter bumped per batch is a trap',
    reason: 'teaching',
  },
  {
    path: 'content/lesson/questions.ts',
    excerpt: 'A SELECT without a lock followed by a separate UPDATE is not safe',
    reason: 'teaching',
  },
  {
    path: 'content/timeline/external-resources.ts',
    excerpt: 'Highest-seen fencing rejects a stale write only after the new generation is known.',
    reason: 'teaching',
  },
];
