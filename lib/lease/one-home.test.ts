import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each rule of the lesson has one home in lib/lease: this test reads the source tree and fails
 * when a rule is written again elsewhere (the anti-pattern: one fence rule as a trigger in two
 * places, as TypeScript in one and as a publisher table in another).
 */
const ROOT = join(__dirname, '..', '..');
const SOURCE_DIRS = ['lib', 'components', 'app', 'content', 'scripts'];

function sources(): { path: string; text: string }[] {
  const out: { path: string; text: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts|mjs)$/.test(name) && !/\.test\.ts$/.test(name)) {
        out.push({ path: relative(ROOT, full), text: readFileSync(full, 'utf8') });
      }
    }
  };
  for (const d of SOURCE_DIRS) walk(join(ROOT, d));
  return out;
}

const FILES = sources();
const outsideLease = (pattern: RegExp) =>
  FILES.filter((f) => !f.path.startsWith('lib/lease/') && pattern.test(f.text)).map((f) => f.path);
const defining = (pattern: RegExp) => FILES.filter((f) => pattern.test(f.text)).map((f) => f.path);

describe('one home per rule', () => {
  it('no trigger, and no highest-seen comparison, outside lib/lease', () => {
    expect(outsideLease(/CREATE\s+TRIGGER/i)).toEqual([]);
    expect(outsideLease(/CREATE\s+(OR\s+REPLACE\s+)?FUNCTION/i)).toEqual([]);
    expect(outsideLease(/excluded\.\w+\s*>=?\s*\w+\.\w+/i)).toEqual([]);
    expect(outsideLease(/highest_generation|(?<!Math\.)max\(highest|fence_register/i)).toEqual([]);
    // The fence's own tables are read and written only through lib/lease's statements.
    expect(outsideLease(/\bresource_(fences|writes)\b/)).toEqual([]);
    // A "greater than what was seen" comparison, in SQL or TypeScript.
    expect(
      outsideLease(/[<>]=?\s*(COALESCE\s*\()?\s*\(?\s*SELECT\s+(max\()?\s*(highest|generation)/i),
    ).toEqual([]);
    expect(outsideLease(/\bgeneration\s*[<>]=?\s*(seen|highest)\w*\b/i)).toEqual([]);
    expect(outsideLease(/fence\s*<=\s*\$token/)).toEqual([]);
  });

  it('one highest-seen implementation: one table and one statement set, in lib/lease/fence.ts and its kind', () => {
    // The queue publisher (SQLite and PostgreSQL) uses the same table as the timeline, the
    // checker and the single-run crash lab; only the dialect's integer type and trigger differ.
    expect(defining(/CREATE\s+TABLE[^(]*\b(resource_fences|fence_register)\b/i)).toEqual([
      'lib/lease/fence.ts',
    ]);
    expect(defining(/ON\s+CONFLICT\s*\(\s*run_id\s*,\s*resource\s*\)/i)).toEqual([
      'lib/lease/fence.ts',
    ]);
    expect(defining(/highest_generation|fence_register/i)).toEqual([]);
    // Every statement over what a resource has seen is in fence.ts, but the highest-seen kind's
    // own admit condition (its object holds its rule, lib/lease/kinds/targets).
    expect(defining(/\bresource_fences\b/)).toEqual([
      'lib/lease/fence.ts',
      'lib/lease/kinds/targets/highest-seen.ts',
    ]);
    expect(defining(/export function (fenceGuardTrigger|fenceSeenTable|admitsPosition)\b/)).toEqual(
      ['lib/lease/fence.ts'],
    );
    const uses = (path: string, what: RegExp) =>
      expect(FILES.find((f) => f.path === path)?.text, path).toMatch(what);
    uses('lib/crashlab/schema.ts', /fenceSeenTable\(dialect\)/);
    uses('lib/crashlab/schema.ts', /fenceGuardTrigger\(/);
    uses('lib/crashlab/schema.ts', /runTableSchema\(dialect\)/);
    uses('lib/crashlab/publisher.ts', /registerSql\(/);
    uses('lib/crashlab/one-trip.ts', /REGISTER_AND_READ_SEEN/);
  });

  it('one step: every run-row write is run and decided by lib/lease/step.ts', () => {
    expect(defining(/export function (step|stepAsync)\b/)).toEqual(['lib/lease/step.ts']);
    // The first pipeline (commitOutcome, claimOutcome, commitResult) is gone.
    expect(defining(/export function (commitOutcome|claimOutcome|commitResult)\b/)).toEqual([]);
    expect(outsideLease(/kind:\s*'(refused|duplicate)'/)).toEqual([]);
    // The crash lab's finish and renewals are lib/lease's step, on either dialect.
    expect(FILES.find((f) => f.path === 'lib/crashlab/run-results.ts')?.text).toMatch(
      /stepAsync\(/,
    );
    // Only the claim lab still decides a renewal or finish itself (it judges the learner's SQL).
    expect(outsideLease(/\bdecide(Finish|Renew)\(/)).toEqual(['lib/claim-lab/outcomes.ts']);
  });

  it('one ResourceFence implementation, used by the timeline, the checker’s designs and the crash lab', () => {
    // The union of the target kinds' fence values, in their registry.
    expect(defining(/export type ResourceFence\b/)).toEqual(['lib/lease/kinds/targets/index.ts']);
    expect(defining(/export function (fencedWriteSql|admitSql|registerSql)\b/)).toEqual([
      'lib/lease/fence.ts',
    ]);
    expect(defining(/export function writeThroughFence\b/)).toEqual(['lib/lease/fence-write.ts']);
    const uses = (path: string, what: RegExp) =>
      expect(FILES.find((f) => f.path === path)?.text, path).toMatch(what);
    uses('lib/timeline/targets.ts', /writeThroughFence/);
    uses('lib/crashlab/publisher.ts', /admitsPosition\(PUBLISHER_FENCE/);
    // The checker runs the statements lib/lease built from the design's fences.
    uses('lib/lease/build.ts', /fencedWriteSql/);
    uses('lib/lease/step-prepared.ts', /targets\.writeReport/);
  });

  it('one properties.ts, used by the checker, the replay oracle, the timeline and the crash lab', () => {
    expect(defining(/export type ViolationKind\b/)).toEqual(['lib/lease/properties.ts']);
    expect(defining(/export function firstViolation\b/)).toEqual(['lib/lease/properties.ts']);
    const users = [
      'lib/checker/property-checks.ts',
      'lib/timeline/properties.ts',
      'lib/crashlab/lab-stale-writes.ts',
    ];
    for (const path of users) {
      expect(FILES.find((f) => f.path === path)?.text, path).toMatch(/isStaleWrite|firstViolation/);
    }
    // The replay oracle is the timeline's own reader; the checker keeps no copy of it.
    expect(FILES.find((f) => f.path === 'lib/timeline/properties.ts')?.text).toMatch(
      /export function traceViolation/,
    );
    expect(FILES.find((f) => f.path === 'lib/checker/timeline-replay.ts')?.text).not.toMatch(
      /function \w*[Vv]iolation/,
    );
  });

  it('the commit conditions are written once, as fragments', () => {
    expect(outsideLease(/AND\s+fence\s*=\s*\$token/)).toEqual([]);
    expect(defining(/export const COMMIT_CONDITIONS\b/)).toEqual(['lib/lease/conditions.ts']);
  });

  it('modules talk through values: nothing detects behaviour from SQL text or parses another module’s sentences', () => {
    expect(defining(/includes\(\s*'CREATE TRIGGER'/)).toEqual([]);
    expect(defining(/startsWith\(\s*'does nothing'/)).toEqual([]);
  });

  it('a type name is used once across lib/ (one glossary; engine types carry engine names)', () => {
    const names = FILES.filter((f) => f.path.startsWith('lib/')).flatMap((f) =>
      [...f.text.matchAll(/^export (?:interface|type) ([A-Za-z0-9_]+)/gm)].map((m) => m[1]),
    );
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  it('who constructs a WriteDecision and who constructs an explanation: read from imports and exports', () => {
    // A WriteDecision carries decided.ts's mark and an explanation is explained.ts's Explained:
    // both brands' symbols are unexported, so the only way to make one is the marking function.
    const valueImports = (name: string, file: string) =>
      FILES.filter((f) =>
        importsOf(f).some((i) => i.module === file && !i.typeOnly && i.names.includes(name)),
      ).map((f) => f.path);
    expect(valueImports('decided', 'lib/lease/decided')).toEqual(['lib/lease/judge.ts']);
    // The one explainer, in files by job: writes (explain.ts), properties found over a search or
    // a history (explain-found.ts), a crash-lab worker's log (explain-log.ts), the settings line
    // (explain-settings.ts) and the state panel (explain-state.ts), steps that write nothing (explain-steps.ts), the
    // cause of a rightful holder's refusal (explain-cause.ts).
    expect(valueImports('explained', 'lib/lease/explained')).toEqual([
      'lib/lease/explain-cause.ts',
      'lib/lease/explain-coverage.ts',
      'lib/lease/explain-found.ts',
      'lib/lease/explain-log.ts',
      'lib/lease/explain-settings.ts',
      'lib/lease/explain-state.ts',
      'lib/lease/explain-steps.ts',
      'lib/lease/explain.ts',
    ]);
    // The door of lib/lease re-exports neither marking function, nor the builders' inner file.
    const door = FILES.find((f) => f.path === 'lib/lease/index.ts')!;
    for (const i of importsOf(door)) {
      if (i.module === 'lib/lease/decided' || i.module === 'lib/lease/explained')
        expect(i.typeOnly && !i.star, `lib/lease/index.ts re-exports ${i.module}`).toBe(true);
      if (i.module === 'lib/lease/judge') expect(i.names).not.toContain('build');
    }
    // Nothing outside lib/lease reaches the marks or the judge by an inner path.
    const inner = ['lib/lease/decided', 'lib/lease/explained', 'lib/lease/judge'];
    expect(
      FILES.filter(
        (f) =>
          !f.path.startsWith('lib/lease/') && importsOf(f).some((i) => inner.includes(i.module)),
      ).map((f) => f.path),
    ).toEqual([]);
    // A cast is the one way around a brand.
    expect(
      outsideLease(/\bas\s+(Explained|WriteDecision)\b|<(Explained|WriteDecision)>\s*\{/),
    ).toEqual([]);
  });
});

/** One import or re-export of a file: the module it names (resolved to a path), and what. */
interface ImportOf {
  module: string;
  names: string[];
  typeOnly: boolean;
  star: boolean;
}

/** The imports and re-exports of a source file, with their modules resolved to repo paths. */
function importsOf(file: { path: string; text: string }): ImportOf[] {
  const out: ImportOf[] = [];
  const re =
    /^(?:import|export)\s+(type\s+)?(\*(?:\s+as\s+\w+)?|\{([^}]*)\}|\w+(?:\s*,\s*\{([^}]*)\})?)\s+from\s+['"]([^'"]+)['"]/gm;
  for (const m of file.text.matchAll(re)) {
    const spec = m[5];
    const path = spec.startsWith('@/')
      ? spec.slice(2)
      : spec.startsWith('.')
        ? join(file.path, '..', spec)
        : spec;
    const list = (m[3] ?? m[4] ?? '').split(',').map((n) => n.trim());
    const names = list
      .filter((n) => n && !n.startsWith('type '))
      .map((n) => n.split(/\s+as\s+/)[0]);
    out.push({
      module: path.replace(/\.(ts|tsx)$/, '').replace(/\/index$/, ''),
      names,
      typeOnly: Boolean(m[1]) || (names.length === 0 && !m[2].startsWith('*')),
      star: m[2].startsWith('*'),
    });
  }
  return out;
}
