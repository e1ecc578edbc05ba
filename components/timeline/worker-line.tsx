import { stickyLabelCentre } from '@/lib/timeline';
import { LaneStretch } from './timeline-shapes';

/**
 * A worker's lane line: solid while it runs, a thin dashed line (marked paused) while it is
 * paused, as the legend draws it. The "paused" mark stays whole in the part of its gap that is in
 * view (`visibleFrom`).
 */
/** The width "paused" takes at its font size, and a little air. */
const PAUSED_WIDTH = 48;

export function WorkerLine({
  y,
  left,
  right,
  gaps,
  visibleFrom,
}: {
  y: number;
  left: number;
  right: number;
  gaps: { x1: number; x2: number }[];
  visibleFrom: number;
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
        <LaneStretch key={p.x1} x1={p.x1} x2={p.x2} y={y} />
      ))}
      {gaps.map((g) => (
        <LaneStretch key={`dash-${g.x1}`} testId="pause-dash" x1={g.x1} x2={g.x2} y={y} paused />
      ))}
      {gaps.map((g) => {
        const x = stickyLabelCentre(g.x1, g.x2, visibleFrom, PAUSED_WIDTH);
        return x === null ? null : (
          <text
            key={`gap-${g.x1}`}
            data-testid="pause-label"
            x={x}
            y={y + 20}
            fontSize={11}
            textAnchor="middle"
            fill="var(--muted)"
            fontStyle="italic"
          >
            paused
          </text>
        );
      })}
    </g>
  );
}
