'use client';

import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import {
  claimWheres,
  conditionKey,
  conditionsWhere,
  describeStatementConditions,
  isClaimCondition,
  statementMenu,
  type PickedStatement,
  type RunCondition,
  type RunTable,
} from '@/lib/lease';
import { conditionListProblem } from '@/lib/timeline';
import { ConditionEntry } from './condition-entry';

const FIELD = 'min-w-0 rounded-md border border-line bg-surface px-2 py-1';

/**
 * The WHERE clauses a list makes: one, or for a claim that compares what it read, its read's and
 * its write's (lib/lease's claimWheres).
 */
function whereClauses(
  statement: PickedStatement,
  list: readonly RunCondition[],
  table: RunTable | undefined,
): { label: string | null; sql: string }[] {
  if (statement !== 'claim') return [{ label: null, sql: conditionsWhere(list, table) }];
  const { read, write } = claimWheres(list.filter(isClaimCondition), table);
  return read === null
    ? [{ label: null, sql: write }]
    : [
        { label: 'read', sql: read },
        { label: 'write', sql: write },
      ];
}

const TITLES: Readonly<Record<PickedStatement, string>> = {
  claim: 'Claim conditions',
  renew: 'Renew conditions',
  finish: 'Finish conditions',
};

/**
 * A claim's, renew's or finish's conditions, picked from the rulebook's catalogue (lib/lease,
 * statementMenu: a claim picks from its own entries): the list
 * with each entry's own choices (a fingerprint's columns, a status set), a menu to add one, the
 * sentence and the WHERE clause they make. A list the schema refuses (an empty fingerprint)
 * stays on screen with the reason, and `onChange` hears only lists it accepts.
 */
export function ConditionPicker({
  statement,
  value,
  table,
  onChange,
  onReset,
  resetLabel,
  disabled = false,
}: {
  statement: PickedStatement;
  value: readonly RunCondition[];
  /** The run table the WHERE clause is written for (the lesson's runs table by default). */
  table?: RunTable;
  onChange: (next: RunCondition[]) => void;
  /** Goes back to the design's own list; the button shows only with it. */
  onReset?: () => void;
  resetLabel?: string;
  disabled?: boolean;
}) {
  const ids = useId();
  const base = JSON.stringify(value);
  const [draft, setDraft] = useState<{
    base: string;
    list: RunCondition[];
    problem: string;
  } | null>(null);
  const pending = draft && draft.base === base ? draft : null;
  const shown = pending?.list ?? [...value];
  const menu = statementMenu(statement);
  const present = new Set(shown.map(menu.choiceOf));
  const addable = menu.choices.filter((c) => !present.has(c));
  const [choice, setChoice] = useState<string>(menu.choices[0]);
  const picked = addable.includes(choice) ? choice : addable[0];

  const change = (next: RunCondition[]) => {
    const problem = conditionListProblem(next, statement);
    if (problem) {
      setDraft({ base, list: next, problem });
      return;
    }
    setDraft(null);
    onChange(next);
  };
  const replace = (index: number, c: RunCondition) =>
    change(shown.map((x, i) => (i === index ? c : x)));

  const title = TITLES[statement];
  const clauses = whereClauses(statement, pending ? value : shown, table);
  return (
    <fieldset
      className="grid min-w-0 grid-cols-1 content-start gap-2 rounded-md border border-line p-3 text-sm *:min-w-0"
      aria-describedby={`${ids}-words${pending ? ` ${ids}-problem` : ''}`}
      disabled={disabled}
    >
      <legend className="px-1 font-semibold">{title}</legend>
      <p id={`${ids}-words`}>{describeStatementConditions(statement, shown)}</p>
      <ul aria-label={`The ${statement}’s conditions`} className="grid grid-cols-1 gap-1">
        {shown.map((c, i) => (
          <ConditionEntry
            key={conditionKey(c)}
            statement={statement}
            condition={c}
            onChange={(next) => replace(i, next)}
            onRemove={() => change(shown.filter((_, j) => j !== i))}
          />
        ))}
      </ul>
      {addable.length > 0 ? (
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex min-w-0 flex-[1_1_12rem] flex-col">
            Condition to add to the {statement}
            <select value={picked} onChange={(e) => setChoice(e.target.value)} className={FIELD}>
              {addable.map((c) => (
                <option key={c} value={c}>
                  {menu.label(c)}
                </option>
              ))}
            </select>
          </label>
          <Button onClick={() => change([...shown, menu.add(picked)])}>
            Add to the {statement}
          </Button>
        </div>
      ) : null}
      <figure className="grid min-w-0 gap-1">
        <figcaption className="text-muted">
          The {statement}’s WHERE clause{clauses.length > 1 ? 's' : ''}
        </figcaption>
        {clauses.map((c) => (
          <code
            key={c.label ?? 'one'}
            className="block rounded-md bg-surface-2 px-2 py-1 font-mono text-xs break-words"
          >
            {c.label ? `${c.label}: ` : ''}
            {c.sql}
          </code>
        ))}
      </figure>
      {pending ? (
        <p id={`${ids}-problem`} role="alert" className="text-bad">
          Not applied: {pending.problem} The {statement} keeps its last valid conditions.
        </p>
      ) : null}
      {onReset ? (
        <div>
          <Button
            onClick={() => {
              setDraft(null);
              onReset();
            }}
          >
            {resetLabel}
          </Button>
        </div>
      ) : null}
    </fieldset>
  );
}
