'use client';

import { useId, useState } from 'react';
import { NO_GRIDS, ResultGrids } from '@/components/sql-sandbox/result-grids';
import { Button } from '@/components/ui/button';
import type { ScriptResult } from '@/lib/sqlite';
import type { ClaimLabWorker } from '@/lib/claim-lab/client';

type Answer = Awaited<ReturnType<ClaimLabWorker['console']>>;

function describe(answer: Answer): { text: string; bad: boolean; result: ScriptResult | null } {
  if (answer.kind === 'timeout')
    return {
      text: 'Stopped: the query did not finish in time, and the database was lost with its worker. Run the program again.',
      bad: true,
      result: null,
    };
  if (answer.kind === 'crashed' || answer.kind === 'failed')
    return { text: answer.message, bad: true, result: null };
  if (answer.kind === 'stopped') return { text: '', bad: false, result: null };
  if (answer.value.type !== 'console') return { text: '', bad: false, result: null };
  const result = answer.value.result;
  if (!result)
    return { text: 'There is no database yet: run the program first.', bad: true, result: null };
  if (result.error)
    return {
      text: `SQLite error on line ${result.error.line}: ${result.error.message}`,
      bad: true,
      result,
    };
  return {
    text: `Ran ${result.statements} ${result.statements === 1 ? 'statement' : 'statements'} on the program’s database.`,
    bad: false,
    result,
  };
}

/** Any SQL against the database the last run left behind, with result grids. */
export function LabConsole({ runSql }: { runSql: (sql: string) => Promise<Answer | null> }) {
  const id = useId();
  const [sql, setSql] = useState('SELECT * FROM runs;');
  const [state, setState] = useState<ReturnType<typeof describe> | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    const answer = await runSql(sql);
    setBusy(false);
    if (answer) setState(describe(answer));
  };

  return (
    <div className="space-y-3">
      <label htmlFor={id} className="block text-sm font-semibold">
        SQL console
      </label>
      <textarea
        id={id}
        value={sql}
        onChange={(e) => setSql(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void submit();
          }
        }}
        rows={3}
        spellCheck={false}
        className="w-full rounded-md border border-line bg-surface p-2 font-mono text-sm"
      />
      <Button onClick={() => void submit()} disabled={busy}>
        Run SQL
      </Button>
      {state ? (
        <p
          role="status"
          className={`rounded-md border px-3 py-2 text-sm ${state.bad ? 'border-bad text-bad' : 'border-line text-muted'}`}
        >
          {state.text}
        </p>
      ) : null}
      <ResultGrids grids={state?.result?.grids ?? NO_GRIDS} />
    </div>
  );
}
