import { admitsPosition, READ_SEEN, registerSql, type ResourceFence } from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { PUBLISHER_RESOURCE } from './schema';
import type { PublishDecision, ReceiptRow } from './types';

/**
 * The publisher's fence (lib/lease/fence.ts): the highest generation of the run it has seen,
 * learned from the registration a new generation makes at its claim (and on every publish),
 * plus the operation id as a key. It lives in the rulebook's fence table, in a database of
 * either dialect, and its trigger guards the receipts table.
 */
export const PUBLISHER_FENCE: ResourceFence = {
  kind: 'highest-seen',
  registration: 'event',
  order: 'generation',
  key: true,
};

/** The publisher's key in the rulebook's fence table, as statement parameters. */
export const PUBLISHER = { resource: PUBLISHER_RESOURCE } as const;

/** The publisher learns generation $token of run $run (the rulebook's registration event). */
export const REGISTER = registerSql(['$resource'])!;

/** Whether the publisher's fence admits `generation`, given the highest generation it has seen. */
export function publisherAdmits(generation: number, seen: number): boolean {
  return admitsPosition(PUBLISHER_FENCE, generation, 0, { generation: seen, batch: 0 });
}

/** The publisher's answer to a generation older than the highest it has seen. */
export function staleExplanation(generation: number, seen: number): string {
  return `refused: generation ${generation} is older than generation ${seen}, which the publisher has already seen`;
}

export const RECEIPT_COLUMNS = `receipt_id AS "receiptId", operation_id AS "operationId", run_id AS "runId",
  generation, body, accepted_at AS "acceptedAt"`;

export function toReceipt(row: Record<string, unknown>): ReceiptRow {
  return {
    receiptId: Number(row.receiptId),
    operationId: String(row.operationId),
    runId: String(row.runId),
    generation: Number(row.generation),
    body: String(row.body),
    acceptedAt: Number(row.acceptedAt),
  };
}

/**
 * The publish, statement by statement (SQLite: a statement costs no round trip; PostgreSQL
 * runs the one-statement form in one-trip.ts). The request registers its generation, the
 * fence decides, and the receipt's UNIQUE operation id makes a retry a duplicate.
 */
export async function publishThroughFence(
  publisher: AsyncSqlDriver,
  request: { run: string; op: string; generation: number; body: string; now: number },
  fenced: boolean,
): Promise<PublishDecision> {
  const { run, op, generation, body, now } = request;
  const log = (outcome: string) =>
    publisher.run(
      'INSERT INTO publish_requests (operation_id, run_id, generation, outcome, at) VALUES ($op, $run, $generation, $outcome, $now)',
      { op, run, generation, outcome, now },
    );
  return publisher.transaction(async (): Promise<PublishDecision> => {
    await publisher.run(REGISTER, { ...PUBLISHER, run, token: generation });
    const seen = Number(
      (await publisher.get<{ generation: number }>(READ_SEEN, { ...PUBLISHER, run }))?.generation ??
        0,
    );
    if (fenced && !publisherAdmits(generation, seen)) {
      await log('refused');
      return {
        outcome: 'refused',
        highestGeneration: seen,
        explanation: staleExplanation(generation, seen),
      };
    }
    const inserted = await publisher.run(
      `INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at)
       VALUES ($op, $run, $generation, $body, $now) ON CONFLICT (operation_id) DO NOTHING`,
      { op, run, generation, body, now },
    );
    const outcome = inserted === 1 ? 'applied' : 'duplicate';
    await log(outcome);
    const receipt = await publisher.get(
      `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE operation_id = $op`,
      { op },
    );
    return { outcome, receipt: toReceipt(receipt!), highestGeneration: seen };
  });
}
