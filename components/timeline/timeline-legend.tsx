import type { ReactNode } from 'react';
import { OUTCOME_KINDS, OUTCOME_WORDS } from '@/lib/lease';
import { formatDuration } from '@/lib/timeline';
import { OUTCOME_GLYPH, TONE_COLOR } from './timeline-marks';
import { CurrentStepLine, LaneStretch, ReadMark } from './timeline-shapes';

/** What the drawing contains, so the legend lists only the marks and lines it uses. */
export interface LegendUse {
  reads: boolean;
  /** A rescuer writes (its marks carry R). */
  rescuer: boolean;
  pauses: boolean;
  elided: boolean;
  /** The scale: seconds per step and the step's width in pixels. */
  step: number;
  stepWidth: number;
}

/**
 * The key to the drawing: every mark and line style it can use, each drawn as the drawing draws
 * it. The verdict entries are always listed, so the legend says nothing about this run's
 * outcomes before they are shown.
 */
export function TimelineLegend({ use }: { use: LegendUse }) {
  const scale = Math.min(use.stepWidth, 120);
  return (
    <div className="mt-2 border-t border-line pt-2 text-xs text-muted">
      <ul aria-label="Legend" className="flex flex-wrap gap-x-4 gap-y-1">
        <Entry
          swatch={
            <Swatch width={scale + 2}>
              <line x1={1} x2={scale + 1} y1={10} y2={10} stroke="var(--muted)" />
              <line x1={1} x2={1} y1={5} y2={13} stroke="var(--muted)" />
              <line x1={scale + 1} x2={scale + 1} y1={5} y2={13} stroke="var(--muted)" />
            </Swatch>
          }
        >
          time to scale: this far is {formatDuration(use.step)}
        </Entry>
        <Entry
          swatch={
            <Swatch width={26}>
              <rect x={1} y={1} width={24} height={12} fill="var(--line)" opacity={0.5} />
              <line x1={1} x2={25} y1={12} y2={12} stroke="var(--muted)" strokeDasharray="2 2" />
            </Swatch>
          }
        >
          one instant: its events are spread out to show their order, no time passes
        </Entry>
        {use.elided ? (
          <Entry
            swatch={
              <Swatch width={18}>
                <path d="M 2 13 L 8 1 M 10 13 L 16 1" stroke="var(--ink)" strokeWidth={1.5} />
              </Swatch>
            }
          >
            a long wait, drawn shorter than to scale
          </Entry>
        ) : null}
        <Entry
          swatch={
            <Swatch width={26}>
              <LaneStretch x1={1} x2={25} y={7} />
            </Swatch>
          }
        >
          worker running
        </Entry>
        {use.pauses ? (
          <Entry
            swatch={
              <Swatch width={26}>
                <LaneStretch x1={1} x2={6} y={7} />
                <LaneStretch x1={7} x2={19} y={7} paused testId="legend-pause-dash" />
                <LaneStretch x1={20} x2={25} y={7} />
              </Swatch>
            }
          >
            gap: worker paused
          </Entry>
        ) : null}
        <Entry
          swatch={
            <Swatch width={26}>
              <rect x={1} y={2} width={24} height={10} rx={2} fill="var(--accent)" opacity={0.3} />
            </Swatch>
          }
        >
          lease: from the claim to the run row’s lease_until (paler once replaced)
        </Entry>
        {use.reads ? (
          <Entry
            swatch={
              <Swatch width={14}>
                <ReadMark x={7} y={7} size={8} />
              </Swatch>
            }
          >
            a worker reads or checks
          </Entry>
        ) : null}
        <Entry swatch={<Dot fill="var(--surface)" stroke="var(--ink)" />}>
          a write not run yet (its writer’s letter; U: the user
          {use.rescuer ? '; R: the rescuer' : ''})
        </Entry>
        <Entry swatch={<Dot fill={TONE_COLOR.applied} />}>took effect</Entry>
        <Entry swatch={<Dot fill={TONE_COLOR['held-back']} />}>held back: no effect</Entry>
        <Entry swatch={<Dot fill={TONE_COLOR.broke} />}>broke a safety property</Entry>
        {OUTCOME_KINDS.map((kind) => (
          <Entry
            key={kind}
            swatch={
              <Glyph>{kind === 'refused' ? `${OUTCOME_GLYPH[kind]} 0` : OUTCOME_GLYPH[kind]}</Glyph>
            }
          >
            {OUTCOME_WORDS[kind].legend}
          </Entry>
        ))}
        <Entry
          swatch={
            <Swatch width={14} height={16}>
              <CurrentStepLine x={7} y1={0} y2={16} />
            </Swatch>
          }
        >
          current step
        </Entry>
      </ul>
    </div>
  );
}

function Entry({ swatch, children }: { swatch: ReactNode; children: ReactNode }) {
  return (
    <li className="flex items-center gap-1.5">
      {swatch}
      <span>{children}</span>
    </li>
  );
}

/** A legend entry's drawing: the drawing's own shapes at a small size, hidden from readers. */
function Swatch({
  width,
  height = 14,
  children,
}: {
  width: number;
  height?: number;
  children: ReactNode;
}) {
  return (
    <svg width={width} height={height} aria-hidden="true">
      {children}
    </svg>
  );
}

function Dot({ fill, stroke }: { fill: string; stroke?: string }) {
  return (
    <Swatch width={14}>
      <circle cx={7} cy={7} r={6} fill={fill} stroke={stroke ?? 'none'} strokeWidth={1.5} />
    </Swatch>
  );
}

function Glyph({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="font-bold text-ink">
      {children}
    </span>
  );
}
