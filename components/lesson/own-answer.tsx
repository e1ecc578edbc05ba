'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { answerProblem, MAX_ANSWER_LENGTH, type LessonItemKind } from '@/lib/lesson';
import { useLessonRecords } from './use-lesson-records';

/**
 * An optional box for writing your own answer (or prediction) before the reveal. The text stays
 * in the box whatever happens: a refused or failed save never loses it.
 */
export function OwnAnswer({
  id,
  item,
  label,
  noun = 'answer',
}: {
  id: string;
  item: LessonItemKind;
  label: string;
  noun?: 'answer' | 'prediction';
}) {
  const { records, status, record } = useLessonRecords();
  const saved = records.answers[id] ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const [message, setMessage] = useState<{ kind: 'good' | 'bad'; text: string } | null>(null);
  const inputId = useId();
  const text = draft ?? saved;

  async function save() {
    const problem = answerProblem(text);
    if (problem) {
      setMessage({ kind: 'bad', text: problem });
      return;
    }
    const ok = await record([{ kind: 'answered', item, id, text, at: Date.now() }]);
    setMessage(
      ok
        ? { kind: 'good', text: `Your ${noun} is saved.` }
        : { kind: 'bad', text: 'Not saved; your text is still here.' },
    );
    if (ok) setDraft(null);
  }

  return (
    <div className="mt-3">
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {label} <span className="font-normal text-muted">(optional)</span>
      </label>
      <textarea
        id={inputId}
        value={text}
        onChange={(event) => {
          setDraft(event.target.value);
          setMessage(null);
        }}
        rows={3}
        className="mt-1 w-full rounded-md border border-line bg-surface p-2 text-base"
      />
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <Button onClick={() => void save()} disabled={status === 'loading'}>
          Save my {noun}
        </Button>
        <span
          className={`text-sm ${text.length > MAX_ANSWER_LENGTH ? 'font-semibold text-bad' : 'text-muted'}`}
        >
          {text.length.toLocaleString('en')} / {MAX_ANSWER_LENGTH.toLocaleString('en')}
        </span>
        <span
          role="status"
          className={`text-sm ${message?.kind === 'bad' ? 'text-bad' : 'text-good'}`}
        >
          {message?.text}
        </span>
      </div>
    </div>
  );
}
