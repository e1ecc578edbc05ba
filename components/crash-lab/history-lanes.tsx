'use client';

import {
  MARK_KINDS,
  MARK_LABELS,
  sinceStart,
  type HistoryDrawing,
  type LaneMark,
  type MarkKind,
} from '@/lib/crashlab';
import { counted, OUTCOME_WORDS } from '@/lib/lease';
import { Panel } from '@/components/ui/panel';
import { Cell, Row, Table } from '@/components/ui/table';

/** What the nemesis did to a process sits above its bar; what became of its writes, below. */
const ABOVE = new Set<MarkKind>(['kill', 'pause', 'resume']);

/** A shape per kind, so marks differ by more than colour. */
const GLYPHS: Record<MarkKind, { glyph: string; tone: string }> = {
  kill: { glyph: '✕', tone: 'text-bad' },
  pause: { glyph: '‖', tone: 'text-ink' },
  resume: { glyph: '▶', tone: 'text-ink' },
  takeover: { glyph: '◆', tone: 'text-accent' },
  refused: { glyph: OUTCOME_WORDS.refused.glyph, tone: 'text-bad' },
  'ack-lost': { glyph: '?', tone: 'text-accent' },
  duplicate: { glyph: '=', tone: 'text-good' },
};

/** Rows of the event table: a longer history lists its first ones (see HISTORY_IMPORT_LIMITS). */
const TABLE_ROWS = 50;
const percent = (x: number) => `${(x * 100).toFixed(3)}%`;

function describeMark(m: LaneMark, t0: number): string {
  const what = [m.write, m.run, m.generation !== undefined ? `fence ${m.generation}` : '']
    .filter(Boolean)
    .join(', ');
  return `${MARK_LABELS[m.kind]} at ${sinceStart(m.t, t0)}${what ? `: ${what}` : ''}`;
}

/**
 * An imported history as lanes, one per process, on one time axis: runs held as bars, pauses
 * hatched, and a mark for every kill, pause, resumption, takeover, refused write, lost ack and
 * duplicate. The legend table and the event table carry the same facts for screen readers.
 */
export function HistoryLanes({ drawing }: { drawing: HistoryDrawing }) {
  const { lanes, counts, events, t0 } = drawing;
  const listed = events.slice(0, TABLE_ROWS);
  return (
    <div className="mt-4 grid gap-4" data-testid="history-drawing">
      <p className="text-sm">
        {counted(lanes.length, 'process', 'processes')}, {counted(drawing.runs, 'run', 'runs')} over{' '}
        {(drawing.durationMs / 1000).toFixed(1)} s.{' '}
        {drawing.emptyPolls === 1
          ? '1 claim that found nothing to claim is not drawn.'
          : `${drawing.emptyPolls} claims that found nothing to claim are not drawn.`}
      </p>
      <Panel as="figure" padding="sm">
        <figcaption className="mb-2 text-sm font-semibold">
          One lane per process; bars are runs held, hatched stretches are pauses
        </figcaption>
        <ol aria-label="Processes" className="grid gap-3">
          {lanes.map((lane) => (
            <li key={lane.pid} aria-label={`${lane.worker} (pid ${lane.pid}), ${lane.end}`}>
              <div className="text-xs">
                <span className="font-semibold">{lane.worker}</span>{' '}
                <span className="text-muted">
                  pid {lane.pid} · {lane.end}
                </span>
              </div>
              <div className="relative h-9">
                <div
                  aria-hidden
                  className="absolute top-1/2 h-0.5 -translate-y-1/2 bg-line"
                  style={{ left: percent(lane.x), width: percent(lane.width) }}
                />
                {lane.spans.map((s, i) => (
                  <div
                    key={i}
                    aria-hidden
                    title={s.kind === 'holds' ? `${s.run} fence ${s.generation}` : 'paused'}
                    className={
                      s.kind === 'holds'
                        ? 'absolute top-2.5 h-4 min-w-px rounded-sm border border-accent bg-surface'
                        : 'absolute top-1.5 h-6 min-w-px bg-[repeating-linear-gradient(45deg,var(--muted)_0_2px,transparent_2px_6px)] opacity-60'
                    }
                    style={{ left: percent(s.x), width: percent(s.width) }}
                  />
                ))}
                {lane.marks.map((m, i) => (
                  <span
                    key={i}
                    role="img"
                    aria-label={describeMark(m, t0)}
                    title={describeMark(m, t0)}
                    data-mark={m.kind}
                    className={`absolute -translate-x-1/2 rounded-full bg-surface px-0.5 text-sm leading-none font-bold ${ABOVE.has(m.kind) ? 'top-0' : 'bottom-0'} ${GLYPHS[m.kind].tone}`}
                    style={{ left: percent(m.x) }}
                  >
                    {GLYPHS[m.kind].glyph}
                  </span>
                ))}
              </div>
            </li>
          ))}
        </ol>
        <div aria-hidden className="relative mt-1 h-4 border-t border-line text-[10px] text-muted">
          {drawing.ticks.map((tick) => (
            <span
              key={tick.label}
              className="absolute -translate-x-1/2 first:translate-x-0 last:-translate-x-full"
              style={{ left: percent(tick.x) }}
            >
              {tick.label}
            </span>
          ))}
        </div>
      </Panel>
      <Table
        className="max-w-xl"
        caption="Marks and how many"
        captionStyle="title"
        columns={[
          'Mark',
          'Meaning',
          <span key="count" className="block text-right">
            Count
          </span>,
        ]}
      >
        {MARK_KINDS.map((kind) => (
          <Row key={kind}>
            <Cell aria-hidden className={`font-bold ${GLYPHS[kind].tone}`}>
              {GLYPHS[kind].glyph}
            </Cell>
            <Cell header>{MARK_LABELS[kind]}</Cell>
            <Cell className="text-right font-mono">{counts[kind]}</Cell>
          </Row>
        ))}
      </Table>
      <Table
        className="max-h-96 overflow-y-auto"
        region="Events on the timeline"
        caption={`Events on the timeline (${drawing.eventCount}${drawing.eventCount > listed.length ? `, the first ${listed.length} listed` : ''})`}
        captionStyle="title"
        tableClassName="text-xs"
        columns={['Time', 'Process', 'Event', 'Write', 'Run', 'Fence', 'Detail']}
      >
        {listed.map((e, i) => (
          <Row key={i}>
            <Cell className="whitespace-nowrap font-mono">{sinceStart(e.t, t0)}</Cell>
            <Cell className="whitespace-nowrap">
              {e.worker} (pid {e.pid})
            </Cell>
            <Cell className="whitespace-nowrap">{MARK_LABELS[e.kind]}</Cell>
            <Cell className="whitespace-nowrap">{e.write ?? ''}</Cell>
            <Cell className="whitespace-nowrap">{e.run ?? ''}</Cell>
            <Cell>{e.generation ?? ''}</Cell>
            <Cell className="min-w-48">{e.detail ?? ''}</Cell>
          </Row>
        ))}
      </Table>
    </div>
  );
}
