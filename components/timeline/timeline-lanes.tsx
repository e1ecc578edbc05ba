'use client';

import { useEffect, useRef, useState } from 'react';
import {
  describeEvent,
  formatTime,
  latestLeaseEnd,
  layoutTimeline,
  leaseBarLabel,
  leaseBarsAt,
  markTone,
  type Scenario,
  type Trace,
  type WriteEffect,
} from '@/lib/timeline';

const LANE = 60;
/** A write that broke a property is drawn red, whoever it was applied for; a held-back one muted. */
const TONE_COLOR = { broke: 'var(--bad)', applied: 'var(--good)', 'held-back': 'var(--muted)' };
const TOP = 8;
const AXIS = 28;

/**
 * The timeline drawn as lanes: one per worker (its lease windows as bands, a pause as a gap)
 * and one per target (each write a mark, its verdict shown once the step is revealed).
 * The trace table below is the accessible view of the same information.
 */
export function TimelineLanes({
  scenario,
  trace,
  position,
}: {
  scenario: Scenario;
  trace: Trace | null;
  position: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  // Short scenarios stretch to the width available; longer ones scroll sideways.
  const [available, setAvailable] = useState(0);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) =>
      setAvailable(Math.floor(entry.contentRect.width)),
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const layout = layoutTimeline(scenario, trace ? latestLeaseEnd(trace) : 0, available);
  const currentX = position >= 0 ? layout.eventX[position] : 0;
  // Keep the current step in view when the drawing scrolls.
  useEffect(() => {
    const element = box.current;
    if (element && element.scrollWidth > element.clientWidth)
      element.scrollLeft = Math.max(0, currentX - element.clientWidth / 2);
  }, [currentX]);
  const current = position >= 0 && trace ? trace.steps[position] : null;
  // The lease bars are the run row's values up to this step, nothing else.
  const bars = trace && position >= 0 ? leaseBarsAt(trace, position) : [];
  const revealed = new Map<string, WriteEffect>();
  for (const step of trace?.steps.slice(0, position + 1) ?? []) {
    for (const e of step.effects) if (e.kind === 'write') revealed.set(e.eventId, e);
  }
  const laneY = new Map(layout.lanes.map((lane, i) => [lane.id, TOP + i * LANE + 38]));
  const height = TOP + layout.lanes.length * LANE + AXIS;
  const right = layout.width;

  return (
    <div
      ref={box}
      // Focusable so keyboard users can scroll a drawing wider than the screen.
      tabIndex={0}
      role="region"
      aria-label="Timeline drawing"
      className="overflow-x-auto rounded-lg border border-line bg-surface-2 p-2"
    >
      <svg
        width={right}
        height={height}
        viewBox={`0 0 ${right} ${height}`}
        role="img"
        aria-label={`Timeline of “${scenario.title}”: ${layout.lanes.map((l) => l.label).join(', ')}. The table below lists the same events and verdicts.`}
        className="block text-ink"
      >
        {layout.lanes.map((lane) => {
          const y = laneY.get(lane.id) ?? 0;
          const gaps = layout.pauses.filter((p) => p.worker === lane.id);
          return (
            <g key={lane.id}>
              <text x={4} y={y - 24} fontSize={12} fill="var(--muted)" fontWeight={600}>
                {lane.label}
              </text>
              {lane.kind === 'worker' ? (
                <WorkerLine y={y} left={lane.startX} right={right - 8} gaps={gaps} />
              ) : (
                <line x1={4} x2={right - 8} y1={y} y2={y} stroke="var(--line)" strokeWidth={2} />
              )}
              {lane.kind === 'worker'
                ? bars
                    .filter((bar) => bar.worker === lane.id)
                    .map((bar) => {
                      const x1 = layout.eventX[bar.claimIndex];
                      const x2 = Math.max(layout.timeToX(bar.until), x1 + 4);
                      return (
                        <g
                          key={bar.claimIndex}
                          data-testid="lease-bar"
                          data-fence={bar.fence}
                          data-until={bar.until}
                          data-current={bar.current ? 'true' : 'false'}
                        >
                          <rect
                            x={x1}
                            y={y - 8}
                            width={x2 - x1}
                            height={16}
                            rx={3}
                            fill="var(--accent)"
                            opacity={bar.current ? 0.3 : 0.15}
                          />
                          <text x={x1 + 4} y={y - 11} fontSize={10} fill="var(--ink)">
                            {leaseBarLabel(bar, trace?.vocabulary)}
                          </text>
                        </g>
                      );
                    })
                : null}
            </g>
          );
        })}
        {current ? (
          <line
            x1={layout.eventX[position]}
            x2={layout.eventX[position]}
            y1={TOP}
            y2={height - AXIS + 4}
            stroke="var(--accent)"
            strokeWidth={2}
            strokeDasharray="4 3"
          />
        ) : null}
        {layout.reads.map((read) => {
          const y = laneY.get(read.worker) ?? 0;
          return (
            <g key={read.eventId}>
              <title>{describeEvent(scenario.events[read.index])}</title>
              <rect
                x={read.x - 6}
                y={y - 6}
                width={12}
                height={12}
                transform={`rotate(45 ${read.x} ${y})`}
                fill="var(--surface)"
                stroke="var(--ink)"
                strokeWidth={1.5}
              />
              <text x={read.x} y={y + 22} fontSize={11} textAnchor="middle" fill="var(--muted)">
                {read.label}
              </text>
            </g>
          );
        })}
        {layout.marks.map((mark) => {
          const y = laneY.get(mark.lane) ?? 0;
          const effect = revealed.get(mark.eventId);
          const event = scenario.events[mark.index];
          return (
            <g key={mark.eventId}>
              <title>{`${describeEvent(event)}${effect ? `: ${effect.verdictLine}` : ''}`}</title>
              <circle
                cx={mark.x}
                cy={y}
                r={10}
                fill={effect ? TONE_COLOR[markTone(effect)] : 'var(--surface)'}
                stroke={effect ? 'none' : 'var(--ink)'}
                strokeWidth={1.5}
              />
              <text
                x={mark.x}
                y={y + 4}
                fontSize={11}
                textAnchor="middle"
                fontWeight={700}
                fill={effect ? 'var(--surface)' : 'var(--ink)'}
              >
                {mark.worker ?? 'U'}
              </text>
              {effect ? (
                <text
                  x={mark.x}
                  y={y + 24}
                  fontSize={12}
                  textAnchor="middle"
                  fontWeight={700}
                  fill={TONE_COLOR[markTone(effect)]}
                >
                  {effect.outcome === 'applied'
                    ? '✓'
                    : effect.outcome === 'duplicate'
                      ? '='
                      : effect.outcome === 'unknown'
                        ? '?'
                        : `✗ ${effect.rowsChanged}`}
                </text>
              ) : null}
            </g>
          );
        })}
        <line x1={4} x2={right - 8} y1={height - AXIS} y2={height - AXIS} stroke="var(--line)" />
        {layout.ticks.map((tick) => (
          <g key={tick.t} data-testid="axis-tick" data-t={tick.t}>
            <line
              x1={tick.x}
              x2={tick.x}
              y1={height - AXIS - 4}
              y2={height - AXIS + 5}
              stroke="var(--muted)"
            />
            {tick.x2 > tick.x ? (
              // Events at one instant sit side by side: the bracket takes no time.
              <line
                x1={tick.x}
                x2={tick.x2}
                y1={height - AXIS + 2}
                y2={height - AXIS + 2}
                stroke="var(--muted)"
                strokeDasharray="2 2"
              />
            ) : null}
            <text x={tick.x} y={height - 6} fontSize={11} textAnchor="start" fill="var(--muted)">
              {formatTime(tick.t)}
            </text>
          </g>
        ))}
        {layout.elided.map((cut) => {
          const mid = (cut.x0 + cut.x1) / 2;
          const y = height - AXIS;
          return (
            <g key={cut.t0} data-testid="axis-elided">
              <title>{`${cut.t1 - cut.t0} s drawn shorter than to scale`}</title>
              <path
                d={`M ${mid - 7} ${y + 6} L ${mid - 1} ${y - 6} M ${mid + 1} ${y + 6} L ${mid + 7} ${y - 6}`}
                stroke="var(--ink)"
                strokeWidth={1.5}
              />
              <text x={mid} y={y - 8} fontSize={10} textAnchor="middle" fill="var(--muted)">
                {`${cut.t1 - cut.t0} s cut`}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}

function WorkerLine({
  y,
  left,
  right,
  gaps,
}: {
  y: number;
  left: number;
  right: number;
  gaps: { x1: number; x2: number }[];
}) {
  const pieces: { x1: number; x2: number }[] = [];
  let from = left;
  for (const gap of [...gaps].sort((a, b) => a.x1 - b.x1)) {
    pieces.push({ x1: from, x2: gap.x1 });
    from = gap.x2;
  }
  pieces.push({ x1: from, x2: right });
  return (
    <g>
      {pieces.map((p) => (
        <line key={p.x1} x1={p.x1} x2={p.x2} y1={y} y2={y} stroke="var(--ink)" strokeWidth={3} />
      ))}
      {gaps.map((g) => (
        <text
          key={`gap-${g.x1}`}
          x={(g.x1 + g.x2) / 2}
          y={y + 20}
          fontSize={11}
          textAnchor="middle"
          fill="var(--muted)"
          fontStyle="italic"
        >
          paused
        </text>
      ))}
    </g>
  );
}
