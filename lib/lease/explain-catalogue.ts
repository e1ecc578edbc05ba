import { COMMIT_CONDITIONS, type CommitCondition } from './conditions';
import type { RunCondition } from './catalogue';
import { describeChecked } from './explain-commit';
import {
  kindOf,
  kindsIn,
  type ConditionEditor,
  type ConditionPlace,
  type PickedStatement,
} from './kinds/conditions';

/*
 * The condition catalogue as a learner picks from it (the timeline's builder, "Check my
 * design"): what each entry is called in the menu, the entry a pick adds, and the sentence that
 * says what a statement's list checks. The kinds' own menu entries come from their objects
 * (lib/lease/kinds/conditions); components show these as they are.
 */

export type { PickedStatement } from './kinds/conditions';

/** The lesson's four named fragments as a renew's or finish's menu names them. */
const NAMED_LABELS: Readonly<Record<CommitCondition, string>> = {
  owner: 'owner: the row names the writer',
  fence: 'fence: the row’s token is the writer’s',
  lease: 'lease: the lease has not run out',
  status: 'status: the run is running',
};

/** "The finish checks only the status and the (attempt, claimed_at)." */
export function describeStatementConditions(
  statement: PickedStatement,
  conditions: readonly RunCondition[],
): string {
  return `The ${statement} ${describeChecked(conditions)}.`;
}

/**
 * What a statement's picker offers: its choices in the menu's order, each one's label, the
 * entry a choice adds, and the choice a listed condition was picked as (null: none of them).
 */
export interface StatementMenu {
  choices: readonly string[];
  label: (choice: string) => string;
  add: (choice: string) => RunCondition;
  choiceOf: (condition: RunCondition) => string | null;
}

/** A place's menu: a claim's kinds, or a renew's or finish's named four and then its kinds. */
function menuOf(place: ConditionPlace): StatementMenu {
  const kinds = kindsIn(place).filter((k) => k.menu[place]);
  const entries = new Map<string, { label: string; initial: RunCondition }>([
    ...(place === 'commit'
      ? COMMIT_CONDITIONS.map((c) => [c, { label: NAMED_LABELS[c], initial: c }] as const)
      : []),
    ...kinds.map((k) => [k.id, k.menu[place]!] as const),
  ]);
  return {
    choices: [...entries.keys()],
    label: (c) => entries.get(c)?.label ?? c,
    add: (c) => entries.get(c)!.initial,
    choiceOf: (c) => {
      const id = typeof c === 'string' ? c : kindOf(c).id;
      return entries.has(id) && (typeof c !== 'string' || place === 'commit') ? id : null;
    },
  };
}

/** A listed condition's own choices in the picker (a fingerprint's columns, a status set), or null. */
export function conditionEditor(
  c: RunCondition,
  statement: PickedStatement,
): ConditionEditor<RunCondition> | null {
  return typeof c === 'string' ? null : (kindOf(c).editor?.(c, statement) ?? null);
}

/** A listed condition's key in the picker: stable while its own choices change. */
export function conditionKey(c: RunCondition): string {
  if (typeof c === 'string') return c;
  const kind = kindOf(c);
  return [kind.id, kind.comparedAsRead?.(c)].filter(Boolean).join(' ');
}

const MENUS: Readonly<Record<ConditionPlace, StatementMenu>> = {
  claim: menuOf('claim'),
  commit: menuOf('commit'),
};

/** The picker's menu for a claim, or for a renew or finish. */
export function statementMenu(statement: PickedStatement): StatementMenu {
  return MENUS[statement === 'claim' ? 'claim' : 'commit'];
}
