'use client';

import Link from 'next/link';
import { useState } from 'react';
import type { JournalPrompt } from '@/content/reflect';
import { shownLine, showList, showMessage } from '@/lib/bounded';
import { STORAGE_KEYS } from '@/lib/storage';
import { useOwnStorageNotices } from '@/components/storage/storage-notices';
import { AnswerEditor } from './answer-editor';
import { JournalTransfer } from './journal-transfer';
import { useLessonRecords } from '@/components/lesson/use-lesson-records';
import { useJournal } from './use-journal';

/** The answer journal: pick a prompt, write, save, and browse its history. */
export function JournalWorkspace({ prompts }: { prompts: readonly JournalPrompt[] }) {
  const { journal, version } = useJournal();
  // When each lesson item's reference answer was revealed: versions saved later are marked.
  const { records } = useLessonRecords();
  const [activeId, setActiveId] = useState(prompts[0].id);
  const active = prompts.find((p) => p.id === activeId) ?? prompts[0];
  // The journal's problems below tell of every part set aside.
  useOwnStorageNotices(`${STORAGE_KEYS.journal}.`);

  if (!journal) {
    return (
      <p role="status" className="text-muted" data-journal="opening">
        Opening your journal…
      </p>
    );
  }
  // Storage problems quote what was found in storage: through the door to the page.
  const problems = showList(journal.problems(), 20);
  const moreProblems = shownLine(problems.count, 'problems');
  return (
    <div className="space-y-8" data-journal="ready">
      {problems.items.length ? (
        <div
          role="alert"
          className="space-y-1 rounded-md border-l-4 border-bad bg-surface-2 px-3 py-2"
        >
          {problems.items.map((p, i) => (
            <p key={i}>{showMessage(p.message)}</p>
          ))}
          {moreProblems ? <p data-testid="shown-of">{moreProblems}</p> : null}
        </div>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-[17rem_minmax(0,1fr)]">
        <nav aria-label="Prompts">
          <ul className="space-y-1">
            {prompts.map((prompt) => {
              const count = journal.history(prompt.id).length;
              return (
                <li key={prompt.id}>
                  <button
                    type="button"
                    aria-pressed={prompt.id === active.id}
                    onClick={() => setActiveId(prompt.id)}
                    className="w-full rounded-md border border-line px-3 py-2 text-left hover:bg-surface-2 aria-pressed:border-accent aria-pressed:bg-surface-2"
                  >
                    <span className="block font-semibold">{prompt.label}</span>
                    <span className="block text-sm text-muted">
                      {prompt.source} · {count} {count === 1 ? 'version' : 'versions'}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </nav>
        <section aria-labelledby={`prompt-${active.id}-title`} className="min-w-0 space-y-4">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-accent">
              {active.source}
            </p>
            <h2 id={`prompt-${active.id}-title`} className="text-2xl font-bold">
              {active.label}
            </h2>
            <p className="mt-1 text-lg">{active.question}</p>
            {active.href ? (
              <p className="mt-1 text-sm">
                <Link href={active.href} className="font-semibold text-accent underline">
                  Asked in the lesson
                </Link>{' '}
                <span className="text-muted">
                  (the answer box there writes to this same history)
                </span>
              </p>
            ) : null}
          </div>
          <AnswerEditor
            key={active.id}
            journal={journal}
            version={version}
            promptId={active.id}
            label={`Your answer: ${active.label}`}
            historyOpen
            revealedAt={active.lessonItem ? (records.revealed[active.lessonItem] ?? null) : null}
          />
        </section>
      </div>
      <JournalTransfer journal={journal} prompts={prompts.map((p) => p.id)} />
    </div>
  );
}
