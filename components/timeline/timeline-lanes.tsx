'use client';

import {
  describeEvent,
  formatTime,
  latestLeaseEnd,
  layoutTimeline,
  leaseBarLabel,
  leaseBarsAt,
  markTone,
  stickyLabelStart,
  timeAxis,
  type Scenario,
  type Trace,
  type WriteEffect,
} from '@/lib/timeline';
import { TimelineAxis } from './timeline-axis';
import { TimelineLegend } from './timeline-legend';
import { CurrentStepLine, ReadMark } from './timeline-shapes';
import { ScrollCue } from './scroll-cue';
import { PADDING, useDrawingBox, useStepInView } from './use-drawing-box';
import { WorkerLine } from './worker-line';
import { outcomeGlyph, TONE_COLOR } from './timeline-marks';
import { panelClass } from '@/components/ui/panel';

const LANE = 72;
const TOP = 8;
/** A lane's line sits this far below the lane's top; its label sits above the line. */
const LINE = 40;
/** From the last lane's line to the axis: room for the verdicts under the marks. */
const BELOW = 38;
const AXIS_TEXT = 26;
/** The box's padding (p-2) and border: where the lane labels sit over the drawing. */
const INSET = 9;

/**
 * The timeline drawn as lanes: one per worker (its lease windows as bands, a pause as a gap)
 * and one per target (each write a mark, its verdict shown once the step is revealed), over a
 * time axis with its scale, and a legend. The drawing scrolls sideways inside its box on a
 * narrow screen; the lane labels stay put over it, and each step scrolls the current one into
 * view. The trace table below is the accessible view of the same information.
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
  // Short scenarios stretch to the width available; longer ones scroll sideways.
  const { box, available, scrolled, onScroll } = useDrawingBox();
  // The drawing's x at the box's visible left edge (its padding scrolls with it), plus air:
  // span labels slide along their spans to stay whole.
  const visibleFrom = scrolled - PADDING + 4;
  const layout = layoutTimeline(scenario, trace ? latestLeaseEnd(trace) : 0, available);
  // Axis labels are whole in the part of the box in view, or not drawn (never "= 6 s").
  const axis = timeAxis(
    layout,
    (t) => formatTime(t),
    available > 0 ? { view: { from: scrolled - PADDING, to: scrolled + available + PADDING } } : {},
  );
  const currentX = position >= 0 ? layout.eventX[position] : null;
  const width = layout.width;
  useStepInView(box, currentX, width);
  const current = position >= 0 && trace ? trace.steps[position] : null;
  // The lease bars are the run row's values up to this step, nothing else.
  const bars = trace && position >= 0 ? leaseBarsAt(trace, position) : [];
  const revealed = new Map<string, WriteEffect>();
  for (const step of trace?.steps.slice(0, position + 1) ?? []) {
    for (const e of step.effects) if (e.kind === 'write') revealed.set(e.eventId, e);
  }
  const laneY = new Map(layout.lanes.map((lane, i) => [lane.id, TOP + i * LANE + LINE]));
  const axisY = TOP + (layout.lanes.length - 1) * LANE + LINE + BELOW;
  const height = axisY + AXIS_TEXT;
  const right = width - 8;
  const currentEvent = current ? scenario.events[position] : null;

  return (
    <div>
      <div className="relative">
        <div
          ref={box}
          // Focusable so keyboard users can scroll a drawing wider than the screen.
          tabIndex={0}
          role="region"
          aria-label="Timeline drawing"
          onScroll={onScroll}
          className={panelClass({ padding: 'none' }, 'overflow-x-auto p-2')}
        >
          <svg
            width={width}
            height={height}
            viewBox={`0 0 ${width} ${height}`}
            role="img"
            aria-label={`Timeline of “${scenario.title}”: ${layout.lanes.map((l) => l.label).join(', ')}. The table below lists the same events and verdicts.`}
            className="block text-ink"
          >
            {layout.ticks
              .filter((tick) => tick.x2 > tick.x)
              .map((tick) => (
                <rect
                  key={tick.t}
                  x={tick.x}
                  y={TOP}
                  width={tick.x2 - tick.x}
                  height={axisY - TOP}
                  fill="var(--line)"
                  opacity={0.25}
                />
              ))}
            {layout.lanes.map((lane) => {
              const y = laneY.get(lane.id) ?? 0;
              const gaps = layout.pauses.filter((p) => p.worker === lane.id);
              return (
                <g key={lane.id}>
                  {lane.kind === 'worker' ? (
                    <WorkerLine
                      y={y}
                      left={lane.startX}
                      right={right}
                      gaps={gaps}
                      visibleFrom={visibleFrom}
                    />
                  ) : (
                    <line x1={4} x2={right} y1={y} y2={y} stroke="var(--line)" strokeWidth={2} />
                  )}
                  {lane.kind === 'worker'
                    ? bars
                        .filter((bar) => bar.worker === lane.id)
                        .map((bar) => {
                          const x1 = layout.eventX[bar.claimIndex];
                          const x2 = Math.max(layout.timeToX(bar.until), x1 + 4);
                          const labelX = stickyLabelStart(x1 + 4, x2, visibleFrom);
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
                              {labelX === null ? null : (
                                <text x={labelX} y={y - 11} fontSize={10} fill="var(--ink)">
                                  {leaseBarLabel(bar, trace?.vocabulary)}
                                </text>
                              )}
                            </g>
                          );
                        })
                    : null}
                </g>
              );
            })}
            {currentX !== null && current ? (
              <CurrentStepLine testId="current-step" x={currentX} y1={TOP} y2={axisY + 4} />
            ) : null}
            {layout.reads.map((read) => {
              const y = laneY.get(read.worker) ?? 0;
              return (
                <g key={read.eventId}>
                  <title>{describeEvent(scenario.events[read.index], trace?.vocabulary)}</title>
                  <ReadMark x={read.x} y={y} size={12} />
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
              const tone = effect ? TONE_COLOR[markTone(effect)] : null;
              return (
                <g key={mark.eventId}>
                  <title>{`${describeEvent(event, trace?.vocabulary)}${effect ? `: ${effect.verdictLine}` : ''}`}</title>
                  {currentEvent?.id === mark.eventId ? (
                    <circle
                      cx={mark.x}
                      cy={y}
                      r={14}
                      fill="none"
                      stroke="var(--accent)"
                      strokeWidth={2}
                    />
                  ) : null}
                  <circle
                    cx={mark.x}
                    cy={y}
                    r={10}
                    fill={tone ?? 'var(--surface)'}
                    stroke={tone ? 'none' : 'var(--ink)'}
                    strokeWidth={1.5}
                  />
                  <text
                    x={mark.x}
                    y={y + 4}
                    fontSize={11}
                    textAnchor="middle"
                    fontWeight={700}
                    fill={tone ? 'var(--surface)' : 'var(--ink)'}
                  >
                    {mark.letter}
                  </text>
                  {effect && tone ? (
                    <text
                      x={mark.x}
                      y={y + 26}
                      fontSize={12}
                      textAnchor="middle"
                      fontWeight={700}
                      fill={tone}
                      // A halo in the drawing's own colour: the current-step line passes behind
                      // the glyph instead of through it.
                      stroke="var(--surface-2)"
                      strokeWidth={4}
                      paintOrder="stroke"
                    >
                      {outcomeGlyph(effect)}
                    </text>
                  ) : null}
                </g>
              );
            })}
            <TimelineAxis layout={layout} axis={axis} y={axisY} left={4} right={right} />
          </svg>
          {/* The lane labels stay over the left edge of the box while the drawing scrolls: their
              containing block is the wrapper outside the scrolling box, so they do not scroll. */}
          <div aria-hidden="true" className="pointer-events-none absolute inset-0">
            {layout.lanes.map((lane) => (
              <span
                key={lane.id}
                className="absolute max-w-[calc(100%-18px)] rounded bg-surface-2/90 px-1 text-xs leading-4 font-semibold text-muted"
                style={{ left: INSET, top: INSET + (laneY.get(lane.id) ?? 0) - LINE + 2 }}
              >
                {lane.label}
              </span>
            ))}
          </div>
        </div>
      </div>
      <ScrollCue box={box} scrolled={scrolled} overflow={available > 0 ? width - available : 0} />
      <TimelineLegend
        use={{
          reads: layout.reads.length > 0,
          rescuer: layout.marks.some((m) => m.by === 'rescuer'),
          pauses: layout.pauses.length > 0,
          elided: layout.elided.length > 0,
          step: axis.step,
          stepWidth: axis.stepWidth,
        }}
      />
    </div>
  );
}
