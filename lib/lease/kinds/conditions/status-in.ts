import { z } from 'zod';
import { conditionSql } from '@/lib/lease/conditions';
import { RUN_STATUSES, type RunStatus } from '@/lib/lease/types';
import { checked, distinctChoices, inOrder, type ConditionKind } from './kind';

/** The run's status is one of a set ('status' is the set {running}). */
export interface StatusInCondition {
  kind: 'status-in';
  statuses: readonly RunStatus[];
}

/** A status set: the condition a design, a scenario or a claim lab form carries. */
export function statusIn(statuses: readonly RunStatus[]): StatusInCondition {
  return { kind: 'status-in', statuses };
}

/** True for the lesson's own 'status' fragment ({running}). */
function runningOnly(statuses: readonly RunStatus[]): boolean {
  return statuses.length === 1 && statuses[0] === 'running';
}

const schema = z.object({
  kind: z.literal('status-in'),
  statuses: distinctChoices(RUN_STATUSES, {
    empty: 'a status set holds at least one status',
    twice: 'a status is in the set once',
  }),
});

const LABEL = 'status in a set you choose';

export const statusInKind: ConditionKind<StatusInCondition, 'status'> = {
  id: 'status-in',
  check: 'status',
  sql: (c, t) =>
    runningOnly(c.statuses)
      ? conditionSql('status', t)
      : `${t.status} IN (${c.statuses.map((s) => `'${s}'`).join(', ')})`,
  comparison: (c, t) => ({ column: t.status, operator: runningOnly(c.statuses) ? '=' : 'IN' }),
  columns: () => [],
  params: () => ({}),
  judge: (c, row) =>
    runningOnly(c.statuses)
      ? checked('status', 'equals', 'running', row.status, row.status === 'running')
      : checked('status', 'one-of', c.statuses, row.status, c.statuses.includes(row.status)),
  noun: (c) => `status (${c.statuses.join(' or ')})`,
  problem: (c, statement) =>
    c.statuses.length === 0
      ? `The ${statement}'s status set is empty: it would match no row.`
      : null,
  schema: { claim: schema, commit: schema },
  menu: {
    claim: { label: LABEL, initial: statusIn(['queued']) },
    commit: { label: LABEL, initial: statusIn(['running']) },
  },
  editor: (c, statement) => ({
    legend: `Statuses of the ${statement}’s status set`,
    many: true,
    options: RUN_STATUSES,
    chosen: c.statuses,
    with: (chosen) => statusIn(inOrder(RUN_STATUSES, chosen)),
  }),
  random: {
    claim: { weight: 2, draw: (r) => statusIn(r.some(RUN_STATUSES)) },
    commit: { weight: 1, draw: (r) => statusIn(r.some(RUN_STATUSES)) },
  },
};
