import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HistoryDrawing } from '@/lib/crashlab';
import { HistoryLanes } from './history-lanes';

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

function drawing(processes: number, runs: number, emptyPolls: number): HistoryDrawing {
  const lanes = Array.from({ length: processes }, (_, i) => ({
    pid: 100 + i,
    worker: `worker-${i + 1}`,
    x: 0,
    width: 1,
    end: 'exited' as const,
    spans: [],
    marks: [],
  }));
  return {
    t0: 0,
    durationMs: 8_500,
    lanes,
    events: [],
    eventCount: 0,
    counts: {},
    emptyPolls,
    runs,
    ticks: [{ x: 0, label: '0 s' }],
  } as unknown as HistoryDrawing;
}

describe('HistoryLanes headline', () => {
  it('counts one of a kind in the singular ("1 runs" is banned)', () => {
    const shown = text(
      renderToStaticMarkup(createElement(HistoryLanes, { drawing: drawing(1, 1, 1) })),
    );
    expect(shown).toContain(
      '1 process, 1 run over 8.5 s. 1 claim that found nothing to claim is not drawn.',
    );
    expect(shown).not.toMatch(/\b1 (?:runs|processes|claims)\b/);
  });
  it('counts many in the plural', () => {
    const shown = text(
      renderToStaticMarkup(createElement(HistoryLanes, { drawing: drawing(3, 8, 0) })),
    );
    expect(shown).toContain(
      '3 processes, 8 runs over 8.5 s. 0 claims that found nothing to claim are not drawn.',
    );
  });
});
