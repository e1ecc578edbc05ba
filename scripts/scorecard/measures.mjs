// The measures of the architecture scorecard (scripts/scorecard.mjs): each reads the source
// tree and returns what it counts. docs/architecture.md ("The scorecard") says the same in words.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REVIEWED_WORDS } from './reviewed-words.mjs';

export { REVIEWED_WORDS };

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Every .ts/.tsx file under the given folders, as { path, text }. */
function sources(folders) {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
        out.push({ path: relative(ROOT, full), text: readFileSync(full, 'utf8') });
    }
  };
  for (const f of folders) walk(join(ROOT, f));
  return out;
}

/** A test, or a file only tests import (named *.test-support.ts): not product code. */
export const isTest = (path) => /\.test\.tsx?$|\.test-support\.tsx?$/.test(path);

/** The product code the figures read: lib/, components/, app/, content/, tests excluded. */
export function productFiles() {
  return sources(['lib', 'components', 'app', 'content']).filter((f) => !isTest(f.path));
}

const DESIGN_STATEMENT =
  /\b(?:run|all|get|exec|prepare|perHolder|onServerClock)\(\s*[\w.!?]*[dD]esign\w*[!?]?\.(?:claim|claimRead|renew|finish|cancel|writeOutput|completeCancel)\b/;

/**
 * Places that pass a design's write statement straight to something that runs or prepares SQL:
 * lib/lease's step (its sync, prepared and async forms of one driver interface) is one place
 * (listed as `lib/lease`); any other file under lib/ is one.
 */
export function sqlRunners(files) {
  const found = files
    .filter((f) => f.path.startsWith('lib/') && DESIGN_STATEMENT.test(f.text))
    .map((f) => (f.path.startsWith('lib/lease/') ? 'lib/lease' : f.path));
  return [...new Set(found)].map((path) => ({ path }));
}

/**
 * Places that turn what a statement did into an outcome: files with a line that compares a row
 * count (`changed`, `rowsChanged`, `.length`) with 0 and names an outcome ('applied', 'refused',
 * 'duplicate'), or a function that tells a duplicate from a refusal (`…Landed`, `…Identifies`).
 * lib/lease's decision builders are one place (listed as `lib/lease`); any other file is one.
 */
export function outcomeDeciders(files) {
  const found = outcomeFiles(files).map((f) =>
    f.path.startsWith('lib/lease/') ? 'lib/lease' : f.path,
  );
  return [...new Set(found)].map((path) => ({ path }));
}

function outcomeFiles(files) {
  const line =
    /(?:changed|rowsChanged|\.length)\s*(?:>|===|!==|==|<=)\s*0\b.*'(?:applied|refused|duplicate)'|'(?:applied|refused|duplicate)'.*(?:changed|rowsChanged|\.length)\s*(?:>|===|!==|==|<=)\s*0\b/;
  const fn = /function\s+\w*(?:Landed|Identifies)\s*\(/;
  return files.filter(
    (f) =>
      f.path.startsWith('lib/') &&
      (f.text.split('\n').some((l) => line.test(l)) || fn.test(f.text)),
  );
}

/**
 * Files that judge the four safety properties over writes: they define a function named
 * `judge`, `firstViolation`, one that checks properties (`check…Propert…`, `…Violations`), or a
 * class of property checks (`…Propert…`).
 */
export function propertyJudges(files) {
  const fn =
    /function\*?\s+(?:judge|firstViolation|check\w*Propert\w*|\w+Violations)\s*[(<]|class\s+\w*Propert\w*/;
  return files.filter((f) => f.path.startsWith('lib/') && fn.test(f.text));
}

/**
 * Files that turn a database row into the run row: they build a lease end with
 * `leaseUntil: Number(` and a status with `status: String(` or a status helper.
 */
export function rowReaders(files) {
  return files.filter(
    (f) =>
      /leaseUntil:\s*Number\(/.test(f.text) && /status:\s*(?:String\(|statusOf\()/.test(f.text),
  );
}

/** Sentences about a write: words only an explanation of a write's outcome uses. */
const WRITE_WORDS =
  /\b(?:rows? changed|was refused|were refused|is refused|refuses (?:fence|token|anything|it|the)|landed,|lands? (?:though|after|because)|stale (?:write|finish|token)|holds the (?:run|lease)|no longer holds|a newer generation|the culprit|the victim)\b/i;
/**
 * Where words about writes belong: the explainer, the view of a step, and each kind's own object
 * (lib/lease/kinds: a kind's label, facts and rule text are the explainer's words for it).
 */
const WORDS_HOME =
  /^lib\/lease\/explain[\w-]*\.ts$|^lib\/lease\/kinds\/|^lib\/timeline\/(?:view|step-view)[\w-]*\.ts$/;

/** The string and JSX-text literals of a file's lines (comment lines skipped), with their text. */
function literals(text) {
  const literal = /(['"`])((?:(?!\1)[^\\\n]|\\.)*)\1|>([^<>{}\n]+)</g;
  const out = [];
  for (const line of text.split('\n')) {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(line)) continue;
    for (const m of line.matchAll(literal)) out.push(m[2] ?? m[3] ?? '');
  }
  return out;
}

/**
 * Files outside the explainer and the view with a string or JSX text that words a write (a
 * literal of `reviewed`, the list above by default, is let off by itself).
 */
export function wordsOutsideExplainer(files, reviewed = REVIEWED_WORDS) {
  return files.filter((f) => {
    if (WORDS_HOME.test(f.path)) return false;
    const mine = reviewed.filter((r) => r.path === f.path);
    return literals(f.text).some(
      (t) => WRITE_WORDS.test(t) && !mine.some((r) => t.includes(r.excerpt)),
    );
  });
}

/** The literals of a file that hold an excerpt (the scorecard's test: each reviewed excerpt is found once). */
export function literalsHolding(text, excerpt) {
  return literals(text).filter((t) => t.includes(excerpt));
}

export const CONDITION_KINDS = [
  'claimable',
  'lease-expired',
  'status-in',
  'as-read',
  'attempt',
  'fingerprint',
];
export const TARGET_KINDS = [
  'highest-seen',
  'versioned',
  'key-only',
  'run-row',
  'majority',
  'tickets',
  'objects',
];

/** For each kind, the files that name it as a quoted literal; the figure is the largest count. */
export function kindFiles(files, kinds) {
  return Object.fromEntries(
    kinds.map((k) => [
      k,
      files.filter((f) => new RegExp(`['"]${k}['"]`).test(f.text)).map((f) => f.path),
    ]),
  );
}

/** The names lib/lease/index.ts exports (following `export *` into the files it names). */
export function leaseExports() {
  const dir = join(ROOT, 'lib/lease');
  const read = (file) => readFileSync(join(dir, file), 'utf8');
  const names = new Set();
  const declared = (text) => {
    for (const m of text.matchAll(
      /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|type|interface|class|enum)\s+([A-Za-z_$][\w$]*)/gm,
    ))
      names.add(m[1]);
  };
  const index = read('index.ts').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
  for (const m of index.matchAll(/export\s+\*\s+from\s+'\.\/([\w-]+)'/g))
    declared(read(`${m[1]}.ts`));
  for (const m of index.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g))
    for (const part of m[1].split(',')) {
      const name = part
        .trim()
        .replace(/^type\s+/, '')
        .split(/\s+as\s+/)
        .pop()
        ?.trim();
      if (name) names.add(name);
    }
  return [...names];
}

/** Exports of lib/lease that no file outside lib/lease names (tests, scripts and specs count as users). */
export function unusedLeaseExports() {
  const outside = sources(['lib', 'components', 'app', 'content', 'scripts', 'e2e']).filter(
    (f) => !f.path.startsWith('lib/lease/'),
  );
  const text = outside.map((f) => f.text).join('\n');
  return leaseExports().filter(
    (name) => !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(text),
  );
}

/** Lines of product files named truth* or arbitrary* (test helpers that count as product code). */
export function testHelperLines(files) {
  const helpers = files.filter((f) => /(?:^|\/)(?:truth|arbitrary)[\w-]*\.tsx?$/.test(f.path));
  return {
    files: helpers.map((f) => f.path),
    lines: helpers.reduce((n, f) => n + f.text.split('\n').length, 0),
  };
}

/** A line as the duplicate finder compares it: trimmed, or null for one it ignores. */
function logicLine(line) {
  const t = line.trim();
  if (!t || /^(?:\/\/|\*|\/\*|import\b|export\s*\{|\}|\)|\]|[{}()[\];,]+$)/.test(t)) return null;
  return t;
}
/** A data line: an entry of a literal (a key and a plain value, a string, a number), or a name of an import or export list. */
const dataLine = (t) =>
  /^(?:[\w$'"-]+\s*:\s*)?(?:'[^']*'|"[^"]*"|`[^`$]*`|-?\d[\d_.]*|true|false|null|undefined)\s*,?$/.test(
    t,
  ) || /^(?:type\s+)?[\w$]+(?:\s+as\s+[\w$]+)?,?$/.test(t);

/**
 * Duplicate pairs: two places (outside tests) whose next 6 compared lines are the same and not
 * all data; overlapping windows of one pair of places count once.
 */
export function duplicatePairs(files, size = 6) {
  const seen = new Map();
  const pairs = [];
  for (const f of files) {
    const lines = f.text
      .split('\n')
      .map((l, i) => ({ t: logicLine(l), at: i + 1 }))
      .filter((l) => l.t !== null);
    let last = new Map();
    for (let i = 0; i + size <= lines.length; i++) {
      const window = lines.slice(i, i + size);
      if (window.every((l) => dataLine(l.t))) continue;
      const key = window.map((l) => l.t).join('\n');
      const first = seen.get(key);
      if (!first) {
        seen.set(key, { path: f.path, index: i, at: window[0].at });
        continue;
      }
      if (first.path === f.path && i - first.index < size) continue;
      // A run of windows that continues the pair found at the previous window is the same pair.
      const pairKey = `${first.path}#${f.path}`;
      const previous = last.get(pairKey);
      last.set(pairKey, { index: i, other: first.index });
      if (previous && previous.index === i - 1 && previous.other === first.index - 1) continue;
      pairs.push({ a: `${first.path}:${first.at}`, b: `${f.path}:${window[0].at}` });
    }
  }
  return pairs;
}
