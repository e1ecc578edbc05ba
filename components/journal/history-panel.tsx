'use client';

import { useState } from 'react';
import type { EntryMeta, Journal } from '@/lib/journal';
import { Button } from '@/components/ui/button';
import { DiffView } from './diff-view';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatSize, formatTime } from './format';
import { Panel } from '@/components/ui/panel';

/** Versions listed at first, and how many more each "Show older" adds (each batch one short task). */
const SHOWN = 30;
const MORE = 200;
const KIND_LABELS: Record<EntryMeta['kind'], string> = {
  save: 'saved',
  autosave: 'autosaved',
  restore: 'restored',
  draft: 'draft',
};

/**
 * The history of one prompt, newest first: time and size of every version, open any one,
 * compare any two, restore one (which adds a new version).
 */
export function HistoryPanel({
  journal,
  version,
  promptId,
  currentId,
  onRestore,
  revealedAt = null,
}: {
  journal: Journal;
  version: number;
  promptId: string;
  currentId: string | null;
  onRestore: (entryId: string) => void;
  /** When the lesson item's reference answer was first revealed (versions after it are marked). */
  revealedAt?: number | null;
}) {
  const history = journal.history(promptId);
  const [openId, setOpenId] = useState<string | null>(null);
  const [limit, setLimit] = useState(SHOWN);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [compared, setCompared] = useState<[string, string] | null>(null);
  // Issue 41: a history of 30,000 versions is drawn a batch at a time, never whole, and a
  // version's number is looked up, not searched for (that was 30,000 x 30,000 steps a render).
  const numbers = new Map(history.map((m, i) => [m.id, i + 1]));
  const number = (id: string) => numbers.get(id) ?? 0;
  const shown = history.slice(Math.max(0, history.length - limit)).reverse();
  const older = history.length - shown.length;
  const opened = openId ? history[number(openId) - 1] : undefined;
  const fromId = from || history[history.length - 2]?.id || '';
  const toId = to || history[history.length - 1]?.id || '';
  // The versions listed, and the two chosen, can be compared: the pickers grow with the list.
  const pickable = [...shown];
  for (const id of [fromId, toId]) {
    const meta = history[number(id) - 1];
    if (meta && !pickable.includes(meta)) pickable.push(meta);
  }
  const options = pickable.map((m) => (
    <option key={m.id} value={m.id}>
      Version {number(m.id)} ({formatTime(m.time)})
    </option>
  ));

  return (
    <Panel
      as="section"
      aria-labelledby={`history-${promptId}`}
      tone="plain"
      className="space-y-4"
      data-version={version}
    >
      <h3 id={`history-${promptId}`} className="text-lg font-bold">
        History ({history.length} {history.length === 1 ? 'version' : 'versions'})
      </h3>
      {history.length === 0 ? (
        <p className="text-muted">No saved versions yet. Save, or pause typing for autosave.</p>
      ) : null}
      <ol aria-label="Saved versions" className="divide-y divide-line">
        {shown.map((meta) => {
          const n = number(meta.id);
          return (
            <li key={meta.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <span className="font-semibold">Version {n}</span>
              <span className="text-sm text-muted">
                {KIND_LABELS[meta.kind]} <RelativeTime at={meta.time} /> · {formatSize(meta.size)}
                {meta.restoredFrom ? ` · from version ${number(meta.restoredFrom)}` : ''}
              </span>
              {meta.stale || meta.concurrent ? (
                <span className="rounded border border-accent px-1.5 text-xs font-semibold">
                  {meta.stale
                    ? 'branch: based on an older version'
                    : 'branch: saved at the same time in another tab'}
                </span>
              ) : null}
              {revealedAt !== null && meta.time > revealedAt ? (
                <span
                  className="rounded border border-line px-1.5 text-xs font-semibold"
                  data-testid="after-reveal"
                >
                  saved after the reference answer was revealed
                </span>
              ) : null}
              {meta.id === currentId ? (
                <span className="text-xs font-semibold text-good">in the editor</span>
              ) : null}
              <span className="ml-auto flex gap-2">
                <Button
                  aria-label={`Open version ${n}`}
                  onClick={() => setOpenId(meta.id === openId ? null : meta.id)}
                >
                  Open
                </Button>
                <Button aria-label={`Restore version ${n}`} onClick={() => onRestore(meta.id)}>
                  Restore
                </Button>
              </span>
            </li>
          );
        })}
      </ol>
      {older > 0 || limit > SHOWN ? (
        <p className="flex flex-wrap gap-2">
          {older > 0 ? (
            <Button onClick={() => setLimit(limit + MORE)}>
              {older <= MORE
                ? `Show all ${history.length} versions`
                : `Show ${MORE} older versions (${older.toLocaleString('en-US')} not shown)`}
            </Button>
          ) : null}
          {limit > SHOWN ? (
            <Button onClick={() => setLimit(SHOWN)}>{`Show the newest ${SHOWN}`}</Button>
          ) : null}
        </p>
      ) : null}

      {opened ? (
        <div className="space-y-2 rounded-md border border-line bg-surface-2 p-3">
          <h4 className="font-bold">
            Version {number(opened.id)}, {KIND_LABELS[opened.kind]}{' '}
            <RelativeTime at={opened.time} />
          </h4>
          <pre
            aria-label={`Text of version ${number(opened.id)}`}
            tabIndex={0}
            className="max-h-80 overflow-auto whitespace-pre-wrap break-words font-sans"
          >
            {journal.textOf(promptId, opened.id)}
          </pre>
          <Button onClick={() => setOpenId(null)}>Close version</Button>
        </div>
      ) : null}

      {history.length >= 2 ? (
        <div className="space-y-3">
          <h4 className="font-bold">Compare two versions</h4>
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col text-sm font-semibold">
              From
              <select
                value={fromId}
                onChange={(e) => setFrom(e.target.value)}
                className="mt-1 rounded-md border border-line bg-surface p-1.5 font-normal"
              >
                {options}
              </select>
            </label>
            <label className="flex flex-col text-sm font-semibold">
              To
              <select
                value={toId}
                onChange={(e) => setTo(e.target.value)}
                className="mt-1 rounded-md border border-line bg-surface p-1.5 font-normal"
              >
                {options}
              </select>
            </label>
            <Button onClick={() => setCompared([fromId, toId])}>Show differences</Button>
          </div>
          {compared ? (
            <DiffView
              before={journal.textOf(promptId, compared[0]) ?? ''}
              after={journal.textOf(promptId, compared[1]) ?? ''}
              title={`Differences from version ${number(compared[0])} to version ${number(compared[1])}`}
            />
          ) : null}
        </div>
      ) : null}
    </Panel>
  );
}
