import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProgram } from '@/lib/claim-lab/run-program';
import { publisherSchema, taskSchema } from '@/lib/crashlab/schema';
import { dumpLabTables } from '@/lib/crashlab/table-dump';
import {
  comparedDesigns,
  designStatements,
  LESSON_VOCABULARY,
  ownerOnlyFinishDesign,
  RUN_STATUSES,
  selectThenUpdateClaim,
} from '@/lib/lease';
import { FENCE_SCHEMA } from '@/lib/lease/fence';
import { openSqlJs } from '@/lib/sqlite';
import { runRowLine } from '@/lib/timeline';
import { LAB_EXERCISES } from './claim-lab/exercises';
import { DEMO } from './lesson';
import { SANDBOX_SCRIPT, SANDBOX_SEED } from './sandbox';

// Issue 39 point 5: one schema, one set of names, everywhere the learner reads SQL or a column
// label. The names come from the glossary's list in docs/architecture.md, not from this file.

/** The rows of the "names the learner sees" list in docs/architecture.md, by their kind. */
function glossaryRows(): { kind: string; names: string[] }[] {
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const start = doc.indexOf('### The names the learner sees');
  const section = doc.slice(start, doc.indexOf('\n#', start + 4));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !/^\| (kind|-)/.test(line))
    .map((row) => ({
      kind: row.split('|')[1].trim(),
      names: [...row.matchAll(/`([^`]+)`/g)].map((m) => m[1]),
    }));
}

/**
 * The glossary's tables and their columns: each segment of a table row ("`runs`: `run_id`, …;
 * `a`, `b`: `key`, …") gives the tables before its colon the columns after it.
 */
function glossaryTables(): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const row of glossaryRows().filter((r) => /\btables?\b/.test(r.kind)))
    for (const segment of rowCell(row.kind).split(';')) {
      const [head, columns] = segment.split(':');
      if (columns === undefined) continue;
      const names = [...columns.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
      for (const t of head.matchAll(/`([^`]+)`/g)) tables.set(t[1], new Set(names));
    }
  return tables;
}

/** The names cell of the glossary row of a kind. */
function rowCell(kind: string): string {
  const doc = readFileSync(new URL('../docs/architecture.md', import.meta.url), 'utf8');
  const row = doc.split('\n').find((line) => line.split('|')[1]?.trim() === kind) ?? '';
  return row.split('|')[2] ?? '';
}

/** The glossary's names: every backticked name of the list but the retired ones. */
function glossaryNames(): Set<string> {
  return new Set(
    glossaryRows()
      .filter((row) => !row.kind.startsWith('retired'))
      .flatMap((row) => row.names),
  );
}

/** Names the tools used before and no column label may show (the list's "retired" row). */
function retiredNames(): Set<string> {
  return new Set(
    glossaryRows()
      .filter((row) => row.kind.startsWith('retired'))
      .flatMap((row) => row.names),
  );
}

/** Every .tsx file under a folder of the app, tests left out. */
function tsxFiles(folder: string): string[] {
  const root = new URL(`../${folder}/`, import.meta.url).pathname;
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.tsx') && !f.includes('.test.'))
    .map((f) => join(root, f));
}

/**
 * Every column label the source of a page writes out (components/ and app/): the entries of a
 * table's `columns={[…]}` list, a header cell's text (<th>), and a panel's term (<dt>, as the
 * crash lab's run panel labels the run row's columns). Labels computed from data (a SQL
 * result's columns) are read where the data is, by the SQL tests above.
 */
function columnLabelsIn(source: string): string[] {
  const labels: string[] = [];
  for (const start of source.matchAll(/columns=\{\[/g)) {
    let depth = 0;
    let end = start.index + 'columns={'.length;
    for (; end < source.length; end += 1) {
      if (source[end] === '[') depth += 1;
      if (source[end] === ']' && --depth === 0) break;
    }
    const list = source.slice(start.index + 'columns={['.length, end);
    labels.push(
      // Strings and text between tags; an attribute's value (key="count", a class) is no label.
      ...[...list.matchAll(/(?<!=)'([^'\n]*)'|(?<!=)"([^"\n]*)"|>([^<>{}]+)</g)]
        .map((m) => (m[1] ?? m[2] ?? m[3]).trim())
        .filter((t) => t !== ''),
    );
  }
  for (const m of source.matchAll(/<(th|dt)\b[^>]*>([^<{]+)<\/\1>/g)) labels.push(m[2].trim());
  return labels;
}

/** The names in a label that the glossary does not allow: a retired name, or an unknown column. */
function badNamesIn(label: string, allowed: Set<string>, retired: Set<string>): string[] {
  const words = label.match(/[A-Za-z_][\w]*/g) ?? [];
  return words.filter((word) => {
    const name = word.toLowerCase();
    if (retired.has(name)) return true;
    // A column's own name (snake_case, as a table header shows it) must be the glossary's.
    return word.includes('_') && !allowed.has(word);
  });
}

const KEYWORDS = new Set(
  'CREATE TABLE IF NOT EXISTS TEXT PRIMARY KEY NULL DEFAULT INTEGER CHECK IN INSERT INTO VALUES UPDATE SET WHERE AND OR RETURNING AS SELECT FROM ON CONFLICT DO'.split(
    ' ',
  ),
);

/** Every SQL text the learner is shown, by where it is shown. */
function sqlTexts(): [string, string][] {
  const texts: [string, string][] = [
    ['sandbox seed', SANDBOX_SEED],
    ['sandbox script', String(SANDBOX_SCRIPT)],
    ...DEMO.steps
      .filter((line) => /^\s*(create table|update|select|insert into)\b/i.test(line))
      .map((line): [string, string] => ['lesson demo', line]),
    ['split claim (check)', selectThenUpdateClaim.check],
    ['split claim (take)', selectThenUpdateClaim.take],
  ];
  for (const d of [...comparedDesigns(), ownerOnlyFinishDesign]) {
    texts.push([`${d.id} schema`, d.schema], [`${d.id} submit`, d.submit]);
    for (const s of designStatements(d)) texts.push([`${d.id} ${s.label}`, s.sql]);
  }
  for (const e of LAB_EXERCISES)
    for (const program of [e.starter, e.solution])
      for (const m of program.matchAll(/`([^`]*)`/g))
        if (/\b(UPDATE|SELECT|INSERT|CREATE)\b/i.test(m[1]))
          texts.push([`claim lab ${e.id}`, m[1]]);
  return texts;
}

/** The tables a SQL text names (after FROM, INTO, UPDATE, TABLE, JOIN). */
function tablesIn(sql: string): string[] {
  return [...sql.matchAll(/\b(?:FROM|INTO|UPDATE|TABLE(?: IF NOT EXISTS)?|JOIN)\s+(\w+)/gi)].map(
    (m) => m[1],
  );
}

/**
 * The names of a SQL text the glossary does not allow there: a column is allowed only when the
 * text names a table that has it (so `generation` cannot pass as another table's column), every
 * other name only when the glossary lists it outside the tables (statuses, names a statement
 * gives values, SQL's own).
 */
function namesOutside(sql: string, tables: Map<string, Set<string>>, allowed: Set<string>) {
  const columnsOfAny = new Set([...tables.values()].flatMap((c) => [...c]));
  const here = new Set(tablesIn(sql).flatMap((t) => [...(tables.get(t) ?? [])]));
  const others = new Set([...allowed].filter((name) => !columnsOfAny.has(name) || here.has(name)));
  return namesIn(sql).filter((name) => !tables.has(name) && !here.has(name) && !others.has(name));
}

/** The names a SQL text uses: identifiers outside comments, string literals and parameters. */
function namesIn(sql: string): string[] {
  const body = sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/'[^']*'/g, ' ')
    .replace(/\$\w+/g, ' ');
  return [...body.matchAll(/\b[A-Za-z_]\w*\b/g)]
    .map((m) => m[0])
    .filter((w) => !KEYWORDS.has(w.toUpperCase()));
}

describe('one schema, one set of names', () => {
  const allowed = glossaryNames();

  it('reads the glossary’s list: the runs table and its columns are in it', () => {
    for (const name of ['runs', 'run_id', 'owner', 'fence', 'lease_until', 'status', 'queued'])
      expect(allowed).toContain(name);
  });

  it('every SQL text the learner sees names only the glossary’s tables, and only their columns', () => {
    const tables = glossaryTables();
    expect(tables.get('resource_fences')).toEqual(
      new Set(['run_id', 'resource', 'fence', 'batch']),
    );
    const outside = sqlTexts().flatMap(([where, sql]) =>
      namesOutside(sql, tables, allowed).map((name) => `${where}: ${name}`),
    );
    expect([...new Set(outside)]).toEqual([]);
  });

  it('a column passes only with a table that has it (the check can fail)', () => {
    const tables = glossaryTables();
    const old = `INSERT INTO resource_fences (run_id, resource, generation, batch) VALUES ($run, 'r', $token, 0)`;
    expect(namesOutside(old, tables, allowed)).toEqual(['generation']);
    expect(namesOutside('SELECT batch FROM runs WHERE run_id = $run', tables, allowed)).toEqual([
      'batch',
    ]);
    expect(namesOutside('SELECT fence, batch FROM resource_fences', tables, allowed)).toEqual([]);
  });

  it('the targets’ tables, as lib/lease creates them, have exactly the glossary’s columns', async () => {
    const tables = glossaryTables();
    const db = await openSqlJs();
    db.exec(FENCE_SCHEMA);
    for (const table of ['resource_fences', 'resource_writes']) {
      const real = db
        .all<{ name: string }>(`SELECT name FROM pragma_table_info('${table}')`)
        .map((c) => c.name);
      expect(new Set(real), table).toEqual(tables.get(table));
    }
    db.close();
  });

  it('catches the claim lab’s old names (the check can fail)', () => {
    const old = `UPDATE jobs SET state = 'done' WHERE id = $run AND until > $now AND state = 'running'`;
    expect(namesIn(old).filter((name) => !allowed.has(name))).toEqual([
      'jobs',
      'state',
      'id',
      'until',
      'state',
    ]);
  });

  it('every status a SQL text sets or compares is one of the lesson’s statuses', () => {
    const statuses = new Set<string>(RUN_STATUSES);
    const seen = sqlTexts().flatMap(([where, sql]) =>
      [...sql.matchAll(/\bstatus\s*(?:=|IN\s*\()\s*'(\w+)'/gi)].map((m) => [where, m[1]]),
    );
    expect(seen.length).toBeGreaterThan(10);
    expect(seen.filter(([, s]) => !statuses.has(s!))).toEqual([]);
  });

  it('the claim lab’s step table and the timeline’s trace label the run row’s columns the same', async () => {
    const demo = LAB_EXERCISES.find((e) => e.id === 'demo')!;
    const run = await runProgram(await openSqlJs(), demo.starter);
    const columns = run.steps.find((s) => s.table)?.table?.columns.map(String) ?? [];
    expect(columns).toEqual(['run_id', 'owner', 'lease_until', 'fence', 'status']);
    const trace = runRowLine(
      { owner: 'A', fence: 1, leaseUntil: 5, status: 'running' },
      LESSON_VOCABULARY,
    );
    const labels = [...trace.matchAll(/(\w+)=/g)].map((m) => m[1]);
    expect(labels.filter((l) => !allowed.has(l))).toEqual([]);
  });

  // The crash lab shows its two databases as tables (every table, every column, by name): the
  // claims table's `generation` beside the run row's `fence` was one name too many.
  it('the crash lab’s tables and columns, as its page shows them, are the glossary’s', async () => {
    const task = await openSqlJs();
    const publisher = await openSqlJs();
    task.exec(taskSchema('sqlite'));
    publisher.exec(publisherSchema('sqlite', null));
    const dumps = dumpLabTables(task, publisher);
    const shown = [...dumps.task, ...dumps.publisher].flatMap((t) => [
      t.name,
      ...t.columns.map((c) => `${t.name}.${c}`),
    ]);
    expect(shown).toContain('claims.fence');
    expect(shown.filter((name) => !allowed.has(name.replace(/^\w+\./, '')))).toEqual([]);
    // Each table's headers, read from the database as the page reads them, are exactly the
    // glossary's columns of that table.
    const tables = glossaryTables();
    for (const t of [...dumps.task, ...dumps.publisher])
      expect(new Set(t.columns), t.name).toEqual(tables.get(t.name));
    task.close();
    publisher.close();
  });

  // The labels a page writes in its source: a table's column list, a header cell, a panel's
  // term. "Fence (generation)" over the crash lab's fence column was one such label.
  it('every column label written in components/ and app/ uses only the glossary’s names', () => {
    const retired = retiredNames();
    const labels = ['components', 'app'].flatMap((folder) =>
      tsxFiles(folder).flatMap((file) =>
        columnLabelsIn(readFileSync(file, 'utf8')).map((label) => ({ file, label })),
      ),
    );
    // The scan finds the labels it is for: the trace's, the crash lab's, the run panel's.
    const found = labels.map((l) => l.label);
    for (const label of ['Run row after', 'Fence', 'Owner', 'Deleted condition'])
      expect(found).toContain(label);
    const bad = labels.flatMap(({ file, label }) =>
      badNamesIn(label, allowed, retired).map(
        (name) => `${file.replace(/.*\/(components|app)\//, '$1/')}: “${label}” names ${name}`,
      ),
    );
    expect(bad).toEqual([]);
  });

  it('catches a planted bad label in each place a label is written (the check can fail)', () => {
    const retired = retiredNames();
    const planted = `
      <Table columns={['Time', 'Fence (generation)', <span key="u">until</span>]} />
      <dl><dt className="text-muted">state</dt></dl>
      <thead><tr><th scope="col">job_id</th></tr></thead>`;
    const labels = columnLabelsIn(planted);
    expect(labels).toEqual(['Time', 'Fence (generation)', 'until', 'state', 'job_id']);
    expect(labels.flatMap((l) => badNamesIn(l, allowed, retired))).toEqual([
      'generation',
      'until',
      'state',
      'job_id',
    ]);
  });
});
