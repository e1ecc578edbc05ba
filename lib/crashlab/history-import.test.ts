import { describe, expect, it } from 'vitest';
import { HISTORY_IMPORT_LIMITS, importHistory } from './history-import';

const line = (entry: object) => JSON.stringify(entry);

describe('importHistory: what crosses from its Web Worker to the page is bounded (issue 27)', () => {
  it('draws the first 20 of 10,000 processes and says so; the counts keep them all', () => {
    const text = Array.from({ length: 10_000 }, (_, pid) =>
      line({ type: 'nemesis', t: 1000 + pid, pid, worker: `w${pid}`, action: 'kill' }),
    ).join('\n');
    const imported = importHistory(text);
    if (!imported.ok) throw new Error(imported.error);
    expect(imported.drawing.lanes).toHaveLength(HISTORY_IMPORT_LIMITS.maxLanes);
    expect(imported.lanesCut).toBe(
      'Shown 20 of 10,000 processes (the first are drawn; the tables count them all).',
    );
    expect(imported.drawing.counts.kill).toBe(10_000);
    expect(imported.marksCut).toBeNull();
  });

  it('draws at most 300 marks and bars across the lanes, each lane its first ones', () => {
    const text = Array.from({ length: 6_000 }, (_, i) =>
      line({ type: 'nemesis', t: i, pid: 1, worker: 'w1', action: i % 2 ? 'resume' : 'pause' }),
    ).join('\n');
    const imported = importHistory(text);
    if (!imported.ok) throw new Error(imported.error);
    const [lane] = imported.drawing.lanes;
    expect(lane.marks.length + lane.spans.length).toBe(HISTORY_IMPORT_LIMITS.maxMarks);
    expect(lane.marks[0].t).toBe(0);
    expect(imported.marksCut).toBe(
      'Shown 300 of 9,000 marks and bars on the drawn lanes (each lane’s first).',
    );
  });

  it('keeps only the fields an entry has, and only text or numbers in them', () => {
    const extra = Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]));
    const text = [
      line({ type: 'process', t: 1, pid: 1, worker: 'w1', event: 'start', ...extra }),
      line({
        type: 'complete',
        t: 2,
        pid: 1,
        worker: 'w1',
        op: 'publish',
        outcome: 'refused',
        detail: Array.from({ length: 100_000 }, () => 1),
      }),
    ].join('\n');
    const imported = importHistory(text);
    if (!imported.ok) throw new Error(imported.error);
    expect(JSON.stringify(imported).length).toBeLessThan(5_000);
    expect(imported.drawing.events[0].detail).toBeUndefined();
  });

  // Issue 42 review: a worker named with a right-to-left override turned the rest of its label
  // around on the page, and one with a zero-width space looked like another worker.
  it('shows control and format characters in names and details as \\uXXXX (names-bidi-shown-raw)', () => {
    const text = [
      line({ type: 'process', t: 1, pid: 1, worker: 'w1\u202Egnp.exe', event: 'start' }),
      line({ type: 'process', t: 2, pid: 2, worker: 'w\u200B1', event: 'start' }),
      line({
        type: 'complete',
        t: 3,
        pid: 1,
        worker: 'w1\u202Egnp.exe',
        op: 'publish',
        outcome: 'refused',
        detail: 'a\u001B[2Jb\nc',
      }),
    ].join('\n');
    const imported = importHistory(text);
    if (!imported.ok) throw new Error(imported.error);
    const shown = JSON.stringify(imported);
    expect(shown).not.toMatch(/[\u202E\u200B\u001B]/);
    const workers = imported.drawing.lanes.map((lane) => lane.worker);
    expect(workers).toEqual(expect.arrayContaining(['w1\\u202Egnp.exe', 'w\\u200B1']));
    expect(imported.drawing.events.map((e) => e.detail)).toContain('a\\u001B[2Jb\nc');
  });
});
