'use client';

import { useId, useState, type ReactNode } from 'react';
import { AnswerEditor } from '@/components/journal/answer-editor';
import { useJournal } from '@/components/journal/use-journal';
import { Button } from '@/components/ui/button';
import { journalPromptFor } from '@/content/reflect';
import { isRealAttempt, MIN_ATTEMPT_WORDS, type LessonItemKind } from '@/lib/lesson';
import { clock } from './lesson-store';
import { useAttempted } from './use-attempted';
import { useLessonRecords } from './use-lesson-records';

/**
 * Answer first, for real: the item's answer box (its journal prompt, with history), an honest
 * "I don't know yet", and a reveal that opens only after one of the two has been recorded.
 */
export function AttemptGate({
  id,
  item,
  label,
  revealLabel,
  children,
}: {
  id: string;
  item: LessonItemKind;
  label: string;
  /** What the reveal opens ("the reference answer", "the derivation"). */
  revealLabel: string;
  children: ReactNode;
}) {
  const { records, record, status } = useLessonRecords();
  const { journal, version } = useJournal();
  const attempted = useAttempted()(id);
  const revealed = id in records.revealed;
  const [hidden, setHidden] = useState(false);
  const open = revealed && !hidden;
  const contentId = useId();
  const hintId = useId();
  const prompt = journalPromptFor(id);

  // An own answer after "I don't know yet" is recorded too: only an own answer marks the
  // question attempted on a path.
  const attempt = (how: 'answered' | 'dont-know') =>
    records.attempts[id] === 'answered' || (how === 'dont-know' && id in records.attempts)
      ? Promise.resolve(true)
      : record([{ kind: 'attempted', item, id, how, at: clock() }]);

  function toggle() {
    if (!revealed) void record([{ kind: 'revealed', item, id, at: clock() }]);
    setHidden(open);
  }

  return (
    <div className="mt-3 space-y-3" data-attempted={attempted ? 'yes' : 'no'}>
      {journal ? (
        <AnswerEditor
          journal={journal}
          version={version}
          promptId={prompt.id}
          label={label}
          rows={4}
          revealedAt={records.revealed[id] ?? null}
          onSaved={() => {
            // A space or one word is saved in the journal like any text, but opens nothing.
            const head = journal.head(prompt.id);
            if (head && isRealAttempt(journal.textOf(prompt.id, head.id) ?? ''))
              void attempt('answered');
          }}
        />
      ) : (
        <p className="text-muted">Opening your answer journal…</p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <Button
          variant="primary"
          aria-expanded={open}
          aria-controls={contentId}
          aria-describedby={attempted ? undefined : hintId}
          disabled={!attempted}
          onClick={toggle}
        >
          {open ? `Hide ${revealLabel}` : `Reveal ${revealLabel}`}
        </Button>
        {!attempted ? (
          <>
            <Button disabled={status !== 'ready'} onClick={() => void attempt('dont-know')}>
              I don’t know yet
            </Button>
            <span id={hintId} className="text-sm text-muted">
              Save an answer of a few words (at least {MIN_ATTEMPT_WORDS}), or say you don’t know
              yet, to open {revealLabel}.
            </span>
          </>
        ) : null}
      </div>
      <div id={contentId} hidden={!open}>
        {open ? children : null}
      </div>
    </div>
  );
}
