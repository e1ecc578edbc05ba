import {
  admitsPosition,
  decidePublish,
  HIGHEST_SEEN,
  KEY_ONLY,
  READ_SEEN,
  registerSql,
  rowAuthority,
  type ResourceFence,
  type RunRow,
  type WriteDecision,
} from '@/lib/lease';
import type { AsyncSqlDriver } from '@/lib/sqlite/async-driver';
import { PUBLISHER_RESOURCE } from './schema';
import type { PublishDecision, ReceiptRow } from './types';

/**
 * The publisher's fence (lib/lease/fence.ts): the highest generation of the run it has seen,
 * learned from the registration a new generation makes at its claim (and on every publish),
 * plus the operation id as a key. It lives in the rulebook's fence table, in a database of
 * either dialect, and its trigger guards the receipts table.
 */
export const PUBLISHER_FENCE: ResourceFence = HIGHEST_SEEN.fence({
  registration: 'event',
  order: 'generation',
  key: true,
});

/** The publisher's key in the rulebook's fence table, as statement parameters. */
export const PUBLISHER = { resource: PUBLISHER_RESOURCE } as const;

/** The publisher learns generation $token of run $run (the rulebook's registration event). */
export const REGISTER = registerSql(['$resource'])!;

/** Whether the publisher's fence admits `generation`, given the highest generation it has seen. */
export function publisherAdmits(generation: number, seen: number): boolean {
  return admitsPosition(PUBLISHER_FENCE, generation, 0, { generation: seen, batch: 0 });
}

/**
 * The publisher's decision on one publish: its fence compared the generation with the highest it
 * had seen, its receipts' UNIQUE operation id told a retry. `holder`: the run row's holder, read
 * when the publisher's answer alone cannot say who held the run (a refusal, or no fence).
 */
export function publishDecided(w: {
  owner: string;
  op: string;
  generation: number;
  seen: number;
  now: number;
  fenced: boolean;
  outcome: 'applied' | 'duplicate' | 'refused';
  /** The receipt's generation when the operation id was already stored. */
  storedGeneration?: number;
  holder?: RunRow;
}): WriteDecision {
  // Without a holder read, the fence admitted it, so no newer generation had registered: the writer held the run.
  const authority = w.holder
    ? rowAuthority(w.holder)
    : { holder: w.owner, token: Math.max(w.generation, w.seen) };
  const storedBy =
    w.outcome === 'duplicate'
      ? w.storedGeneration === undefined || w.storedGeneration === w.generation
        ? w.owner
        : `generation ${w.storedGeneration}`
      : null;
  return decidePublish(
    { writer: w.owner, at: w.now, authority },
    {
      target: PUBLISHER_RESOURCE,
      // Without its fence the publisher keeps only the operation id's UNIQUE key.
      fence: w.fenced ? PUBLISHER_FENCE : KEY_ONLY.fence(),
      token: w.generation,
      seen: { generation: w.seen, batch: 0 },
      key: { key: w.op, storedBy },
      changed: w.outcome === 'applied' ? 1 : 0,
    },
  );
}

export const RECEIPT_COLUMNS = `receipt_id AS "receiptId", operation_id AS "operationId", run_id AS "runId",
  fence, body, accepted_at AS "acceptedAt"`;

export function toReceipt(row: Record<string, unknown>): ReceiptRow {
  return {
    receiptId: Number(row.receiptId),
    operationId: String(row.operationId),
    runId: String(row.runId),
    generation: Number(row.fence),
    body: String(row.body),
    acceptedAt: Number(row.acceptedAt),
  };
}

/** What a publish asks of the publisher: the writer, its run, operation id and generation. */
export interface PublishRequest {
  owner: string;
  run: string;
  op: string;
  generation: number;
  body: string;
  now: number;
}

/**
 * The publish, statement by statement (SQLite: a statement costs no round trip; PostgreSQL
 * runs the one-statement form in one-trip.ts). The request registers its generation, the
 * fence decides, and the receipt's UNIQUE operation id makes a retry a duplicate. `holder` reads
 * the run row (the task database's) when the publisher alone cannot say who held the run.
 */
export async function publishThroughFence(
  publisher: AsyncSqlDriver,
  request: PublishRequest,
  fenced: boolean,
  holder: () => Promise<RunRow | undefined>,
): Promise<PublishDecision> {
  const { run, op, generation, body, now } = request;
  const log = (outcome: string) =>
    publisher.run(
      'INSERT INTO publish_requests (operation_id, run_id, fence, outcome, at) VALUES ($op, $run, $fence, $outcome, $now)',
      { op, run, fence: generation, outcome, now },
    );
  const answer = await publisher.transaction(async () => {
    await publisher.run(REGISTER, { ...PUBLISHER, run, token: generation });
    const seen = Number(
      (await publisher.get<{ fence: number }>(READ_SEEN, { ...PUBLISHER, run }))?.fence ?? 0,
    );
    if (fenced && !publisherAdmits(generation, seen)) {
      await log('refused');
      return { outcome: 'refused' as const, seen };
    }
    const inserted = await publisher.run(
      `INSERT INTO receipts (operation_id, run_id, fence, body, accepted_at)
       VALUES ($op, $run, $fence, $body, $now) ON CONFLICT (operation_id) DO NOTHING`,
      { op, run, fence: generation, body, now },
    );
    const outcome = inserted === 1 ? ('applied' as const) : ('duplicate' as const);
    await log(outcome);
    const receipt = await publisher.get(
      `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE operation_id = $op`,
      { op },
    );
    return { outcome, seen, receipt: toReceipt(receipt!) };
  });
  return publishAnswer(request, fenced, answer, holder);
}

/** The publisher's answer with the rulebook's decision on it. */
export async function publishAnswer(
  request: PublishRequest,
  fenced: boolean,
  answer:
    | { outcome: 'refused'; seen: number }
    | { outcome: 'applied' | 'duplicate'; seen: number; receipt: ReceiptRow },
  holder: () => Promise<RunRow | undefined>,
): Promise<PublishDecision> {
  const decision = publishDecided({
    ...request,
    seen: answer.seen,
    fenced,
    outcome: answer.outcome,
    ...(answer.outcome !== 'refused' ? { storedGeneration: answer.receipt.generation } : {}),
    ...(answer.outcome === 'refused' || !fenced ? { holder: await holder() } : {}),
  });
  return answer.outcome === 'refused'
    ? { outcome: 'refused', highestGeneration: answer.seen, decision }
    : {
        outcome: answer.outcome,
        receipt: answer.receipt,
        highestGeneration: answer.seen,
        decision,
      };
}
