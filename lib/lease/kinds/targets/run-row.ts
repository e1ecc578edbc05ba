import { conditionChecks } from '@/lib/lease/catalogue-checks';
import { commitWhere, type CommitCondition } from '@/lib/lease/conditions';
import type { WriteTarget } from '@/lib/lease/decision';
import { checkResult, type KindObject } from './unit';

/** The kind's id (its encoding in settings and share links). */
export type RunRowId = typeof ID;
const ID = 'run-row';

/** A trusted gateway: it checks the writer's authority against the run row, atomically. */
export interface RunRowFence {
  kind: typeof ID;
  conditions: readonly CommitCondition[];
}

/** What a trusted gateway checks against the run row: the token, a live lease, a running run. */
const TRUSTED_GATEWAY: readonly CommitCondition[] = ['fence', 'lease', 'status'];

export const RUN_ROW = {
  id: ID,
  label: 'Equal to the run row (a trusted check)',
  gatewayLabel: 'Equal to the run row (trusted gateway)',
  setting: () => ({ kind: ID }),
  comparesToken: true,
  comparesKey: false,
  keepsGenerations: false,
  comparesRunRow: true,
  fenceOf: () => ({ kind: ID, conditions: TRUSTED_GATEWAY }),
  /** A gateway that checks these conditions of the run row (a design's own). */
  fence: (conditions: readonly CommitCondition[]): RunRowFence => ({ kind: ID, conditions }),
  /** The run row itself as a decision's target. */
  target: { id: ID, guard: ID } satisfies WriteTarget,
  rules: {
    admitSql: (fence, _resource, table) =>
      `EXISTS (SELECT 1 FROM ${table.name} WHERE ${commitWhere(fence.conditions, table)})`,
    keepsKey: () => false,
    comparesToken: (fence) => fence.conditions.includes('fence'),
    registers: () => false,
    checks(fence, w) {
      if (!w.row) return [checkResult('run', 'equals', w.target, null, false)];
      return conditionChecks(fence.conditions, w.row, {
        owner: w.writer,
        token: w.token,
        now: w.at,
      });
    },
  },
  samples: [{ kind: ID }],
} as const satisfies KindObject<typeof ID, RunRowFence>;
