import { describe, expect, it } from 'vitest';
import { CEILINGS, figures } from './scorecard.mjs';
import { existsSync, readFileSync } from 'node:fs';
import {
  REVIEWED_WORDS,
  duplicatePairs,
  literalsHolding,
  kindFiles,
  outcomeDeciders,
  propertyJudges,
  rowReaders,
  sqlRunners,
  testHelperLines,
  wordsOutsideExplainer,
} from './scorecard/measures.mjs';

/* Each measure of the scorecard counts what it says: planted files show it can rise. */

const file = (path: string, text: string) => ({ path, text });

describe('scorecard measures', () => {
  it('a runner passes a design statement to something that runs SQL; lib/lease is one place', () => {
    const runs = file('lib/x/run.ts', 'const n = db.run(design.finish, params);');
    const names = file('lib/x/name.ts', 'const sql = design.finish;');
    const step = file('lib/lease/step.ts', 'yield* all(design.claim, params);');
    const prepared = file('lib/lease/step-prepared.ts', 'perHolder(design.claimRead);');
    expect(sqlRunners([runs, names, step, prepared]).map((f) => f.path)).toEqual([
      'lib/x/run.ts',
      'lib/lease',
    ]);
  });

  it('an outcome decider compares a row count with 0 and names an outcome; lib/lease is one place', () => {
    const files = [
      file('lib/x/a.ts', "const o = changed > 0 ? 'applied' : 'refused';"),
      file('lib/lease/decide.ts', "const o = w.changed > 0 ? 'applied' : 'refused';"),
      file('lib/lease/rescue.ts', "outcome(ctx, w.changed > 0 ? 'applied' : 'refused')"),
      file('lib/x/b.ts', 'function finishIdentifies() {}'),
    ];
    expect(outcomeDeciders(files).map((f) => f.path)).toEqual([
      'lib/x/a.ts',
      'lib/lease',
      'lib/x/b.ts',
    ]);
  });

  it('a property judge defines judge, firstViolation or a class of property checks', () => {
    const files = [
      file('lib/x/a.ts', 'export function firstViolation(log) {}'),
      file('lib/x/b.ts', 'export class PropertyChecks {}'),
      file('lib/x/c.ts', 'export function fenceShrank(a, b) {}'),
    ];
    expect(propertyJudges(files).map((f) => f.path)).toEqual(['lib/x/a.ts', 'lib/x/b.ts']);
  });

  it('a row reader builds leaseUntil and status from a database row', () => {
    const reader = file('lib/x/a.ts', 'return { leaseUntil: Number(r.l), status: String(r.s) };');
    const claims = file('lib/x/b.ts', 'return { leaseUntil: Number(r.l), owner: String(r.o) };');
    expect(rowReaders([reader, claims]).map((f) => f.path)).toEqual(['lib/x/a.ts']);
  });

  it('words about a write in a string or JSX text count, outside the explainer and in comments not', () => {
    const files = [
      file('components/a.tsx', '<p>0 rows changed</p>'),
      file('lib/x/b.ts', "const t = `A's stale write landed, though A no longer holds the run`;"),
      file('lib/lease/explain-x.ts', "const t = '0 rows changed';"),
      file('lib/x/c.ts', '// 0 rows changed: a comment'),
    ];
    expect(wordsOutsideExplainer(files).map((f) => f.path)).toEqual([
      'components/a.tsx',
      'lib/x/b.ts',
    ]);
  });

  it('a reviewed literal is let off by itself: another narration in the same file still counts', () => {
    const reviewed = [
      { path: 'content/x.ts', excerpt: 'teaches the rule', reason: 'teaching' as const },
    ];
    const taught = file(
      'content/x.ts',
      "const t = 'a fence check refuses the old token: teaches the rule';",
    );
    expect(wordsOutsideExplainer([taught], reviewed)).toEqual([]);
    expect(wordsOutsideExplainer([taught])).toEqual([taught]);
    const more = file('content/x.ts', `${taught.text}\nconst u = 'A no longer holds the run';`);
    expect(wordsOutsideExplainer([more], reviewed)).toEqual([more]);
    const elsewhere = file('content/y.ts', taught.text);
    expect(wordsOutsideExplainer([elsewhere], reviewed)).toEqual([elsewhere]);
  });

  it('each reviewed excerpt is in exactly one literal of its file, and a checked one names its test', () => {
    for (const r of REVIEWED_WORDS) {
      const text = readFileSync(r.path, 'utf8');
      expect(literalsHolding(text, r.excerpt), `${r.path}: ${r.excerpt}`).toHaveLength(1);
      if (r.reason === 'checked') {
        expect(r.test, r.excerpt).toBeDefined();
        expect(existsSync(r.test!), r.test).toBe(true);
        const name = r.path.replace(/^content\/[\w-]+\//, '').replace(/\.ts$/, '');
        expect(readFileSync(r.test!, 'utf8'), `${r.test} imports ${name}`).toMatch(
          new RegExp(`from '[^']*${name}'`),
        );
      }
    }
  });

  it('a kind counts in every file that names it as a literal', () => {
    const files = [
      file('a.ts', "kind: 'as-read'"),
      file('b.ts', 'asRead'),
      file('c.ts', '"as-read"'),
    ];
    expect(kindFiles(files, ['as-read'])['as-read']).toEqual(['a.ts', 'c.ts']);
  });

  it('test helpers named truth* or arbitrary* count by lines', () => {
    const files = [file('lib/t/truth-x.ts', 'a\nb\nc'), file('lib/t/other.ts', 'a')];
    expect(testHelperLines(files)).toEqual({ files: ['lib/t/truth-x.ts'], lines: 3 });
  });

  it('a duplicate pair is six equal logic lines in two places; data lists do not count', () => {
    const logic = ['if (a) {', 'b = c(d);', 'e(f);', 'g = h + i;', 'return j(k);', 'l.m(n);'].join(
      '\n',
    );
    const data = ["'a',", "'b',", "'c',", "'d',", "'e',", "'f',"].join('\n');
    expect(duplicatePairs([file('x.ts', logic), file('y.ts', logic)])).toHaveLength(1);
    expect(duplicatePairs([file('x.ts', data), file('y.ts', data)])).toHaveLength(0);
    const names = ['a,', 'b,', 'type C,', 'd as e,', 'f,', 'type G,'].join('\n');
    expect(duplicatePairs([file('x.ts', names), file('y.ts', names)])).toHaveLength(0);
  });

  it('every figure of the tree is at or below its ceiling, and every figure has one', () => {
    for (const f of figures()) {
      expect(CEILINGS[f.id], f.id).toBeDefined();
      expect(f.value, `${f.id}: ${f.list.join(', ')}`).toBeLessThanOrEqual(CEILINGS[f.id]);
    }
  });
});

describe('test support files', () => {
  it('only tests and other test support files import a *.test-support file', async () => {
    const { productFiles: product } = await import('./scorecard/measures.mjs');
    const importers = product()
      .filter((f) => /from '[^']*\.test-support'/.test(f.text))
      .map((f) => f.path);
    expect(importers).toEqual([]);
  });
});
