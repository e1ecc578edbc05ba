import { Button } from '@/components/ui/button';
import { describeEvent, summarizeVerdict, type TraceStep } from '@/lib/timeline';
import { StatePanel } from './state-panel';
import type { TimelineController } from './use-timeline';

/** Step forward and back, or run to the end; the current step is announced in a live region. */
export function StepControls({ t, current }: { t: TimelineController; current: TraceStep | null }) {
  const total = t.trace?.steps.length ?? 0;
  const unmarked = t.writeIds.filter((id) => !t.predictions[id]).length;
  return (
    <>
      <div className="flex flex-wrap gap-2">
        <Button onClick={t.back} disabled={!t.trace || t.position < 0}>
          Step back
        </Button>
        <Button onClick={t.forward} disabled={!t.trace || t.position >= total - 1}>
          Step forward
        </Button>
        <Button variant="primary" onClick={t.toEnd} disabled={!t.trace || t.position >= total - 1}>
          Run to end
        </Button>
        <Button onClick={t.restart} disabled={t.position < 0}>
          Start over
        </Button>
      </div>
      {t.position < 0 && unmarked > 0 ? (
        <p className="text-sm text-muted">
          {unmarked} of {t.writeIds.length} writes not marked yet; unmarked writes count as
          mistakes.
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="rounded-md border border-line p-3 text-sm">
        {current
          ? `${announce(current, total)}${t.score ? ` Score: ${t.score.score} of ${t.score.total}.` : ''}`
          : t.trace
            ? `Ready: ${total} events. Nothing has run yet.`
            : 'Loading the simulator…'}
      </p>
      {current ? (
        <StatePanel
          snapshot={current.after}
          reportStore={t.trace?.writes.some((w) => w.target === 'report') ?? false}
          {...(t.trace ? { vocabulary: t.trace.vocabulary } : {})}
          scenario={t.scenario}
        />
      ) : null}
    </>
  );
}

function announce(step: TraceStep, total: number): string {
  const effect = step.effects[0];
  const outcome =
    effect?.kind === 'write'
      ? `${summarizeVerdict(effect)}. ${effect.explanation}`
      : effect?.kind === 'note'
        ? effect.text
        : '';
  return `Step ${step.index + 1} of ${total}, t=${step.at}: ${describeEvent(step.event)}: ${outcome}`;
}
