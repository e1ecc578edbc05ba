/** A worker's lane line: solid while it runs, a gap (marked paused) while it is paused. */
export function WorkerLine({
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
