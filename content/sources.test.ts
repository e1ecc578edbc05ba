import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CASE_FILES } from './cases';
import { citedIds, type Cite } from './cite';

/** One row of a table in docs/sources.md. */
interface SourceRow {
  section: string;
  id: string;
  claim: string;
  where: string;
  source: string;
  quote: string;
}

const SECTIONS = ['Case files', 'Lesson and questions', 'Mistakes', 'Crash lab'] as const;
const COLUMNS = ['id', 'claim', 'where', 'source', 'quote'];

/** The rows of every five-column table under a `## ` heading, each with its heading. */
function parseSources(markdown: string): { sections: string[]; rows: SourceRow[] } {
  const sections: string[] = [];
  const rows: SourceRow[] = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      section = heading[1].trim();
      sections.push(section);
      continue;
    }
    if (!line.startsWith('|')) continue;
    const cells = line
      .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
      .split('|')
      .map((c) => c.trim());
    if (cells.every((c) => /^:?-+:?$/.test(c)) || cells[0] === 'id') continue;
    if (cells.length !== COLUMNS.length)
      throw new Error(`docs/sources.md: a row with ${cells.length} cells, not 5: ${line}`);
    const [id, claim, where, source, quote] = cells;
    rows.push({ section, id, claim, where, source, quote });
  }
  return { sections, rows };
}

/** Every `cite` value found in a content value, with the path that led to it. */
function collectCites(value: unknown, path: string, seen: Set<unknown>, out: [string, Cite][]) {
  if (value === null || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((v, i) => collectCites(v, `${path}[${i}]`, seen, out));
    return;
  }
  for (const [key, v] of Object.entries(value)) {
    if (key === 'cite') out.push([path, v as Cite]);
    else collectCites(v, `${path}.${key}`, seen, out);
  }
}

const markdown = fs.readFileSync(
  fileURLToPath(new URL('../docs/sources.md', import.meta.url)),
  'utf8',
);
const { sections, rows } = parseSources(markdown);
const rowIds = new Set(rows.map((r) => r.id));

// Every content module (tests aside): a cite anywhere in their exports is found.
const modules = import.meta.glob<Record<string, unknown>>(['./**/*.ts', '!./**/*.test.ts'], {
  eager: true,
});

describe('docs/sources.md', () => {
  it('has the sections content cites from, and rows that parse', () => {
    for (const s of SECTIONS) expect(sections, s).toContain(s);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('gives every row a unique id, a claim, where content states it, a source and a quote', () => {
    expect(rows.length).toBe(rowIds.size);
    for (const r of rows) {
      expect(r.id, r.id).toMatch(/^[a-z0-9-]+\.[a-z0-9.-]+$/);
      expect(r.claim.length, `${r.id}: claim`).toBeGreaterThan(10);
      expect(r.where, `${r.id}: where`).toMatch(/content\//);
      expect(r.source.length, `${r.id}: source`).toBeGreaterThan(10);
      // A quote is the source's words: quoted, and more than a word or two.
      expect(r.quote, `${r.id}: quote`).toMatch(/^“.{12,}”$|^".{12,}"$/);
    }
  });

  it('has a row for every id content cites', () => {
    const cites: [string, Cite][] = [];
    const seen = new Set<unknown>();
    for (const [file, mod] of Object.entries(modules)) collectCites(mod, file, seen, cites);
    for (const [path, cite] of cites) {
      const ids = citedIds(cite);
      expect(ids.length, `${path}: an empty cite`).toBeGreaterThan(0);
      for (const id of ids) expect(rowIds.has(id), `${path} cites ${id}`).toBe(true);
    }
  });
});

describe('the case files in docs/sources.md', () => {
  for (const c of CASE_FILES)
    it(`${c.id}: has rows of its own under "Case files", and each of its sources cites rows`, () => {
      const own = rows.filter((r) => r.id.startsWith(`${c.id}.`));
      expect(own.length, c.id).toBeGreaterThan(0);
      for (const r of own) {
        expect(r.section, r.id).toBe('Case files');
        expect(r.where, r.id).toContain(`content/cases/${c.id}.ts`);
      }
      for (const s of c.sources) expect(citedIds(s.cite).length, s.title).toBeGreaterThan(0);
      // Every row of the case is cited by one of its sources: no row is left without a reader.
      const cited = new Set(c.sources.flatMap((s) => citedIds(s.cite)));
      for (const r of own) expect(cited.has(r.id), `${r.id} is cited by no source`).toBe(true);
    });
});
