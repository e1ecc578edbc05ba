import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { checkRun, LAB_API_DTS, recordDeletion, type DeletionFindings } from '@/lib/claim-lab';
import { runProgram } from '@/lib/claim-lab/run-program';
import { COMMIT_CONDITIONS } from '@/lib/lease';
import { openSqlJs } from '@/lib/sqlite';
import { DEMO_ID, DROP_ID, LAB_EXERCISES } from './exercises';
import { DEMO_PROGRAM, DROP_STARTER } from './programs';

async function run(source: string) {
  return runProgram(await openSqlJs(), source);
}

const libCache = new Map<string, ts.SourceFile>();

/**
 * Type-checks programs as the editor does: strict, the ES2022 library and the lab API, no DOM,
 * each program its own module. One compiler program for all, so the library is parsed once.
 */
function typeErrors(...sources: string[]): string[] {
  const files: Record<string, string> = { '/lab-api.d.ts': LAB_API_DTS };
  sources.forEach((source, i) => (files[`/program-${i}.ts`] = source));
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    types: [],
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    moduleDetection: ts.ModuleDetectionKind.Force,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => files[name] ?? readFile(name);
  host.fileExists = (name) => name in files || ts.sys.fileExists(name);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) => {
    if (name in files) return ts.createSourceFile(name, files[name], version);
    let cached = libCache.get(name);
    if (!cached) {
      cached = getSourceFile(name, version);
      if (cached) libCache.set(name, cached);
    }
    return cached;
  };
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map(
      (d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
}

describe('the lesson demo program', () => {
  it('prints 1 2 / old: 0 / new: 1 on real SQLite', async () => {
    const result = await run(DEMO_PROGRAM);
    expect(result.error).toBeNull();
    expect(result.output).toEqual(['1 2', 'old: 0', 'new: 1']);
  });

  it('shows the runs row after each write: A loses the run to B at 6', async () => {
    const result = await run(DEMO_PROGRAM);
    const rows = result.steps.map((s) => s.table?.rows[0]);
    expect(result.steps[0].table?.columns).toEqual([
      'run_id',
      'owner',
      'lease_until',
      'fence',
      'status',
    ]);
    expect(rows).toEqual([
      undefined, // CREATE TABLE: no row yet
      ['r', '', 0, 0, 'queued'],
      ['r', 'A', 5, 1, 'running'],
      ['r', 'B', 11, 2, 'running'],
      ['r', 'B', 11, 2, 'running'], // A's stale finish changed nothing
      ['r', 'B', 11, 2, 'done'],
    ]);
    expect(result.steps.map((s) => s.changed)).toEqual([0, 1, 1, 1, 0, 1]);
    expect(result.steps.map((s) => s.from?.text)).toEqual([
      expect.stringContaining('CREATE TABLE'),
      expect.stringContaining('INSERT INTO runs'),
      "const a = claim('A', 0);",
      "const b = claim('B', 6);",
      "print('old:', finish('A', a, 7));",
      "print('new:', finish('B', b, 7));",
    ]);
  });
});

describe.each(LAB_EXERCISES)('exercise $id', (exercise) => {
  it('has a reference solution that passes its check', async () => {
    const result = await run(exercise.solution);
    const verdict = checkRun(result, exercise.check);
    expect(result.error, result.error?.message).toBeNull();
    expect(verdict.passed, result.output.join('\n')).toBe(true);
  });

  it('does not pass a program that prints the expected lines without touching the database (print-without-db-passes)', async () => {
    const printed = exercise.check.lines.map((line) => `print(${JSON.stringify(line)});`);
    const result = await run(printed.join('\n'));
    const verdict = checkRun(result, exercise.check);
    expect(result.error).toBeNull();
    expect(verdict.lines.every((l) => l.ok)).toBe(true);
    expect(verdict.passed).toBe(false);
    expect(verdict.unmetWrite).toEqual(exercise.check.writes[0]);
  });

  if (exercise.kind === 'challenge') {
    it('starts from a program that does not pass yet', async () => {
      const result = await run(exercise.starter);
      expect(result.error).toBeNull();
      expect(checkRun(result, exercise.check).passed).toBe(false);
    });
  }
});

describe('the lab API declarations', () => {
  it('type-check every starter and solution without errors', () => {
    expect(typeErrors(...LAB_EXERCISES.flatMap((e) => [e.starter, e.solution]))).toEqual([]);
  });

  it('catch a misuse of db as a type error', () => {
    expect(typeErrors(`db.run(42);`).join()).toContain('not assignable');
    expect(typeErrors(`db.runn('SELECT 1');`).join()).toContain("Property 'runn' does not exist");
  });

  // Review 42c, F14: console was "Cannot find name 'console'. … Try changing the 'lib' compiler
  // option to include 'dom'", although the engine gives every program a console.
  it('take the console the engine gives a program, and nothing the engine does not give', () => {
    expect(typeErrors(`console.log('x', 1); console.error({ a: 1 }); console.debug();`)).toEqual(
      [],
    );
    expect(typeErrors(`console.table([1]);`).join()).toContain("Property 'table' does not exist");
  });
});

describe('drop one condition', () => {
  const outputs = {
    owner: ['1 2', 'old: 0', 'new: 1'],
    fence: ['1 2', 'old: 1', 'new: 0'],
    lease: ['1 2', 'old: 0', 'new: 1'],
    status: ['1 2', 'old: 0', 'new: 1'],
  };
  const deletions = {
    owner: ' AND owner = $owner',
    fence: ' AND fence = $token',
    lease: ' AND lease_until > $now',
    status: " AND status = 'running'",
  };

  it('only deleting the fence lets the stale finish through, and the lab records each', async () => {
    let findings: DeletionFindings = {};
    for (const condition of COMMIT_CONDITIONS) {
      expect(DROP_STARTER).toContain(deletions[condition]);
      const result = await run(DROP_STARTER.replace(deletions[condition], ''));
      expect(result.output).toEqual(outputs[condition]);
      findings = recordDeletion(findings, result);
    }
    expect(findings).toEqual({
      owner: 'blocked',
      fence: 'let-through',
      lease: 'blocked',
      status: 'blocked',
    });
  });

  it('in the lesson’s own demo no single deletion is enough: owner and fence both refuse A', async () => {
    for (const condition of ['owner', 'fence'] as const) {
      const result = await run(DEMO_PROGRAM.replace(deletions[condition], ''));
      expect(result.output).toEqual(['1 2', 'old: 0', 'new: 1']);
    }
  });

  it('uses the ids the page and the activity log rely on', () => {
    expect(LAB_EXERCISES.map((e) => e.id)).toContain(DROP_ID);
    expect(LAB_EXERCISES[0].id).toBe(DEMO_ID);
    expect(new Set(LAB_EXERCISES.map((e) => e.id)).size).toBe(LAB_EXERCISES.length);
  });
});
