'use client';

import { useState, type ChangeEvent } from 'react';
import { showMessage } from '@/lib/bounded';
import { MAX_IMPORT_CHARS, type Journal } from '@/lib/journal';
import { importJournalFile, type ImportProgress } from '@/lib/journal/client';
import { ExportButton } from './export-button';
import { Panel } from '@/components/ui/panel';

/** Export the whole journal to a JSON file, and import one back (validated, merged). */
export function JournalTransfer({
  journal,
  prompts,
}: {
  journal: Journal;
  prompts: readonly string[];
}) {
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [progress, setProgress] = useState<ImportProgress | null>(null);

  async function onFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // Checked before reading, so a huge file is never loaded into memory.
    if (file.size > MAX_IMPORT_CHARS * 3) {
      setResult({
        ok: false,
        text: `Import refused: the file is too large (${(file.size / 1_048_576).toFixed(1)} MB).`,
      });
      return;
    }
    setResult(null);
    setProgress({ phase: 'checking', fraction: 0 });
    const outcome = await importJournalFile(journal, await file.text(), prompts, setProgress);
    setProgress(null);
    setResult(
      outcome.ok
        ? {
            ok: true,
            text: `Imported ${outcome.added} ${outcome.added === 1 ? 'version' : 'versions'}${
              outcome.skipped
                ? `; ${outcome.skipped} already in your journal ${outcome.skipped === 1 ? 'was' : 'were'} skipped`
                : ''
            }${
              outcome.kept
                ? `; ${outcome.kept} had the id of a version you have but another text, and ${outcome.kept === 1 ? 'was' : 'were'} kept as new ${outcome.kept === 1 ? 'version' : 'versions'}`
                : ''
            }.`,
          }
        : {
            ok: false,
            text: `Import refused: ${outcome.reason}${outcome.added ? ` (${outcome.added} ${outcome.added === 1 ? 'version was' : 'versions were'} added first)` : ''}`,
          },
    );
  }

  return (
    <Panel as="section" aria-labelledby="journal-transfer" tone="plain" className="space-y-3">
      <h2 id="journal-transfer" className="text-lg font-bold">
        Keep a copy
      </h2>
      <p className="text-muted">
        Export every answer with its whole history to a JSON file; import it here or in another
        browser. Importing merges: versions you already have are not added twice.
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <ExportButton journal={journal} />
        <label className="text-sm font-semibold">
          Import journal file
          <input
            type="file"
            accept="application/json,.json"
            onChange={onFile}
            className="mt-1 block text-sm font-normal"
          />
        </label>
      </div>
      <div role="status">
        {progress ? (
          <p>
            {progress.phase === 'checking' ? 'Checking the file' : 'Saving the imported versions'}:{' '}
            {Math.round(progress.fraction * 100)}%
          </p>
        ) : result?.ok ? (
          <p>{showMessage(result.text)}</p>
        ) : null}
      </div>
      <div role="alert">
        {result && !result.ok ? <p className="text-bad">{showMessage(result.text)}</p> : null}
      </div>
    </Panel>
  );
}
