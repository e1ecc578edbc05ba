'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { InlineText } from './prose';
import { WRITE_FATE_LABELS, type MistakePrompt } from '@/content/lesson';
import { predictionCorrect, WRITE_FATES, type WriteFate } from '@/lib/lesson';
import { ChoiceButtons } from './choice-buttons';
import { clock } from './lesson-store';
import { useDue } from './mistakes-quiz';
import { useExerciseResult } from '@/components/progress/use-exercise-result';
import { loadAnswerBook, usePredictionKey } from './use-answer-book';
import { useLessonRecords } from './use-lesson-records';
import { ReviewCard } from './review-card';
import { SaveIndicator } from '@/components/ui/save-indicator';
import { usePredictionDraft } from '@/components/ui/use-prediction-draft';

const FATES = WRITE_FATES.map((value) => ({ value, label: WRITE_FATE_LABELS[value] }));

/**
 * A mistake as a timeline: the learner says what happens to each write, then checks. The first
 * check locks and is the one scored; later ones are kept as tries.
 */
export function PredictionCard({ mistake, index }: { mistake: MistakePrompt; index: number }) {
  const prediction = mistake.prediction;
  const { records, record } = useLessonRecords();
  const saved = records.predictions[prediction.id];
  const due = useDue(prediction.id);
  // lib/progress's result: a wrong first try then right on its review counts, and the card says so.
  const result = useExerciseResult('prediction', prediction.id);
  const reviewed = Boolean(saved && !saved.correct && result?.passed);
  const [draft, setDraft] = useState<Record<string, WriteFate>>({});
  const [retrying, setRetrying] = useState(false);
  const headingId = useId();
  const editing = !saved || retrying;
  const shown = editing ? draft : saved.answers;
  const complete = prediction.writes.every((w) => w.id in draft);
  const draftState = usePredictionDraft(
    `lesson:${prediction.id}`,
    draft,
    (kept) =>
      setDraft(
        Object.fromEntries(
          Object.entries(kept).filter(([, fate]) =>
            (WRITE_FATES as readonly string[]).includes(fate),
          ),
        ) as Record<string, WriteFate>,
      ),
    !editing,
  );

  const key = usePredictionKey(prediction.id, !editing);
  const [failed, setFailed] = useState(false);
  function check() {
    const answers = draft;
    // The fates are fetched only now, with the check: they are not in the page's data.
    loadAnswerBook().then(
      (book) => {
        const writes = book.predictionKey(prediction.id);
        if (!writes) return setFailed(true);
        setFailed(false);
        setRetrying(false);
        void record([
          {
            kind: 'predicted',
            id: prediction.id,
            answers,
            correct: predictionCorrect(writes, answers),
            at: clock(),
          },
        ]);
        setDraft({});
      },
      () => setFailed(true),
    );
  }

  return (
    <ReviewCard
      id={prediction.id}
      headingId={headingId}
      due={due}
      kicker={`Prediction ${index + 1}`}
      heading={`${mistake.misconception}: what happens to each write?`}
      level={3}
    >
      {prediction.situation.map((p) => (
        <p key={p} className="mt-1">
          <InlineText text={p} />
        </p>
      ))}
      <pre
        tabIndex={0}
        className="mt-2 overflow-x-auto rounded-md border border-line bg-surface p-3 text-sm"
      >
        {prediction.steps.join('\n')}
      </pre>
      <ul className="mt-3 space-y-3">
        {prediction.writes.map((write) => (
          <li key={write.id} className="space-y-1">
            <p className="font-semibold">{write.label}</p>
            <ChoiceButtons
              label={write.label}
              choices={FATES}
              chosen={shown[write.id]}
              locked={!editing}
              onChoose={(fate) => setDraft({ ...draft, [write.id]: fate })}
            />
            {!editing ? (
              <WriteKey
                write={key?.find((k) => k.id === write.id)}
                chosen={saved.answers[write.id]}
                loading={key === undefined}
              />
            ) : null}
          </li>
        ))}
      </ul>
      <div role="status" className="mt-3">
        {failed ? (
          <p className="text-bad">The prediction could not be checked. Reload to try again.</p>
        ) : null}
        {saved ? (
          <p className={`font-bold ${saved.correct || reviewed ? 'text-good' : 'text-bad'}`}>
            {saved.correct
              ? 'Right on the first try.'
              : reviewed
                ? 'Wrong on the first try, right on review.'
                : 'Not right on the first try.'}
            {saved.tries > 1
              ? reviewed
                ? ` Tried ${saved.tries} times; the right one on its review counts.`
                : ` Tried ${saved.tries} times; only the first is scored.`
              : ''}
          </p>
        ) : null}
      </div>
      {editing && Object.keys(draft).length > 0 ? (
        <div className="mt-2">
          <SaveIndicator state={draftState} />
        </div>
      ) : null}
      <div className="mt-3 flex gap-2">
        {editing ? (
          <Button variant="primary" disabled={!complete} onClick={check}>
            Check my prediction
          </Button>
        ) : (
          <Button onClick={() => setRetrying(true)}>
            {due ? 'Review: predict again' : 'Predict again (not scored)'}
          </Button>
        )}
      </div>
    </ReviewCard>
  );
}

/** One write's fate and why, once loaded after the check. */
function WriteKey({
  write,
  chosen,
  loading,
}: {
  write: { fate: WriteFate; why: string } | undefined;
  chosen: WriteFate | undefined;
  loading: boolean;
}) {
  if (!write)
    return (
      <p className="text-sm text-muted">
        {loading
          ? 'Loading what happened…'
          : 'What happened could not be loaded. Reload to try again.'}
      </p>
    );
  return (
    <p className="text-sm">
      <span className={`font-semibold ${chosen === write.fate ? 'text-good' : 'text-bad'}`}>
        {WRITE_FATE_LABELS[write.fate]}.
      </span>{' '}
      <InlineText text={write.why} />
    </p>
  );
}
