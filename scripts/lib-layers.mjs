// The layers of lib/, bottom first. A module may import only modules in layers below its own
// (never a sibling in its own layer, never one above). ESLint enforces this table
// (eslint.config.mjs), scripts/lint-rules.test.ts proves the rule fails on a violation and that
// every folder of lib/ is listed here, and the README shows it. A new folder of lib/ goes into
// the lowest layer that holds everything it imports.

/** @type {ReadonlyArray<{ name: string; folders: readonly string[]; why: string }>} */
export const LIB_LAYERS = [
  {
    name: 'page door',
    folders: ['bounded'],
    why: 'the one door to the page (bounded text): below everything, so every layer can cut text',
  },
  {
    name: 'platform',
    folders: ['storage', 'worker'],
    why: 'the one door to browser storage; guarded Web Workers (what a crashed worker says is cut)',
  },
  {
    name: 'drivers and settings',
    folders: ['sqlite', 'theme', 'csp', 'when'],
    why: 'one SQLite driver interface (sql.js, better-sqlite3); the theme setting; the page policy; when a save was made, in words',
  },
  {
    name: 'rules and records',
    folders: ['lease', 'records'],
    why: 'the lesson rulebook; the records database core',
  },
  {
    name: 'engines',
    folders: ['journal', 'crashlab', 'claim-lab', 'timeline', 'review'],
    why: 'one engine per feature, each driving lib/lease; the answer journal; spaced review',
  },
  {
    name: 'course',
    folders: ['lesson'],
    why: 'the lesson: reading, answers (kept in the journal), quiz, reviews due',
  },
  {
    name: 'reflection',
    folders: ['reflect', 'progress'],
    why: 'self-assessment; course progress and the graded judgment the mastery map reads, from the lesson’s records',
  },
  {
    name: 'checker',
    folders: ['checker'],
    why: 'the schedule checker; replays its traces in the timeline',
  },
  {
    name: 'composition root',
    folders: ['composition'],
    why: 'wires features together (the records schemas of every feature)',
  },
];

/** The folders a module in `folder` must not import: its own layer's siblings and every layer above. */
export function forbiddenFor(folder) {
  const index = LIB_LAYERS.findIndex((layer) => layer.folders.includes(folder));
  if (index < 0) throw new Error(`lib/${folder} is not in scripts/lib-layers.mjs`);
  return LIB_LAYERS.slice(index).flatMap((layer) => layer.folders.filter((f) => f !== folder));
}
