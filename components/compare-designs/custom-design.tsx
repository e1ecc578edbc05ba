'use client';

import { useMemo } from 'react';
import { CodeEditor, type EditorMarker } from '@/components/code-editor/code-editor';
import { Button } from '@/components/ui/button';
import { fencedDesign } from '@/lib/lease';
import type { Bound, EditableStatement, StatementDraft } from '@/lib/checker';
import { CheckStatus } from './check-status';
import type { Checker } from './use-checker';
import { panelClass } from '@/components/ui/panel';

export const CUSTOM_DESIGN_KEY = 'my-design';
const KEY = CUSTOM_DESIGN_KEY;
/** The custom design starts as the lesson's own statements. */
export const LESSON_DRAFT: StatementDraft = {
  claim: fencedDesign.claim,
  renew: fencedDesign.renew,
  finish: fencedDesign.finish,
};
const LABELS: Record<EditableStatement, string> = {
  claim: 'Claim statement',
  renew: 'Renew statement',
  finish: 'Finish statement',
};

/** "Check my design": the learner edits claim, renew and finish and checks them the same way. */
export function CustomDesign({
  checker,
  bound,
  stateCache,
  draft,
  setDraft,
}: {
  checker: Checker;
  bound: Bound;
  stateCache: boolean;
  draft: StatementDraft;
  setDraft: (update: (d: StatementDraft) => StatementDraft) => void;
}) {
  const state = checker.stateOf(KEY);
  const markers = useMemo(() => {
    const byStatement: Record<EditableStatement, EditorMarker[]> = {
      claim: [],
      renew: [],
      finish: [],
    };
    if (state.status === 'invalid') {
      for (const p of state.problems)
        byStatement[p.statement].push({ line: p.line ?? 1, message: p.message });
    }
    return byStatement;
  }, [state]);

  return (
    <section
      aria-labelledby="my-design-heading"
      className={panelClass({ tone: 'plain' }, 'grid gap-4 *:min-w-0')}
    >
      <h2 id="my-design-heading" className="text-xl font-bold">
        Check my design
      </h2>
      <p className="text-sm text-muted">
        Edit the claim, renew and finish; the report store and the gateway stay as in the lesson.
        Parameters you can use: <code>$run</code>, <code>$owner</code>, <code>$now</code>,{' '}
        <code>$lease</code>, and in renew and finish <code>$token</code>. The claim must end with{' '}
        <code>RETURNING fence AS token</code>.
      </p>
      <div className="grid gap-4 xl:grid-cols-3 *:min-w-0">
        {(['claim', 'renew', 'finish'] as const).map((name) => (
          <div key={name}>
            <p className="mb-1 text-sm font-semibold">{LABELS[name]}</p>
            <CodeEditor
              value={draft[name]}
              onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
              language="sql"
              label={LABELS[name]}
              height={190}
              markers={markers[name]}
              onRun={() => void checker.checkDraft(KEY, draft, bound, stateCache)}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="primary"
          disabled={checker.running !== null}
          onClick={() => void checker.checkDraft(KEY, draft, bound, stateCache)}
        >
          Check my design
        </Button>
        <Button onClick={() => setDraft(() => LESSON_DRAFT)}>
          Restore the lesson’s statements
        </Button>
      </div>
      <CheckStatus state={state} onStop={checker.stop} label="my design" />
    </section>
  );
}
