import { Button } from '@/components/ui/button';
import { stepView, type StepView, type TraceStep } from '@/lib/timeline';
import { RulePanel, StatePanel } from './state-panel';
import type { TimelineController } from './use-timeline';

/** Step forward and back, or run to the end; the current step is announced in a live region. */
export function StepControls({ t, current }: { t: TimelineController; current: TraceStep | null }) {
  const total = t.trace?.steps.length ?? 0;
  const unmarked = t.writeIds.filter((id) => !t.predictions[id]).length;
  const view = current && t.trace ? stepView(t.trace, t.scenario, current.index) : null;
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
        <Button onClick={t.restart} disabled={t.position < 0 && t.attempt !== 'scored'}>
          Start over
        </Button>
      </div>
      {t.attempt === 'scored' && t.position < 0 ? (
        <p className="text-sm text-muted" data-testid="attempt-note">
          Your first run of this scenario is scored: its predictions are kept as you made them.
          Start over for a new attempt (practice, not scored).
        </p>
      ) : t.attempt === 'elsewhere' ? (
        <p className="text-sm text-muted" data-testid="attempt-note">
          Practice: this is a case file’s run, not scored here and not stored. The case’s first try
          is the run on its own page.
        </p>
      ) : t.attempt === 'practice' ? (
        <p className="text-sm text-muted" data-testid="attempt-note">
          A new attempt: practice, not scored. Your first run keeps its score.
        </p>
      ) : null}
      {t.position < 0 && unmarked > 0 && t.attempt !== 'scored' ? (
        <p className="text-sm text-muted">
          {unmarked} of {t.writeIds.length} writes not marked yet; unmarked writes count as
          mistakes.
        </p>
      ) : null}
      <p
        role="status"
        aria-live="polite"
        className="rounded-md border border-line p-3 text-sm"
        data-saved={t.saveStatus.kind}
      >
        {view
          ? `${announce(view, total)}${t.score ? ` Score: ${t.score.score} of ${t.score.total}.` : ''}`
          : t.trace
            ? `Ready: ${total} events. Nothing has run yet.`
            : 'Loading the simulator…'}
      </p>
      {view ? <RulePanel view={view} /> : null}
      {view ? <StatePanel view={view} /> : null}
    </>
  );
}

function announce(view: StepView, total: number): string {
  const outcome = view.verdict ? `${view.verdict}. ${view.line}` : view.line;
  return `Step ${view.index + 1} of ${total}, t=${view.at}: ${view.event}: ${outcome}`;
}
