import { useEffect, useRef } from 'react';
import { stepView, type Scenario, type Score, type Trace } from '@/lib/timeline';
import type { AttemptShown, SaveStatus, TimelineController } from './use-timeline';
import { panelClass } from '@/components/ui/panel';

/** The score and each mistake explained with the rule that decided the write. */
export function ScorePanel({ t }: { t: TimelineController }) {
  return t.score && t.trace ? (
    <Scored
      scenario={t.scenario}
      trace={t.trace}
      score={t.score}
      saveStatus={t.saveStatus}
      attempt={t.attempt}
    />
  ) : null;
}

function Scored({
  scenario,
  trace,
  score,
  saveStatus,
  attempt,
}: {
  scenario: Scenario;
  trace: Trace;
  score: Score;
  saveStatus: SaveStatus;
  attempt: AttemptShown;
}) {
  const full = score.score === score.total;
  // The score appears when the run reaches its end, which disables the button just pressed:
  // focus moves here (and the page scrolls to it) instead of falling to the page body.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return (
    <section
      aria-labelledby="timeline-score"
      className={panelClass({ tone: 'plain' }, 'scroll-mt-4')}
    >
      <h2
        id="timeline-score"
        ref={heading}
        tabIndex={-1}
        data-testid="timeline-score"
        className="text-xl font-semibold"
      >
        Score: {score.score} / {score.total}
        {full ? ' · Full marks' : ''}
      </h2>
      {full ? (
        <p className="mt-1 text-sm">Every outcome foreseen. {scenarioTakeaway(scenario)}</p>
      ) : (
        <ul className="mt-2 space-y-2 text-sm">
          {score.mistakes.map((m) => {
            // Every word is the step's view: the rules of the checks that decided the write.
            const view = stepView(trace, scenario, m.effect.eventIndex);
            return (
              <li key={m.eventId} className="rounded-md border border-line p-2">
                <p>
                  <strong>
                    #{view.index + 1} {view.event}
                  </strong>
                  : you said {m.predicted ?? 'nothing'}, it was {view.verdict}.
                </p>
                <p className="text-muted">{view.line}</p>
                <ul className="ml-4 list-disc">
                  {view.rules.map((rule) => (
                    <li key={rule}>{rule}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ul>
      )}
      <p
        className="mt-2 text-sm text-muted"
        role={saveStatus.kind === 'failed' ? 'alert' : undefined}
      >
        {saveStatus.kind === 'saved'
          ? 'Result saved in your records.'
          : saveStatus.kind === 'failed'
            ? saveStatus.message
            : attempt === 'scored'
              ? // Nothing of this tab is saved: the scored attempt was stored before (a reload, another tab).
                'Your first attempt at this scenario was already scored: this is that attempt, read back from your records (nothing new is saved). Start over for practice, not scored.'
              : attempt === 'elsewhere'
                ? 'Practice: not scored and not saved. This is a case file’s run; the case’s first try is the run on its own page.'
                : 'Saving your result…'}
      </p>
    </section>
  );
}

function scenarioTakeaway(scenario: Scenario): string {
  return 'takeaway' in scenario && typeof scenario.takeaway === 'string' ? scenario.takeaway : '';
}
