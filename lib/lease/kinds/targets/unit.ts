import type { RunTable } from '@/lib/lease/conditions';
import type { CheckResult, RowState, Vocabulary, WriteDecision } from '@/lib/lease/decision';

/*
 * What one target kind is, as a unit (tldraw's ShapeUtil): the check a target makes of a write,
 * its SQL, its words and its picker metadata, in one object per kind (this folder, one file
 * each). The engines, the builder, the explainer and the tests read the registry (index.ts);
 * none of them switches on a kind's name.
 */

/** A (generation, batch) pair a resource compares. */
export interface FencePosition {
  generation: number;
  batch: number;
}

/** A target's check as a scenario setting (its share-link form); `acceptors` only for a majority. */
export interface TargetSetting<Id extends string = string> {
  kind: Id;
  acceptors?: number;
}

/** When a target that keeps generations learns one: a registration event, or a first write. */
export type Registration = 'event' | 'first-write';

/** What a write's decision gives a single-copy fence's checks. */
export interface FenceFacts {
  target: string;
  writer: string;
  token: number;
  batch: number;
  at: number;
  seen: FencePosition;
  key?: { key: string; storedBy: string | null };
  row?: RowState;
}

/** The rules of a single-copy fence (a value of type F), run by fence.ts, fence-write.ts and decide-resource.ts. */
export interface FenceRules<F> {
  /** The SQL condition under which the resource takes a write ($run, $owner, $token, $batch, $now, $op). */
  admitSql(fence: F, resource: string, table: RunTable): string;
  /** What a write presents, as SQL (generation, batch); default ($token, 0). */
  presented?(fence: F): { generation: string; batch: string };
  /** It takes every write: a store keeps no record of what it checked (nothing to compare). */
  readonly admitsAll?: boolean;
  /** Whether the stored write keeps its key ($op). */
  keepsKey(fence: F): boolean;
  /** Whether a write of (token, batch) stands against what the resource saw; default true. */
  admits?(fence: F, token: number, batch: number, seen: FencePosition): boolean;
  /** Whether the fence compares the holder's token (the scenario then names one). */
  comparesToken(fence: F): boolean;
  /** Whether it learns generations from a registration event (a design's register statement tells it). */
  registers(fence: F): boolean;
  /** The checks of a decision, with the values compared. */
  checks(fence: F, w: FenceFacts): CheckResult[];
}

/** The words of a check a kind runs (its name in a decision's checks). */
export interface TargetCheckWords {
  /** A short name for a verdict line: "highest fence seen". */
  label(c: CheckResult, v: Vocabulary): string;
  /** The check as a fact about the values it compared. */
  fact(c: CheckResult, d: WriteDecision, v: Vocabulary): string;
  /** The rule of the lesson behind it, when it refused a write. */
  rule(v: Vocabulary): string;
}

/** One target kind. `F` is its single-copy fence value (never for a majority of acceptors). */
export interface TargetKind<Id extends string = string, F = unknown> {
  /** The kind's id: the share link's and the saved scenario's encoding (never change it). */
  readonly id: Id;
  /** The builder's label for it. */
  readonly label: string;
  /** The label in the gateway's own picker, when it reads otherwise there. */
  readonly gatewayLabel?: string;
  /** The label in a settings line, with the scenario's own name for its token ("highest fence seen"). */
  readonly labelNaming?: (token: string) => string;
  /** The scenario's setting (content declares targets with it). */
  setting(acceptors?: number): TargetSetting<Id>;
  /** A write to it compares the holder's token (so the scenario's words name one). */
  readonly comparesToken: boolean;
  /** A write to it compares an idempotency key (so a write carries one). */
  readonly comparesKey: boolean;
  /** It keeps a generation, learned from a registration (a takeover's or a cancel's) or a write. */
  readonly keepsGenerations: boolean;
  /** How many acceptors a setting has, for a kind replicated over acceptors. */
  acceptorsOf?(s: Pick<TargetSetting, 'acceptors'>): number;
  /** The single-copy fence of a setting; absent for a kind that is not one statement at one resource. */
  fenceOf?(s: TargetSetting, registration: Registration): F;
  /** A trusted check: it compares the run row itself, so the holder's own token counts, not what it presents. */
  readonly comparesRunRow?: boolean;
  /** Its uploads are stored as versions (the words say so rather than "checks nothing"). */
  readonly storesVersions?: boolean;
  /** Its single-copy rules; absent for a majority of acceptors (replicated-fence.ts). */
  readonly rules?: FenceRules<F>;
  /** The checks it names in a decision, with their words. */
  readonly checkWords?: Readonly<Record<string, TargetCheckWords>>;
  /** Check names that compare a token (the believers' facts). */
  readonly tokenChecks?: readonly string[];
  /** Every setting of it a random test may draw (the property and truth tests' generator). */
  readonly samples: readonly TargetSetting<Id>[];
}

/** A kind's object: its TargetKind, and what else its own users need of it (a constructor, …). */
export type KindObject<Id extends string, F = never> = TargetKind<Id, F> & {
  readonly [more: string]: unknown;
};

/**
 * The parts of a kind whose fence is its id alone, with nothing to set (key only, no check,
 * versions): its setting, its fence value, its one sample; it keeps no generations.
 */
export function idOnlyKind<Id extends string>(id: Id) {
  const fence = (): { kind: Id } => ({ kind: id });
  return {
    ...{ id, setting: fence, fenceOf: fence, fence },
    ...{ keepsGenerations: false, samples: [{ kind: id }] },
  } as const;
}

/** One check's result. */
export function checkResult(
  name: CheckResult['name'],
  relation: CheckResult['relation'],
  expected: CheckResult['expected'],
  actual: CheckResult['actual'],
  held: boolean,
): CheckResult {
  return { name, relation, expected, actual, held };
}

/** An idempotency key check: `storedBy` is who already stored the key (null: it is new). */
export function keyCheck(
  name: 'key' | 'operation',
  key: string,
  storedBy: string | null,
): CheckResult {
  return checkResult(name, 'absent', key, storedBy, storedBy === null);
}

/** The SQL that is true when resource `resource` of run $run already took key $op. */
export function keySeenSql(resource: string): string {
  return `EXISTS (SELECT 1 FROM resource_writes w WHERE w.run_id = $run AND w.resource = ${resource} AND w.op_id = $op)`;
}
