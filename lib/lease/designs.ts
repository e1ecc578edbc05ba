import { buildDesign } from './build';
import { claimableSql, COMMIT_CONDITIONS, RUNS_TABLE, type CommitCondition } from './conditions';
import { DESIGN_SUMMARIES, droppedConditionSummary } from './explain-designs';
import { HIGHEST_SEEN, NO_CHECK, RUN_ROW } from './kinds/targets';
import type { DesignRules, LeaseDesign, TargetRules } from './types';

const ALL: readonly CommitCondition[] = COMMIT_CONDITIONS;

/**
 * The lesson's targets: the report store keeps the highest (generation, batch) it has seen and
 * learns each new generation from the holder's registration after its claim; the gateway is a
 * trusted one that checks the writer's authority against the run row in the same statement.
 */
export const FENCED_TARGETS: TargetRules = {
  report: HIGHEST_SEEN.fence({ registration: 'event', order: 'generation-batch' }),
  gateway: RUN_ROW.fence(ALL),
  workerCheck: false,
};

/** Targets that check nothing: the report takes any write and the gateway sends any call. */
export const UNCHECKED_TARGETS: TargetRules = {
  report: NO_CHECK.fence(),
  gateway: NO_CHECK.fence(),
  workerCheck: false,
};

/** The rules of the lesson's design, on the lesson's runs table. */
export const LESSON_RULES: DesignRules = {
  table: RUNS_TABLE,
  claim: 'atomic',
  renew: ALL,
  finish: ALL,
  output: ALL,
  cancel: 'fenced',
  targets: FENCED_TARGETS,
};

/**
 * The lesson's design. The claim takes a queued run, or a running one whose lease has expired,
 * and bumps the fence in the same statement. Renewal and finish hold only while owner, fence,
 * lease and status all still match, checked in the statement that writes. A cancel fences too.
 */
export const fencedDesign: LeaseDesign = buildDesign(
  {
    id: 'fenced',
    name: 'Lease + fencing token (the lesson’s design)',
    summary: DESIGN_SUMMARIES.fenced,
  },
  LESSON_RULES,
);

/** A variant of the lesson's design: its rules with some changed. */
function variant(
  meta: Pick<LeaseDesign, 'id' | 'name' | 'summary'>,
  change: Partial<DesignRules>,
): LeaseDesign {
  return buildDesign(meta, { ...LESSON_RULES, ...change });
}

/**
 * A broken design the lesson warns about: a lease (TTL) and nothing else. Claims still take
 * over after expiry, but finish only checks that the run is running, so a paused old worker
 * that wakes up can still complete it.
 */
export const ttlOnlyDesign = variant(
  {
    id: 'ttl-only',
    name: 'Lease (TTL) only, no fence',
    summary: DESIGN_SUMMARIES['ttl-only'],
  },
  { renew: ['status'], finish: ['status'], output: ['status'], targets: UNCHECKED_TARGETS },
);

/**
 * Claim split into a lock-free SELECT and an UPDATE that does not re-check: two workers can
 * both read the run as claimable before either writes, and both compute the same next token.
 */
export const selectThenUpdateDesign = variant(
  {
    id: 'select-then-update',
    name: 'Lock-free SELECT, then an unconditional UPDATE',
    summary: DESIGN_SUMMARIES['select-then-update'],
  },
  { claim: 'select-then-update' },
);

/**
 * A "random" token. The checker must be deterministic, so a hash of owner, time and the old
 * value stands in for random(): what matters is that the new token need not be larger.
 */
export const randomTokenDesign = variant(
  {
    id: 'random-token',
    name: 'A random token instead of a growing one',
    summary: DESIGN_SUMMARIES['random-token'],
  },
  { claim: 'random-token' },
);

/** Renewal matched on owner and lease but not on the token. */
export const renewWithoutTokenDesign = variant(
  {
    id: 'renew-without-token',
    name: 'Renewal that does not check the token',
    summary: DESIGN_SUMMARIES['renew-without-token'],
  },
  { renew: ['owner', 'lease', 'status'] },
);

/** The worker checks its token, then writes to a store that checks nothing. */
export const workerSideCheckDesign = variant(
  {
    id: 'worker-side-check',
    name: 'Token checked in the worker, not at the resource',
    summary: DESIGN_SUMMARIES['worker-side-check'],
  },
  { targets: { ...FENCED_TARGETS, report: NO_CHECK.fence(), workerCheck: true } },
);

/** The worker bumps the token it presents on every batch; the store compares one number. */
export const fencePerBatchDesign = variant(
  {
    id: 'fence-per-batch',
    name: 'Fence bumped on every batch, downstream not agreeing',
    summary: DESIGN_SUMMARIES['fence-per-batch'],
  },
  {
    targets: {
      ...FENCED_TARGETS,
      report: HIGHEST_SEEN.fence({ registration: 'event', order: 'summed' }),
    },
  },
);

