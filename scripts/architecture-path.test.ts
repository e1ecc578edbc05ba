import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// docs/architecture.md draws one timeline write from event to pixels in five files (issue 38).
// The drawing went stale once (it named a judge that had moved): each stop's file must exist,
// define the function the drawing names, and hand the write on to the next stop.
const root = new URL('../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The numbered stops of the drawing: its file (or folder) and the text beside it. */
function stops(): { file: string; text: string }[] {
  const doc = read('docs/architecture.md');
  const start = doc.indexOf('One timeline write (');
  const block = doc.slice(
    doc.indexOf('```', start) + 3,
    doc.indexOf('```', doc.indexOf('```', start) + 3),
  );
  const found: { file: string; text: string }[] = [];
  for (const line of block.split('\n')) {
    const m = /^(\d) (\S+)\s+(.*)$/.exec(line);
    if (m) found.push({ file: m[2], text: m[3] });
    else if (found.length > 0) found[found.length - 1].text += ` ${line.trim()}`;
  }
  return found;
}

describe('the drawn path of one timeline write (docs/architecture.md)', () => {
  const path = stops();

  it('has at most five stops, each a file or folder that exists', () => {
    expect(path.length).toBeGreaterThan(0);
    expect(path.length).toBeLessThanOrEqual(5);
    for (const { file } of path) expect(existsSync(new URL(file, root)), file).toBe(true);
  });

  it('each stop defines what it names, and calls the next stop', () => {
    const defines: [string, RegExp, RegExp | null][] = [
      ['lib/timeline/apply-run.ts', /export function (applyRunWrite|stepWrite)\b/, /\bstep\(/],
      ['lib/lease/step.ts', /export function step\(/, null],
      ['lib/timeline/effects.ts', /export function write\(/, /\bexplain\(decision/],
      ['lib/timeline/step-view.ts', /export function stepView\(/, null],
    ];
    expect(path.map((s) => s.file)).toEqual([
      ...defines.map(([file]) => file),
      'components/timeline',
    ]);
    for (const [file, defined, calls] of defines) {
      const source = read(file);
      expect(source, `${file} defines what the drawing names`).toMatch(defined);
      if (calls) expect(source, `${file} hands the write on`).toMatch(calls);
    }
    // The components the last stop names render the step's view.
    for (const name of ['trace-table.tsx', 'state-panel.tsx', 'score-panel.tsx']) {
      expect(path[4].text).toContain(name);
      expect(read(`components/timeline/${name}`)).toMatch(/\bview\b|stepView/);
    }
    // Every file the drawing names along the way exists (decide.ts, judge.ts, …), beside its
    // stop, in lib/lease, or among the components.
    for (const { file, text } of path)
      for (const m of text.matchAll(/([\w.-]+\.tsx?)\b/g)) {
        const places = [
          `${file.endsWith('.ts') ? file.slice(0, file.lastIndexOf('/')) : file}/${m[1]}`,
          `lib/lease/${m[1]}`,
          `components/timeline/${m[1]}`,
        ];
        expect(
          places.some((p) => existsSync(new URL(p, root))),
          m[1],
        ).toBe(true);
      }
  });
});
