import { formatDuration, formatTime, type TimeAxis, type TimelineLayout } from '@/lib/timeline';

/**
 * The time axis under the lanes: a tick for each instant at which events happen (with the
 * bracket its events take, which is no time), the regular scale's ticks between them, the
 * labels that fit, and a cut mark on each wait drawn shorter than to scale.
 */
export function TimelineAxis({
  layout,
  axis,
  y,
  left,
  right,
}: {
  layout: TimelineLayout;
  axis: TimeAxis;
  y: number;
  left: number;
  right: number;
}) {
  return (
    <g>
      <line x1={left} x2={right} y1={y} y2={y} stroke="var(--muted)" />
      {layout.ticks.map((tick) => (
        <g key={tick.t} data-testid="axis-tick" data-t={tick.t}>
          <line x1={tick.x} x2={tick.x} y1={y - 5} y2={y + 6} stroke="var(--ink)" />
          {tick.x2 > tick.x ? (
            <line
              x1={tick.x}
              x2={tick.x2}
              y1={y + 3}
              y2={y + 3}
              stroke="var(--muted)"
              strokeDasharray="2 2"
            />
          ) : null}
        </g>
      ))}
      {axis.ticks.map((tick) => (
        <line
          key={tick.t}
          data-testid="scale-tick"
          data-t={tick.t}
          x1={tick.x}
          x2={tick.x}
          y1={y}
          y2={y + 4}
          stroke="var(--muted)"
        />
      ))}
      {axis.labels.map((label) => (
        <text
          key={label.t}
          data-testid="axis-label"
          data-t={label.t}
          x={label.x}
          y={y + 18}
          fontSize={11}
          textAnchor={label.anchor}
          fill={label.instant ? 'var(--ink)' : 'var(--muted)'}
        >
          {formatTime(label.t)}
        </text>
      ))}
      {layout.elided.map((cut) => {
        const mid = (cut.x0 + cut.x1) / 2;
        return (
          <g key={cut.t0} data-testid="axis-elided">
            <rect x={mid - 9} y={y - 7} width={18} height={14} fill="var(--surface-2)" />
            <path
              d={`M ${mid - 7} ${y + 6} L ${mid - 1} ${y - 6} M ${mid + 1} ${y + 6} L ${mid + 7} ${y - 6}`}
              stroke="var(--ink)"
              strokeWidth={1.5}
            />
            <text x={mid} y={y - 9} fontSize={10} textAnchor="middle" fill="var(--muted)">
              {formatDuration(cut.t1 - cut.t0)}
            </text>
          </g>
        );
      })}
    </g>
  );
}
