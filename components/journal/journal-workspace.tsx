'use client';

import { useState } from 'react';
import type { JournalPrompt } from '@/content/reflect';
import { AnswerEditor } from './answer-editor';
import { JournalTransfer } from './journal-transfer';
import { useJournal } from './use-journal';

/** The answer journal: pick a prompt, write, save, and browse its history. */
export function JournalWorkspace({ prompts }: { prompts: readonly JournalPrompt[] }) {
  const { journal, version } = useJournal();
  const [activeId, setActiveId] = useState(prompts[0].id);
  const active = prompts.find((p) => p.id === activeId) ?? prompts[0];

  if (!journal) {
    return <p className="text-muted">Opening your journal…</p>;
  }
  const problems = journal.problems();
  return (
    <div className="space-y-8">
      {problems.length ? (
        <div
          role="alert"
          className="space-y-1 rounded-md border-l-4 border-bad bg-surface-2 px-3 py-2"
        >
          {problems.map((p, i) => (
            <p key={i}>{p.message}</p>
          ))}
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
        <AnswerEditor key={active.id} journal={journal} version={version} prompt={active} />
      </div>
      <JournalTransfer journal={journal} prompts={prompts.map((p) => p.id)} />
    </div>
  );
}
