'use client';

import {
  MARK_KINDS,
  MARK_LABELS,
  sinceStart,
  type HistoryDrawing,
  type LaneMark,
  type MarkKind,
} from '@/lib/crashlab';

/** What the nemesis did to a process sits above its bar; what became of its writes, below. */
const ABOVE = new Set<MarkKind>(['kill', 'pause', 'resume']);

/** A shape per kind, so marks differ by more than colour. */
const GLYPHS: Record<MarkKind, { glyph: string; tone: string }> = {
  kill: { glyph: '✕', tone: 'text-bad' },
  pause: { glyph: '‖', tone: 'text-ink' },
  resume: { glyph: '▶', tone: 'text-ink' },
  takeover: { glyph: '◆', tone: 'text-accent' },
  refused: { glyph: '⊘', tone: 'text-bad' },
  'ack-lost': { glyph: '?', tone: 'text-accent' },
  duplicate: { glyph: '=', tone: 'text-good' },
};

/** Rows of the event table: a longer history lists its first ones (see HISTORY_IMPORT_LIMITS). */
const TABLE_ROWS = 50;
const percent = (x: number) => `${(x * 100).toFixed(3)}%`;

function describeMark(m: LaneMark, t0: number): string {
  const what = [m.write, m.run, m.generation !== undefined ? `generation ${m.generation}` : '']
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
        {lanes.length} processes, {drawing.runs} runs over {(drawing.durationMs / 1000).toFixed(1)}{' '}
        s. {drawing.emptyPolls} claims that found nothing to claim are not drawn.
      </p>
      <figure className="rounded-lg border border-line bg-surface-2 p-3">
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
                    title={s.kind === 'holds' ? `${s.run} generation ${s.generation}` : 'paused'}
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
      </figure>
      <table className="w-full max-w-xl border-collapse text-left text-sm">
        <caption className="mb-1 text-left font-semibold">Marks and how many</caption>
        <thead>
          <tr>
            <th scope="col" className="border-b border-line px-2 py-1">
              Mark
            </th>
            <th scope="col" className="border-b border-line px-2 py-1">
              Meaning
            </th>
            <th scope="col" className="border-b border-line px-2 py-1 text-right">
              Count
            </th>
          </tr>
        </thead>
        <tbody>
          {MARK_KINDS.map((kind) => (
            <tr key={kind}>
              <td
                aria-hidden
                className={`border-b border-line px-2 py-1 font-bold ${GLYPHS[kind].tone}`}
              >
                {GLYPHS[kind].glyph}
              </td>
              <th scope="row" className="border-b border-line px-2 py-1 font-normal">
                {MARK_LABELS[kind]}
              </th>
              <td className="border-b border-line px-2 py-1 text-right font-mono">
                {counts[kind]}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div
        className="max-h-96 overflow-auto rounded focus-visible:outline-2 focus-visible:outline-accent"
        tabIndex={0}
        role="region"
        aria-label="Events on the timeline"
      >
        <table className="w-full border-collapse text-left text-xs">
          <caption className="mb-1 text-left text-sm font-semibold">
            Events on the timeline ({drawing.eventCount}
            {drawing.eventCount > listed.length ? `, the first ${listed.length} listed` : ''})
          </caption>
          <thead>
            <tr>
              {['Time', 'Process', 'Event', 'Write', 'Run', 'Generation', 'Detail'].map((c) => (
                <th
                  key={c}
                  scope="col"
                  className="whitespace-nowrap border-b border-line px-2 py-1"
                >
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {listed.map((e, i) => (
              <tr key={i}>
                <td className="whitespace-nowrap border-b border-line px-2 py-1 font-mono">
                  {sinceStart(e.t, t0)}
                </td>
                <td className="whitespace-nowrap border-b border-line px-2 py-1">
                  {e.worker} (pid {e.pid})
                </td>
                <td className="whitespace-nowrap border-b border-line px-2 py-1">
                  {MARK_LABELS[e.kind]}
                </td>
                <td className="whitespace-nowrap border-b border-line px-2 py-1">
                  {e.write ?? ''}
                </td>
                <td className="whitespace-nowrap border-b border-line px-2 py-1">{e.run ?? ''}</td>
                <td className="border-b border-line px-2 py-1">{e.generation ?? ''}</td>
                <td className="min-w-48 border-b border-line px-2 py-1">{e.detail ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
