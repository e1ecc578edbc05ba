// The architecture scorecard of issue 38: `npm run scorecard` (and `npm test`'s first stage)
// prints each figure with the target and fails when one rises above its ceiling. The
// ceilings are a ratchet: each is the figure reached so far; lower it when a change brings the
// figure down, never raise it. Every figure is read from the source tree
// (scripts/scorecard/measures.mjs); docs/architecture.md ("The scorecard") says what each one
// counts. `--list` prints what each figure counts; `--json` prints the figures as JSON.
import { fileURLToPath } from 'node:url';
import {
  CONDITION_KINDS,
  TARGET_KINDS,
  duplicatePairs,
  kindFiles,
  outcomeDeciders,
  productFiles,
  propertyJudges,
  rowReaders,
  sqlRunners,
  testHelperLines,
  unusedLeaseExports,
  wordsOutsideExplainer,
} from './scorecard/measures.mjs';

/** Each figure: its value now, the ratchet's ceiling, the target, and what it lists. */
export function figures() {
  const files = productFiles();
  const cond = kindFiles(files, CONDITION_KINDS);
  const target = kindFiles(files, TARGET_KINDS);
  const most = (table) => Math.max(...Object.values(table).map((l) => l.length));
  const helpers = testHelperLines(files);
  // A measure that finds things: its figure is how many, and it lists each (computed once).
  const counted = (items) => ({ value: items.length, list: items });
  const found = (fs) => counted(fs.map((f) => f.path));
  return [
    {
      id: 'sql-runners',
      label: "runners of the rulebook's SQL",
      ...found(sqlRunners(files)),
      target: 1,
    },
    {
      id: 'outcome-deciders',
      label: "places that decide a write's outcome",
      ...found(outcomeDeciders(files)),
      target: 1,
    },
    {
      id: 'property-judges',
      label: "property judges (target: lib/lease's, plus the checker's fast path)",
      ...found(propertyJudges(files)),
      target: 2,
    },
    {
      id: 'row-readers',
      label: 'places that turn a database row into the run row',
      ...found(rowReaders(files)),
      target: 1,
    },
    {
      id: 'words-outside',
      label: 'files with words about writes outside the explainer and the view',
      ...found(wordsOutsideExplainer(files)),
      target: 0,
    },
    {
      id: 'condition-kind-files',
      label: 'files that name one condition kind (most)',
      value: most(cond),
      target: 3,
      list: Object.entries(cond).map(([k, l]) => `${k}: ${l.length}`),
    },
    {
      id: 'target-kind-files',
      label: 'files that name one target kind (most)',
      value: most(target),
      target: 4,
      list: Object.entries(target).map(([k, l]) => `${k}: ${l.length}`),
    },
    {
      id: 'unused-lease-exports',
      label: 'exports of lib/lease used by nobody outside it',
      ...counted(unusedLeaseExports()),
      target: 0,
    },
    {
      id: 'test-helper-lines',
      label: 'test helpers counted as product code (truth*, arbitrary*), lines',
      value: helpers.lines,
      target: 0,
      list: helpers.files,
    },
    {
      id: 'duplicate-pairs',
      label: 'duplicate pairs outside tests that are logic, not data',
      ...counted(duplicatePairs(files).map((p) => `${p.a} = ${p.b}`)),
      target: 30,
    },
  ];
}

/** The ratchet: the highest each figure may be now. Lower a ceiling when its figure falls. */
export const CEILINGS = {
  'sql-runners': 1,
  'outcome-deciders': 1,
  'property-judges': 2,
  'row-readers': 1,
  'words-outside': 0,
  'condition-kind-files': 2,
  'target-kind-files': 1,
  'unused-lease-exports': 0,
  'test-helper-lines': 0,
  'duplicate-pairs': 14,
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const all = figures();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(all, null, 2));
    process.exit(0);
  }
  const verbose = process.argv.includes('--list');
  let failed = 0;
  console.log('scorecard (issue 38): figure / ceiling / target');
  for (const f of all) {
    const ceiling = CEILINGS[f.id];
    const over = f.value > ceiling;
    if (over) failed++;
    const mark = over ? 'OVER' : f.value <= f.target ? 'at target' : 'above target';
    console.log(
      `  ${String(f.value).padStart(5)} / ${String(ceiling).padStart(5)} / ${String(f.target).padStart(3)}  ${f.label} (${mark})`,
    );
    if (verbose || over) for (const item of f.list) console.log(`           ${item}`);
  }
  if (failed) {
    console.error(
      `scorecard: ${failed} ${failed === 1 ? 'figure' : 'figures'} rose above the ceiling; bring them down (npm run scorecard -- --list shows what each counts).`,
    );
    process.exit(1);
  }
}