/** Completion matched on the run id alone: the shape of real queue bugs. */
export const finishOnRunIdDesign = variant(
  {
    id: 'finish-on-run-id',
    name: 'Completion matched on the run id alone',
    summary: DESIGN_SUMMARIES['finish-on-run-id'],
  },
  { finish: [] },
);

/** Completion matched on the state alone. */
export const finishOnStateDesign = variant(
  {
    id: 'finish-on-state',
    name: 'Completion matched on state alone',
    summary: DESIGN_SUMMARIES['finish-on-state'],
  },
  { finish: ['status'] },
);

/** A cancel that only changes the status: the run row refuses the old holder, nothing else does. */
export const cancelWithoutFencingDesign = variant(
  {
    id: 'cancel-without-fencing',
    name: 'Cancel without fencing',
    summary: DESIGN_SUMMARIES['cancel-without-fencing'],
  },
  { cancel: 'unfenced' },
);

/**
 * A broken design: the finish checks only the owner. A fresh process of the same worker, a late
 * finish after the lease ran out, and a second finish of a done run all get through.
 */
export const ownerOnlyFinishDesign: LeaseDesign = variant(
  {
    id: 'owner-only-finish',
    name: 'Finish checks only the owner',
    summary: DESIGN_SUMMARIES['owner-only-finish'],
  },
  { finish: ['owner'] },
);

/**
 * The racy claim the lesson warns about, split in two statements on the runs table: a SELECT
 * that decides the run is free, then an UPDATE that takes it with no condition. Between the two,
 * anyone may claim.
 */
export const selectThenUpdateClaim = {
  check: `SELECT ${claimableSql(RUNS_TABLE)} AS free FROM runs WHERE run_id = $run`,
  take: `UPDATE runs SET owner = $owner, lease_until = $now + $lease, fence = fence + 1, status = 'running'
 WHERE run_id = $run
RETURNING fence AS token`,
} as const;

/** Every design the Compare designs page shows, the lesson's first. */
export const DESIGN_CATALOG: readonly LeaseDesign[] = [
  fencedDesign,
  ttlOnlyDesign,
  selectThenUpdateDesign,
  randomTokenDesign,
  renewWithoutTokenDesign,
  workerSideCheckDesign,
  fencePerBatchDesign,
  finishOnRunIdDesign,
  finishOnStateDesign,
  cancelWithoutFencingDesign,
];

/**
 * A design with one condition removed from its finish: its rules with one fragment fewer, so
 * there is no second copy and no surgery on SQL text. Throws if the design does not check it.
 */
export function dropFinishCondition(
  condition: CommitCondition,
  base: LeaseDesign = fencedDesign,
): LeaseDesign {
  const rules = base.rules;
  if (!rules || !rules.finish.includes(condition)) {
    throw new Error(`The finish of ${base.id} does not check the ${condition} condition.`);
  }
  return buildDesign(
    {
      id: `${base.id}-without-${condition}`,
      name: `Finish without the ${condition} check`,
      summary: droppedConditionSummary(condition),
    },
    { ...rules, finish: rules.finish.filter((c) => c !== condition) },
  );
}

/** A statement of a design, named for showing it. */
export interface NamedStatement {
  label: string;
  sql: string;
}

/**
 * The statements a design runs (claim, renew, finish and the targets' checks). With `base`,
 * only those that differ from it: what the design changes.
 */
export function designStatements(design: LeaseDesign, base?: LeaseDesign): NamedStatement[] {
  const pick = (d: LeaseDesign): (NamedStatement | null)[] => {
    const t = d.targets ?? fencedDesign.targets!;
    return [
      d.claimRead ? { label: 'Claim, first statement (read)', sql: d.claimRead } : null,
      { label: d.claimRead ? 'Claim, second statement (write)' : 'Claim', sql: d.claim },
      { label: 'Renew', sql: d.renew },
      { label: 'Finish', sql: d.finish },
      t.workerCheck
        ? { label: 'Worker’s own check before the report write', sql: t.workerCheck }
        : null,
      { label: 'Report write (downstream store)', sql: t.writeReport },
      { label: 'Gateway call', sql: t.sendGateway },
      {
        label: 'At takeover (the new holder registers, then acts)',
        sql: t.register ?? '-- Nothing: no target is told about a new generation.',
      },
      { label: 'Cancel', sql: d.cancel },
    ];
  };
  const mine = pick(design).filter((s): s is NamedStatement => s !== null);
  if (!base) return mine;
  const theirs = new Map(
    pick(base)
      .filter((s): s is NamedStatement => s !== null)
      .map((s) => [s.label, s.sql]),
  );
  return mine.filter((s) => theirs.get(s.label) !== s.sql);
}

/** Every design the Compare designs page checks: the catalog and the lesson's finish without each condition. */
export function comparedDesigns(): LeaseDesign[] {
  return [...DESIGN_CATALOG, ...COMMIT_CONDITIONS.map((c) => dropFinishCondition(c))];
}
