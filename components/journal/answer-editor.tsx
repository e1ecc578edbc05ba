'use client';

import { useState, type ClipboardEvent } from 'react';
import { MAX_ANSWER_CHARS, type Journal, type SaveResult } from '@/lib/journal';
import { Button } from '@/components/ui/button';
import { useAutosave } from '@/components/ui/use-autosave';
import { saveIndicatorText } from '@/components/ui/save-indicator';
import { useStorageAvailable } from '@/components/storage/storage-notices';
import { headChangeNotice } from './head-notice';
import { HistoryPanel } from './history-panel';
import { Notices, type Notice } from './notices';
import { getDraft, setDraft } from './use-journal';

const LIMIT = MAX_ANSWER_CHARS.toLocaleString('en-US');

export interface AnswerEditorProps {
  journal: Journal;
  version: number;
  promptId: string;
  /** The textarea's accessible name. */
  label: string;
  rows?: number;
  /** Whether the history starts open (REFLECT) or behind its "N versions" button (lesson boxes). */
  historyOpen?: boolean;
  /** Called after every version this box saves (the lesson records the attempt). */
  onSaved?: () => void;
  /** When the item's reference answer was first revealed: later versions are marked so. */
  revealedAt?: number | null;
}

/**
 * The answer editor of one journal prompt, used by every answer box of the app: a plain textarea
 * with a live counter, explicit save, autosave after a pause and when the page is left, and the
 * prompt's history in place behind an "N versions" button. Text past the limit is refused, not cut.
 */
export function AnswerEditor({
  journal,
  version,
  promptId,
  label,
  rows = 12,
  historyOpen = false,
  onSaved,
  revealedAt = null,
}: AnswerEditorProps) {
  const prompt = { id: promptId };
  const [showHistory, setShowHistory] = useState(historyOpen);
  const head = journal.head(prompt.id);
  const [baseId, setBaseId] = useState<string | null>(head?.id ?? null);
  const [seenHeadId, setSeenHeadId] = useState<string | null>(head?.id ?? null);
  const [text, setText] = useState(
    () => getDraft(prompt.id) ?? (head ? (journal.textOf(prompt.id, head.id) ?? '') : ''),
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  const storageAvailable = useStorageAvailable();
  const baseText = baseId ? (journal.textOf(prompt.id, baseId) ?? '') : '';
  const dirty = text !== baseText;
  const headNumber = journal.history(prompt.id).length;

  // Another tab saved, or an import in this page: follow it when nothing here is unsaved,
  // otherwise keep the text and say so (head-notice.ts has the words).
  if ((head?.id ?? null) !== seenHeadId) {
    setSeenHeadId(head?.id ?? null);
    if (head && head.id !== baseId) {
      if (!dirty) {
        setText(journal.textOf(prompt.id, head.id) ?? '');
        setBaseId(head.id);
      }
      setNotice(headChangeNotice(head, headNumber, dirty, journal.writer));
    }
  }

  function report(result: SaveResult, kind: 'save' | 'autosave' | 'restore') {
    if (!result.ok) {
      setDraft(prompt.id, text);
      setNotice({ tone: 'error', text: result.message, offerExport: result.error === 'quota' });
      return;
    }
    if (!result.saved) {
      if (kind === 'save')
        setNotice({
          tone: 'info',
          text: 'Nothing changed since the last saved version, so there is nothing new to save.',
        });
      return;
    }
    const { entry, newer } = result;
    onSaved?.();
    setBaseId(entry.id);
    setSeenHeadId(entry.id);
    setDraft(prompt.id, null);
    const number = journal.history(prompt.id).findIndex((m) => m.id === entry.id) + 1;
    if (newer) {
      setNotice({
        tone: 'warn',
        text: `Another tab had saved newer text ({time}) before this save. Both are kept: yours is version ${number}, marked as a branch. Compare them in the history.`,
        at: newer.time,
      });
    } else {
      const verb =
        kind === 'restore' ? 'Restored as' : kind === 'autosave' ? 'Autosaved as' : 'Saved as';
      setNotice({ tone: 'ok', text: `${verb} version ${number} {time}.`, at: entry.time });
    }
  }

  function save(kind: 'save' | 'autosave') {
    report(journal.save(prompt.id, text, { baseId, kind }), kind);
  }

  // The course's one save model: after a pause in typing, when the page is hidden or left, and
  // when the box goes away (a link to another page of the app).
  useAutosave(text, dirty, () => save('autosave'));

  function restore(entryId: string) {
    // Unsaved text is saved first, so restoring never throws away what was typed.
    let from = baseId;
    if (dirty) {
      const saved = journal.save(prompt.id, text, { baseId, kind: 'autosave' });
      if (!saved.ok) return report(saved, 'save');
      if (saved.saved) from = saved.entry.id;
    }
    const result = journal.restore(prompt.id, entryId, from);
    if (result.ok && result.saved) setText(journal.textOf(prompt.id, result.entry.id) ?? '');
    report(result, 'restore');
  }

  function refuse(length: number, what: string) {
    setNotice({
      tone: 'error',
      text: `${what} refused: it would make the answer ${length.toLocaleString('en-US')} characters, over the ${LIMIT} limit. Your text is unchanged.`,
    });
  }

  function onPaste(event: ClipboardEvent<HTMLTextAreaElement>) {
    const pasted = event.clipboardData.getData('text/plain');
    const area = event.currentTarget;
    const after = area.value.length - (area.selectionEnd - area.selectionStart) + pasted.length;
    if (after > MAX_ANSWER_CHARS) {
      event.preventDefault();
      refuse(after, 'Paste');
    }
  }

  const textareaId = `answer-${prompt.id}`;
  const historyId = `${textareaId}-history`;
  return (
    <div className="min-w-0 space-y-3">
      <div>
        <label htmlFor={textareaId} className="font-semibold">
          {label}
        </label>
        <textarea
          id={textareaId}
          value={text}
          rows={rows}
          spellCheck
          aria-describedby={`${textareaId}-count`}
          onPaste={onPaste}
          onChange={(event) => {
            const next = event.target.value;
            if (next.length > MAX_ANSWER_CHARS) return refuse(next.length, 'Input');
            setText(next);
            setDraft(prompt.id, next === baseText ? null : next);
          }}
          className="mt-2 block w-full rounded-md border border-line bg-surface p-3 text-base leading-relaxed text-ink"
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p id={`${textareaId}-count`} className="font-mono text-sm text-muted">
            {text.length.toLocaleString('en-US')} / {LIMIT}
          </p>
          <p
            className={`text-sm ${storageAvailable ? 'text-muted' : 'text-bad'}`}
            data-saved={dirty ? 'no' : 'yes'}
          >
            {saveIndicatorText({ kind: dirty ? 'unsaved' : 'saved' }, storageAvailable)}
          </p>
          <Button
            aria-expanded={showHistory}
            aria-controls={historyId}
            onClick={() => setShowHistory(!showHistory)}
          >
            {headNumber} {headNumber === 1 ? 'version' : 'versions'}
          </Button>
          <Button variant="primary" className="ml-auto" onClick={() => save('save')}>
            Save
          </Button>
        </div>
      </div>
      <Notices notice={notice} journal={journal} />
      <div id={historyId} hidden={!showHistory}>
        {showHistory ? (
          <HistoryPanel
            journal={journal}
            version={version}
            promptId={prompt.id}
            currentId={baseId}
            onRestore={restore}
            revealedAt={revealedAt}
          />
        ) : null}
      </div>
    </div>
  );
}
