import { z } from 'zod';
import type { RunTable } from '@/lib/lease/conditions';
import type {
  CheckResult,
  CheckValue,
  RowState,
  Vocabulary,
  WriteDecision,
} from '@/lib/lease/decision';
import type { ColumnComparison, RunColumn, WriterFacts } from '@/lib/lease/run-columns';

/*
 * A condition kind as one unit, the way tldraw gives each shape kind one ShapeUtil: everything
 * the rulebook, the pickers, the explainer and the property tests need to know about one kind
 * of condition a claim, renew or finish may put in its WHERE clause. The registry (index.ts)
 * lists them; nothing else switches on a kind's name.
 */

/** The statements a picker offers conditions for. */
export type PickedStatement = 'claim' | 'renew' | 'finish';

/** Where a condition stands: in a claim's list, or in a renew's or finish's. */
export type ConditionPlace = 'claim' | 'commit';

/** What a random pick draws from (fast-check behind it in the property tests). */
export interface ConditionRandom {
  /** One of `items`. */
  pick<T>(items: readonly T[]): T;
  /** A subset of `items`, at least one, in `items`' order or (shuffled) in any order. */
  some<T>(items: readonly T[], shuffled?: boolean): T[];
}

/** A kind's own choices in the picker: checkboxes (`many`) or one select. */
export interface ConditionEditor<C> {
  legend: string;
  many: boolean;
  options: readonly string[];
  chosen: readonly string[];
  /** The condition with `chosen` picked. */
  with: (chosen: string[]) => C;
}

/** The explainer's helpers a kind's words use (passed in, so a kind imports no explainer). */
export interface WordKit {
  tokenName(v: Vocabulary): string;
  columnName(column: string, v: Vocabulary): string;
  readColumnName(column: string, v: Vocabulary): string;
  /** "(nobody)" for an empty holder, else the value. */
  who(value: CheckValue): string;
  /** "(2, 6)"; one value alone. */
  tuple(value: CheckValue): string;
  /** What a claim saw in the row, as a fact ("the run was queued"). */
  claimStateFact(c: CheckResult, d: WriteDecision, v: Vocabulary): string;
}

/** The words of a check a kind records under its own name. */
export interface CheckWords {
  /** Its short name for a verdict line: "attempt column", "fence changed since the read". */
  label(c: CheckResult, v: Vocabulary, k: WordKit): string;
  /** The check as a fact about the values it compared. */
  fact(c: CheckResult, d: WriteDecision, v: Vocabulary, k: WordKit): string;
  /** The lesson's rule behind it, when it refused a write. */
  rule: string;
  /**
   * It compares the identity the writer's claim left (its attempt, its fingerprint): held, it
   * says the writer still holds the current generation, as a fence check does.
   */
  identifiesClaim?: true;
  /** Its name in "this design checks only the …" (default: the check's name). */
  noun?(v: Vocabulary, k: WordKit): string;
}

/** One kind of condition. `C` is its value as a design, a scenario and a share link carry it. */
export interface ConditionKind<C extends { kind: string }, N extends string = string> {
  /** The id in `{ kind: id, … }`: links and saved scenarios carry it, so it never changes. */
  id: C['kind'];
  /** The check it records (its own name, or a named fragment's: status in a set is a 'status' check). */
  check: N;
  /** Its SQL fragment over a run table. */
  sql(c: C, t: RunTable): string;
  /** The column and operator when it compares one column (the claim lab finds it by these). */
  comparison(c: C, t: RunTable): ColumnComparison | null;
  /** The run columns it compares with what the writer's claim left or what it read. */
  columns(c: C): readonly RunColumn[];
  /** The values a writer binds for it. */
  params(c: C, w: WriterFacts): Record<string, string | number | null>;
  /** It, judged on `row` for the writer, by the same rule as its SQL. */
  judge(c: C, row: RowState, w: WriterFacts): CheckResult;
  /** As a noun: "status (running or canceling)", "(attempt, claimed_at)". */
  noun(c: C): string;
  /** Why no statement can be built with it (an empty set), or null. */
  problem(c: C, statement: string): string | null;
  /** Its schema in a link or a saved scenario, per place it may stand. */
  schema: Partial<Record<ConditionPlace, z.ZodType<C>>>;
  /** The picker's menu entry, per place (none: the picker does not offer it there). */
  menu: Partial<Record<ConditionPlace, { label: string; initial: C }>>;
  /** Its own choices in the picker, if any. */
  editor?(c: C, statement: PickedStatement): ConditionEditor<C> | null;
  /** A random one for the property tests, per place, with its weight among the kinds. */
  random: Partial<Record<ConditionPlace, { weight: number; draw: (r: ConditionRandom) => C }>>;
  /** The column a claim compares with its own read, in a second statement (compare-and-set). */
  comparedAsRead?(c: C): RunColumn;
  /** The words of its check, when it records one under its own name. */
  words?: CheckWords;
}

/** A check result. */
export function checked(
  name: string,
  relation: CheckResult['relation'],
  expected: CheckValue,
  actual: CheckValue,
  held: boolean,
): CheckResult {
  return { name: name as CheckResult['name'], relation, expected, actual, held };
}

/** Whether a list holds each item once. */
export function once<T>(list: readonly T[]): boolean {
  return new Set(list.map((x) => JSON.stringify(x))).size === list.length;
}

/**
 * The schema of a condition's own list: at least one of `all`, each at most once (a status set,
 * a fingerprint's columns), refused in the kind's words.
 */
export function distinctChoices<T extends readonly [string, ...string[]]>(
  all: T,
  words: { empty: string; twice: string },
) {
  return z.array(z.enum(all)).min(1, words.empty).max(all.length).refine(once, words.twice);
}

/** The items of `all` that `on` holds, in `all`'s order. */
export function inOrder<T>(all: readonly T[], on: readonly string[]): T[] {
  return all.filter((x) => on.includes(String(x)));
}
