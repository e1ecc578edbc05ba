'use client';

import { useMemo } from 'react';
import { CodeEditor, type EditorMarker } from '@/components/code-editor/code-editor';
import { ConditionPicker } from '@/components/conditions/condition-picker';
import { Button } from '@/components/ui/button';
import { fencedDesign, isClaimCondition, LESSON_CLAIM, LESSON_RULES } from '@/lib/lease';
import {
  conditionsDesign,
  type Bound,
  type ConditionPicks,
  type EditableStatement,
  type StatementDraft,
} from '@/lib/checker';
import { CHECK_LIMITS } from '@/lib/checker/client';
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
/** ...and its conditions as the lesson's own renew and finish (its claim: the lesson's, LESSON_CLAIM). */
export const LESSON_PICKS: ConditionPicks = {
  renew: LESSON_RULES.renew,
  finish: LESSON_RULES.finish,
};
const LABELS: Record<EditableStatement, string> = {
  claim: 'Claim statement',
  renew: 'Renew statement',
  finish: 'Finish statement',
};
const seconds = (ms: number) => (ms / 1000).toLocaleString('en-US');

/** The statements a set of picks makes: what the editors show after a pick. */
function draftOf(picks: ConditionPicks): StatementDraft {
  const design = conditionsDesign(picks);
  return { claim: design.claim, renew: design.renew, finish: design.finish };
}

/**
 * "Check my design": the learner picks the renew and finish conditions from the rulebook's
 * catalogue, or edits claim, renew and finish as SQL, and checks them the same way.
 */
export function CustomDesign({
  checker,
  bound,
  stateCache,
  draft,
  setDraft,
  picks,
  setPicks,
}: {
  checker: Checker;
  bound: Bound;
  stateCache: boolean;
  draft: StatementDraft;
  setDraft: (update: (d: StatementDraft) => StatementDraft) => void;
  picks: ConditionPicks;
  setPicks: (picks: ConditionPicks) => void;
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
  const check = () => void checker.checkDraft(KEY, draft, bound, stateCache, picks);
  // A claim that compares what it read is two statements: its read comes from the picks.
  const claimRead = useMemo(() => conditionsDesign(picks).claimRead, [picks]);
  const pick = (next: ConditionPicks) => {
    setPicks(next);
    setDraft(() => draftOf(next));
  };

  return (
    <section
      aria-labelledby="my-design-heading"
      className={panelClass({ tone: 'plain' }, 'grid gap-4 *:min-w-0')}
    >
      <h2 id="my-design-heading" className="text-xl font-bold">
        Check my design
      </h2>
      <p className="text-sm text-muted">
        Pick the claim, renew and finish conditions from the lesson’s catalogue: the statements
        below are rewritten from your picks (the claim records the columns your conditions compare).
        Then edit the SQL further if you like. The report store and the gateway stay as in the
        lesson.
      </p>
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3 *:min-w-0">
        <ConditionPicker
          statement="claim"
          value={picks.claim ?? LESSON_CLAIM}
          onChange={(list) => pick({ ...picks, claim: list.filter(isClaimCondition) })}
          disabled={checker.running !== null}
        />
        {(['renew', 'finish'] as const).map((statement) => (
          <ConditionPicker
            key={statement}
            statement={statement}
            value={picks[statement]}
            onChange={(list) => pick({ ...picks, [statement]: list })}
            disabled={checker.running !== null}
          />
        ))}
      </div>
      <p className="text-sm text-muted">
        Parameters you can use: <code>$run</code>, <code>$owner</code>, <code>$now</code>,{' '}
        <code>$lease</code>, and in renew and finish <code>$token</code> and what the holder’s claim
        returned (<code>$attempt</code>, <code>$claimed_at</code>, <code>$attempted_at</code>); a
        claim that compares what it read uses its read’s values (<code>$read_fence</code>). The
        claim must end with <code>RETURNING fence AS token</code>.
      </p>
      <div className="grid gap-4 xl:grid-cols-3 *:min-w-0">
        {(['claim', 'renew', 'finish'] as const).map((name) => (
          <div key={name}>
            <p className="mb-1 text-sm font-semibold">{LABELS[name]}</p>
            {name === 'claim' && claimRead ? (
              <figure className="mb-2 grid gap-1 text-sm">
                <figcaption className="text-muted">
                  First the claim reads (from your picks; the statement below is its write):
                </figcaption>
                <pre className="overflow-x-auto rounded-md bg-surface-2 px-2 py-1 font-mono text-xs whitespace-pre-wrap">
                  {claimRead}
                </pre>
              </figure>
            ) : null}
            <CodeEditor
              value={draft[name]}
              onChange={(value) => setDraft((d) => ({ ...d, [name]: value }))}
              language="sql"
              label={LABELS[name]}
              height={190}
              markers={markers[name]}
              onRun={check}
            />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" disabled={checker.running !== null} onClick={check}>
          Check my design
        </Button>
        <Button
          onClick={() => {
            setPicks(LESSON_PICKS);
            setDraft(() => LESSON_DRAFT);
          }}
        >
          Restore the lesson’s statements
        </Button>
      </div>
      <p className="text-sm text-muted">
        A check stops at its time limit of {seconds(CHECK_LIMITS.totalMs)} seconds, or after{' '}
        {seconds(CHECK_LIMITS.silentMs)} seconds without progress.
      </p>
      <CheckStatus state={state} onStop={checker.stop} label="my design" />
    </section>
  );
}
