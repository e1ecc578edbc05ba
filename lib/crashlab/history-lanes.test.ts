import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IMPORTED_TEXT_CHARS, type HistoryEntry } from './history';
import { HISTORY_IMPORT_LIMITS, historySizeProblem, importHistory } from './history-import';
import { drawHistory, timeTicks } from './history-lanes';

const w = (pid: number, worker: string) => ({ pid, worker });

/** A stale worker's story: claim, pause past the lease, takeover by another, refused publish. */
const STORY: HistoryEntry[] = [
  { type: 'nemesis', t: 0, ...w(1, 'w1'), action: 'spawn' },
  { type: 'nemesis', t: 0, ...w(2, 'w2'), action: 'spawn' },
  {
    type: 'complete',
    t: 100,
    ...w(1, 'w1'),
    op: 'claim',
    run: 'r1',
    generation: 1,
    outcome: 'applied',
  },
  { type: 'complete', t: 150, ...w(2, 'w2'), op: 'claim', outcome: 'refused', detail: 'none' },
  {
    type: 'nemesis',
    t: 200,
    ...w(1, 'w1'),
    action: 'pause',
    run: 'r1',
    generation: 1,
    point: 'before_effect',
  },
  {
    type: 'complete',
    t: 600,
    ...w(2, 'w2'),
    op: 'claim',
    run: 'r1',
    generation: 2,
    outcome: 'applied',
  },
  { type: 'nemesis', t: 700, ...w(1, 'w1'), action: 'resume', run: 'r1', generation: 1 },
  {
    type: 'complete',
    t: 710,
    ...w(1, 'w1'),
    op: 'publish',
    run: 'r1',
    generation: 1,
    outcome: 'refused',
    detail: 'stale',
  },
  {
    type: 'complete',
    t: 800,
    ...w(2, 'w2'),
    op: 'publish',
    run: 'r1',
    generation: 2,
    outcome: 'unknown',
    reason: 'ack-lost',
  },
  {
    type: 'complete',
    t: 850,
    ...w(2, 'w2'),
    op: 'publish',
    run: 'r1',
    generation: 2,
    outcome: 'duplicate',
  },
  {
    type: 'complete',
    t: 900,
    ...w(2, 'w2'),
    op: 'finish',
    run: 'r1',
    generation: 2,
    outcome: 'applied',
  },
  { type: 'nemesis', t: 950, ...w(1, 'w1'), action: 'kill' },
  { type: 'process', t: 1000, ...w(2, 'w2'), event: 'exit', code: 0 },
];

describe('drawHistory: one lane per process on one time axis', () => {
  const drawing = drawHistory(STORY);

  it('draws a lane per pid, in order of first appearance, ended by its kill or its exit', () => {
    expect(drawing.lanes.map((l) => [l.worker, l.end, l.x, l.width])).toEqual([
      ['w1', 'killed', 0, 0.95],
      ['w2', 'exited', 0, 1],
    ]);
  });

  it('marks the pause, the resumption, the takeover, the refused write and the lost ack', () => {
    const [w1, w2] = drawing.lanes;
    expect(w1.marks.map((m) => [m.kind, m.x])).toEqual([
      ['pause', 0.2],
      ['resume', 0.7],
      ['refused', 0.71],
      ['kill', 0.95],
    ]);
    expect(w1.marks[2]).toMatchObject({ write: 'publish', run: 'r1', generation: 1 });
    expect(w2.marks.map((m) => m.kind)).toEqual(['takeover', 'ack-lost', 'duplicate']);
    expect(drawing.counts).toEqual({
      kill: 1,
      pause: 1,
      resume: 1,
      takeover: 1,
      refused: 1,
      'ack-lost': 1,
      duplicate: 1,
    });
    expect(drawing.events.map((e) => `${e.worker}:${e.kind}`)).toEqual([
      'w1:pause',
      'w2:takeover',
      'w1:resume',
      'w1:refused',
      'w2:ack-lost',
      'w2:duplicate',
      'w1:kill',
    ]);
  });

  it('does not count a claim that found nothing as a refused write', () => {
    expect(drawing.emptyPolls).toBe(1);
    expect(drawing.counts.refused).toBe(1);
  });

  it('draws the runs held (claim to finish or refusal) and the pause as spans', () => {
    const [w1, w2] = drawing.lanes;
    expect(w1.spans).toEqual([
      { kind: 'paused', x: 0.2, width: 0.5 },
      { kind: 'holds', x: 0.1, width: 0.61, run: 'r1', generation: 1 },
    ]);
    expect(w2.spans).toEqual([{ kind: 'holds', x: 0.6, width: 0.3, run: 'r1', generation: 2 }]);
  });
});

