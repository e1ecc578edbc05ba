import { comparedDesigns, fencedDesign, ttlOnlyDesign, type LeaseDesign } from '@/lib/lease';

/** The lease designs a scenario may name. Others can be passed to createTimelineEngine. */
export const TIMELINE_DESIGNS: Readonly<Record<string, LeaseDesign>> = {
  [fencedDesign.id]: fencedDesign,
  [ttlOnlyDesign.id]: ttlOnlyDesign,
  // The schedule checker's designs (issue 6), so its counterexamples open in the timeline.
  ...Object.fromEntries(comparedDesigns().map((d) => [d.id, d])),
};

/** A design the timeline knows, by id, or undefined (ids come from links and storage). */
export function timelineDesign(id: string): LeaseDesign | undefined {
  return Object.hasOwn(TIMELINE_DESIGNS, id) ? TIMELINE_DESIGNS[id] : undefined;
}
