'use client';

import { useMemo } from 'react';
import { CodeEditor, type EditorMarker } from '@/components/code-editor/code-editor';
import { Button } from '@/components/ui/button';
import { SaveIndicator } from '@/components/ui/save-indicator';
import { changedElsewhereSentence } from '@/components/ui/save-words';
import { NO_GRIDS, ResultGrids } from './result-grids';
import { useSavedScript } from './use-saved-script';
import { useSqlConsole, type ConsoleStatus } from './use-sql-console';

function statusText(status: ConsoleStatus, statements: number, grids: number): string {
  switch (status.kind) {
    case 'idle':
      return 'Ready. Press Run or Ctrl+Enter.';
    case 'running':
      return 'Running…';
    case 'done':
      return (
        `Ran ${statements} ${statements === 1 ? 'statement' : 'statements'} in ${status.ms.toFixed(1)} ms.` +
        (grids < statements ? ` Shown the results of ${grids} of ${statements}.` : '')
      );
    case 'error':
      return `SQLite error on line ${status.line}: ${status.message}`;
    case 'stopped':
      return status.message;
  }
}

/** A SQL editor over a real SQLite database in a Web Worker, with result grids. */
export function SqlSandbox({ seed, initialScript }: { seed: string; initialScript: string }) {
  const { script, setScript, saveState, changedElsewhere } = useSavedScript(initialScript);
  const { result, status, run, resetDatabase } = useSqlConsole(seed);
  const markers = useMemo<EditorMarker[]>(
    () => (status.kind === 'error' ? [{ line: status.line, message: status.message }] : []),
    [status],
  );
  const failed = status.kind === 'error' || status.kind === 'stopped';

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="script-heading" className="min-w-0">
        <h2 id="script-heading" className="mb-2 text-lg font-bold">
          Your SQL
        </h2>
        <CodeEditor
          value={script}
          onChange={setScript}
          language="sql"
          label="SQL script editor"
          height={420}
          markers={markers}
          onRun={() => void run(script)}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="primary"
            onClick={() => void run(script)}
            disabled={status.kind === 'running'}
          >
            Run
          </Button>
          <Button onClick={() => void resetDatabase()}>Reset database</Button>
          <Button onClick={() => setScript(initialScript)} disabled={script === initialScript}>
            Restore the lesson’s script
          </Button>
        </div>
        <div className="mt-2">
          {changedElsewhere && saveState.kind === 'saved' ? (
            <p role="status" data-save-state="elsewhere" className="text-sm text-bad">
              {changedElsewhereSentence('script')}
            </p>
          ) : (
            <SaveIndicator state={saveState} />
          )}
        </div>
      </section>
      <section aria-labelledby="results-heading" className="min-w-0">
        <h2 id="results-heading" className="mb-2 text-lg font-bold">
          Results
        </h2>
        <p
          role="status"
          aria-live="polite"
          data-testid="console-status"
          className={`mb-3 rounded-md border px-3 py-2 text-sm ${failed ? 'border-bad text-bad' : 'border-line text-muted'}`}
        >
          {statusText(status, result?.statements ?? 0, result?.grids.length ?? 0)}
        </p>
        <ResultGrids grids={result?.grids ?? NO_GRIDS} />
      </section>
    </div>
  );
}
