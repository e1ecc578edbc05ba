'use client';

import { startTransition, useId, useRef, useState, type ChangeEvent } from 'react';
import { cutText, showMessage } from '@/lib/bounded';
import { HISTORY_IMPORT_LIMITS, type HistoryImport as Imported } from '@/lib/crashlab';
import { importHistoryInWorker } from '@/lib/crashlab/client';
import { HistoryLanes } from './history-lanes';
import { Panel } from '@/components/ui/panel';

/**
 * Imports a JSONL history written by the CLI (`npm run lab -- chaos`) and draws it. The file is
 * read, checked and cut in a Web Worker (the page only draws what comes back); nothing is
 * uploaded or stored.
 */
export function HistoryImport() {
  const inputId = useId();
  const headingId = useId();
  const [result, setResult] = useState<(Imported & { name: string }) | null>(null);
  const [reading, setReading] = useState(false);
  // Only the newest file's answer is drawn: one picked while another is read replaces it.
  const latest = useRef(0);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const mine = ++latest.current;
    const name = cutText(file.name, 200).text;
    setReading(true);
    let imported: Imported;
    try {
      imported = await importHistoryInWorker(file);
    } catch {
      imported = { ok: false, error: showMessage('The file could not be read.') };
    }
    if (mine !== latest.current) return;
    // A transition: React renders the drawing in slices, yielding to the page between them.
    startTransition(() => {
      setResult({ ...imported, name });
      setReading(false);
    });
  };

  return (
    <Panel as="section" aria-labelledby={headingId} tone="plain" className="mt-6">
      <h2 id={headingId} className="mb-2 text-lg font-bold">
        History from the command line
      </h2>
      <p className="mb-3 text-sm text-muted">
        <code>npm run lab -- chaos --database … --history run.jsonl</code> records every claim,
        write, kill and pause of real worker processes. Import the file to see one lane per process.
        It stays in this page: nothing is uploaded.
      </p>
      <label htmlFor={inputId} className="block text-sm font-semibold">
        History file (JSONL, up to {HISTORY_IMPORT_LIMITS.maxBytes / 1e6} MB)
      </label>
      <input
        id={inputId}
        type="file"
        accept=".jsonl,.ndjson,.json,.txt,application/x-ndjson,application/json,text/plain"
        onChange={(e) => void onFile(e)}
        className="mt-1 block w-full max-w-md text-sm file:mr-3 file:rounded-md file:border file:border-line file:bg-surface-2 file:px-3 file:py-1.5 file:font-semibold file:text-ink"
      />
      <div
        role="status"
        aria-live="polite"
        className="mt-3 text-sm"
        data-state={reading ? 'reading' : result ? (result.ok ? 'drawn' : 'error') : 'empty'}
      >
        {reading ? 'Reading…' : null}
        {result?.ok ? (
          <p>
            {result.name}: shown {result.shown} of {result.total} entries
            {result.shown < result.total
              ? ` (the page draws the first ${HISTORY_IMPORT_LIMITS.maxEntries.toLocaleString('en')})`
              : ''}
            .
          </p>
        ) : null}
        {result?.ok
          ? [result.textCut, result.lanesCut, result.marksCut].map((line) =>
              line ? (
                <p key={line} data-testid="shown-of">
                  {line}
                </p>
              ) : null,
            )
          : null}
      </div>
      {result && !result.ok ? (
        <p role="alert" className="mt-2 rounded-md border border-bad px-3 py-2 text-sm text-bad">
          {result.name} was not drawn: {result.error}
        </p>
      ) : null}
      {result?.ok ? <HistoryLanes drawing={result.drawing} /> : null}
    </Panel>
  );
}
