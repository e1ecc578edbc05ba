/*
 * The shapes the drawing is made of, drawn the same way in the lanes and in their legend: one
 * home each, so the legend cannot show a mark the drawing draws otherwise.
 */

/** How each kind of line is stroked. */
const STROKES = {
  running: { stroke: 'var(--ink)', strokeWidth: 3 },
  paused: { stroke: 'var(--muted)', strokeWidth: 1.5, strokeDasharray: '4 4' },
  current: { stroke: 'var(--accent)', strokeWidth: 2, strokeDasharray: '4 3' },
} as const;

/** A stretch of a worker's lane: a thick line while it runs, a thin dashed one while paused. */
export function LaneStretch({
  x1,
  x2,
  y,
  paused = false,
  testId,
}: {
  x1: number;
  x2: number;
  y: number;
  paused?: boolean;
  testId?: string;
}) {
  const stroke = paused ? STROKES.paused : STROKES.running;
  return <line data-testid={testId} x1={x1} x2={x2} y1={y} y2={y} {...stroke} />;
}

/** The current step: a dashed vertical line at x. */
export function CurrentStepLine(p: { x: number; y1: number; y2: number; testId?: string }) {
  return <line data-testid={p.testId} x1={p.x} x2={p.x} y1={p.y1} y2={p.y2} {...STROKES.current} />;
}

/** A worker's read or check: a diamond `size` wide centred on (x, y). */
export function ReadMark({ x, y, size }: { x: number; y: number; size: number }) {
  return (
    <rect
      x={x - size / 2}
      y={y - size / 2}
      width={size}
      height={size}
      transform={`rotate(45 ${x} ${y})`}
      fill="var(--surface)"
      stroke="var(--ink)"
      strokeWidth={1.5}
    />
  );
}