describe('importHistory: a file from the page, validated and capped', () => {
  const recorded = readFileSync(
    join(process.cwd(), 'e2e/fixtures/chaos-history-seed3.jsonl'),
    'utf8',
  );

  it('draws the history the CLI recorded (chaos --seed 3, 3 workers, 8 runs)', () => {
    const result = importHistory(recorded);
    if (!result.ok) throw new Error(result.error);
    expect(result.shown).toBe(result.total);
    const { drawing } = result;
    expect(drawing.lanes.map((l) => `${l.worker}:${l.end}`)).toEqual([
      'w1:exited',
      'w2:exited',
      'w3:killed',
      'w3.1:exited',
    ]);
    expect(drawing.runs).toBe(8);
    expect(drawing.counts).toMatchObject({
      kill: 1,
      pause: 2,
      resume: 2,
      refused: 2,
      'ack-lost': 1,
    });
    expect(drawing.counts.takeover).toBeGreaterThanOrEqual(3);
    for (const lane of drawing.lanes) {
      for (const thing of [...lane.spans, ...lane.marks, lane]) {
        expect(thing.x).toBeGreaterThanOrEqual(0);
        expect(thing.x + ('width' in thing ? thing.width : 0)).toBeLessThanOrEqual(1 + 1e-9);
      }
    }
  });

  it('shows the first entries of a long file and says how many it left out', () => {
    const result = importHistory(recorded, {
      ...HISTORY_IMPORT_LIMITS,
      maxBytes: 1e9,
      maxEntries: 50,
    });
    expect(result).toMatchObject({ ok: true, shown: 50, total: 219 });
  });

  it('names the first bad line, and refuses empty, non-history and oversized files', () => {
    const lines = recorded.split('\n');
    lines[4] = '{"type":"invoke","t":1}';
    expect(importHistory(lines.join('\n'))).toEqual({
      ok: false,
      error: expect.stringMatching(/^history line 5 is not a crash-lab history entry\./),
    });
    expect(importHistory('not json')).toMatchObject({ error: /line 1 is not JSON/ });
    expect(importHistory('\n\n')).toMatchObject({ error: 'The file holds no history entries.' });
    expect(historySizeProblem(0)).toBe('The file is empty.');
    expect(historySizeProblem(12_000_000)).toMatch(/12\.0 MB; the page reads histories up to 5 MB/);
    expect(historySizeProblem(1000)).toBeNull();
  });
});

describe('timeTicks', () => {
  it('cuts every text of an imported entry at the door (issue 27): a 1.5-million-character worker name', () => {
    const huge = 'w'.repeat(1_500_000);
    const text = [
      JSON.stringify({ type: 'nemesis', t: 0, pid: 1, worker: huge, action: 'spawn' }),
      JSON.stringify({
        type: 'complete',
        t: 5,
        pid: 1,
        worker: huge,
        op: 'claim',
        outcome: 'refused',
        detail: huge,
      }),
    ].join('\n');
    const imported = importHistory(text);
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.drawing.lanes[0].worker).toBe(`${'w'.repeat(IMPORTED_TEXT_CHARS)}…`);
    expect(JSON.stringify(imported).length).toBeLessThan(10_000);
    expect(imported.textCut).toBe(
      'Shown 632 of 4,500,032 characters of names and details (long ones end with …).',
    );
  });

  it('puts round steps from 0 to the end of the history', () => {
    expect(timeTicks(11_000).map((t) => t.label)).toEqual([
      '0 s',
      '2 s',
      '4 s',
      '6 s',
      '8 s',
      '10 s',
    ]);
    expect(timeTicks(1000).map((t) => t.label)).toEqual([
      '0 s',
      '0.2 s',
      '0.4 s',
      '0.6 s',
      '0.8 s',
      '1 s',
    ]);
    expect(timeTicks(0)).toEqual([{ x: 0, label: '0 s' }]);
  });
});
