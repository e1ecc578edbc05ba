import {
  CLAIM_CONDITION_KINDS,
  isClaimCondition,
  type ClaimCondition,
  type ClaimConditionKind,
  type RunCondition,
} from './catalogue';
import { describeChecked } from './explain-commit';

/*
 * The condition catalogue as a learner picks from it (the timeline's builder, "Check my
 * design"): what each entry is called in the menu, the entry a pick adds, and the sentence that
 * says what a statement's list checks. Components show these as they are.
 */

/**
 * The entries a holder's renew or finish may add, in the menu's order. 'as-read' is left out: a
 * holder reads nothing before its renew or finish, so the value it compares would be missing.
 */
export const CATALOGUE_CHOICES = [
  'owner',
  'fence',
  'lease',
  'status',
  'status-in',
  'attempt',
  'fingerprint',
] as const;
export type CatalogueChoice = (typeof CATALOGUE_CHOICES)[number];

/** Each choice as the picker's menu names it. */
export const CATALOGUE_CHOICE_LABELS: Readonly<Record<CatalogueChoice, string>> = {
  owner: 'owner: the row names the writer',
  fence: 'fence: the row’s token is the writer’s',
  lease: 'lease: the lease has not run out',
  status: 'status: the run is running',
  'status-in': 'status in a set you choose',
  attempt: 'attempt: the attempt the writer’s claim left',
  fingerprint: 'fingerprint: columns as the writer’s claim left them',
};

/** The choice a condition was picked as. */
export function choiceOf(c: RunCondition): CatalogueChoice | null {
  if (typeof c === 'string') return c;
  const claimOnly = c.kind === 'claimable' || c.kind === 'lease-expired';
  return c.kind === 'as-read' || claimOnly ? null : c.kind;
}

/** The condition a choice adds: a status set starts as {running}, a fingerprint as (attempt). */
export function conditionOfChoice(choice: CatalogueChoice): RunCondition {
  switch (choice) {
    case 'status-in':
      return { kind: 'status-in', statuses: ['running'] };
    case 'attempt':
      return { kind: 'attempt' };
    case 'fingerprint':
      return { kind: 'fingerprint', columns: ['attempt'] };
    default:
      return choice;
  }
}

/** Each entry a claim may add (CLAIM_CONDITION_KINDS, in that order), as the picker's menu names it. */
export const CLAIM_CHOICE_LABELS: Readonly<Record<ClaimConditionKind, string>> = {
  claimable: 'claimable: queued, or its lease has run out (the lesson’s)',
  'lease-expired': 'lease run out: the lease has ended',
  'status-in': 'status in a set you choose',
  'as-read': 'as read: a column still holds what the claim’s read saw (compare-and-set)',
};

/**
 * The condition a claim's choice adds: a status set starts as {queued}, a value as read as the
 * fence (every claim raises it, so a claim between the read and the write always changes it).
 */
export function claimConditionOfChoice(kind: ClaimConditionKind): ClaimCondition {
  if (kind === 'status-in') return { kind, statuses: ['queued'] };
  return kind === 'as-read' ? { kind, column: 'fence' } : { kind };
}

/** "The finish checks only the status and the (attempt, claimed_at)." */
export function describeStatementConditions(
  statement: PickedStatement,
  conditions: readonly RunCondition[],
): string {
  return `The ${statement} ${describeChecked(conditions)}.`;
}

/** A statement a learner picks conditions for. */
export type PickedStatement = 'claim' | 'renew' | 'finish';

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

const CLAIM_MENU: StatementMenu = {
  choices: CLAIM_CONDITION_KINDS,
  label: (c) => CLAIM_CHOICE_LABELS[c as ClaimConditionKind],
  add: (c) => claimConditionOfChoice(c as ClaimConditionKind),
  choiceOf: (c) => (typeof c === 'object' && isClaimCondition(c) ? c.kind : null),
};

const COMMIT_MENU: StatementMenu = {
  choices: CATALOGUE_CHOICES,
  label: (c) => CATALOGUE_CHOICE_LABELS[c as CatalogueChoice],
  add: (c) => conditionOfChoice(c as CatalogueChoice),
  choiceOf,
};

/** The picker's menu for a claim (CLAIM_CONDITION_KINDS) or a renew or finish (CATALOGUE_CHOICES). */
export function statementMenu(statement: PickedStatement): StatementMenu {
  return statement === 'claim' ? CLAIM_MENU : COMMIT_MENU;
}
