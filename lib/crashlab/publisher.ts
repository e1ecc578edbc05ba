import {
  registerAt,
  seenByResource,
  writeThroughFence,
  type ObservedWrite,
  type ResourceFence,
} from '@/lib/lease';
import type { SqlDriver } from '@/lib/sqlite';
import { CRASHLAB_SCHEMA_VERSION, PUBLISHER_RESOURCE, PUBLISHER_SCHEMA } from './schema';
import type { PublisherSnapshot, PublishOutcome, PublishRequestRow, ReceiptRow } from './types';

export interface PublishRequest {
  runId: string;
  /** The action's identity: chosen at submit, the same for every generation that retries it. */
  operationId: string;
  /** The fencing token of the worker that sends the request. */
  generation: number;
  body: string;
}

export type PublishResult =
  | {
      ok: true;
      outcome: 'accepted' | 'duplicate';
      receipt: ReceiptRow;
      highestGeneration: number;
      observed: ObservedWrite;
    }
  | {
      ok: false;
      outcome: 'stale';
      highestGeneration: number;
      explanation: string;
      observed: ObservedWrite;
    };

/**
 * The publisher's fence (lib/lease/fence.ts): the highest generation of the run it has seen,
 * learned on a write or from the registration at takeover, plus the operation id as a key.
 */
export const PUBLISHER_FENCE: ResourceFence = {
  kind: 'highest-seen',
  registration: 'event',
  order: 'generation',
  key: true,
};
export { PUBLISHER_RESOURCE };

/** The publisher's answer to a generation older than the highest it has seen. */
export function staleExplanation(generation: number, seen: number): string {
  return `refused: generation ${generation} is older than generation ${seen}, which the publisher has already seen`;
}

/** The independent publisher: a resource that checks the fence and the operation id itself. */
export interface Publisher {
  setup(now: number): void;
  /** Records a new generation at takeover, so older workers are refused from then on. */
  register(runId: string, generation: number): number;
  publish(request: PublishRequest, now: number): PublishResult;
  snapshot(runId: string): PublisherSnapshot;
}

const RECEIPT_COLUMNS = `receipt_id AS receiptId, operation_id AS operationId, run_id AS runId,
  generation, body, accepted_at AS acceptedAt`;

/** Creates the publisher over its own database. */
export function createPublisher(db: SqlDriver): Publisher {
  const highest = (runId: string) => seenByResource(db, runId, PUBLISHER_RESOURCE).generation;
  const log = (operationId: string, generation: number, outcome: PublishOutcome, now: number) =>
    db.run(
      'INSERT INTO publish_requests (operation_id, generation, outcome, at) VALUES (?, ?, ?, ?)',
      [operationId, generation, outcome, now],
    );
  const receiptOf = (operationId: string) =>
    toReceipt(
      db.get<Record<string, number | string>>(
        `SELECT ${RECEIPT_COLUMNS} FROM receipts WHERE operation_id = ?`,
        [operationId],
      )!,
    );

  return {
    setup(now) {
      db.transaction(() => {
        db.exec(PUBLISHER_SCHEMA);
        db.run(
          "INSERT INTO publisher_meta (key, value) VALUES ('schema_version', ?), ('created_at', ?)",
          [String(CRASHLAB_SCHEMA_VERSION), String(now)],
        );
      });
    },
    register(runId, generation) {
      return db.transaction(() => {
        registerAt(db, runId, PUBLISHER_RESOURCE, generation);
        return highest(runId);
      });
    },
    publish(request, now) {
      return db.transaction((): PublishResult => {
        const written = writeThroughFence(db, PUBLISHER_FENCE, {
          runId: request.runId,
          resource: PUBLISHER_RESOURCE,
          holder: `generation ${request.generation}`,
          token: request.generation,
          opId: request.operationId,
          body: request.body,
          now,
        });
        const seen = highest(request.runId);
        const kind = written.observed.database.kind;
        if (kind === 'refused') {
          log(request.operationId, request.generation, 'stale', now);
          return {
            ok: false,
            outcome: 'stale',
            highestGeneration: seen,
            explanation: staleExplanation(request.generation, written.seenBefore.generation),
            observed: written.observed,
          };
        }
        if (kind === 'applied') {
          db.run(
            `INSERT INTO receipts (operation_id, run_id, generation, body, accepted_at)
             VALUES ($operation, $run, $generation, $body, $now)`,
            {
              operation: request.operationId,
              run: request.runId,
              generation: request.generation,
              body: request.body,
              now,
            },
          );
        }
        const outcome = kind === 'applied' ? 'accepted' : 'duplicate';
        log(request.operationId, request.generation, outcome, now);
        return {
          ok: true,
          outcome,
          receipt: receiptOf(request.operationId),
          highestGeneration: seen,
          observed: written.observed,
        };
      });
    },
    snapshot(runId) {
      return {
        highestGeneration: highest(runId),
        receipts: db
          .all(`SELECT ${RECEIPT_COLUMNS} FROM receipts ORDER BY receipt_id`)
          .map((row) => toReceipt(row as Record<string, number | string>)),
        requests: db
          .all(
            'SELECT request_id AS requestId, operation_id AS operationId, generation, outcome, at FROM publish_requests ORDER BY request_id',
          )
          .map((row) => ({
            requestId: Number(row.requestId),
            operationId: String(row.operationId),
            generation: Number(row.generation),
            outcome: String(row.outcome) as PublishOutcome,
            at: Number(row.at),
          })) satisfies PublishRequestRow[],
      };
    },
  };
}

function toReceipt(row: Record<string, number | string>): ReceiptRow {
  return {
    receiptId: Number(row.receiptId),
    operationId: String(row.operationId),
    runId: String(row.runId),
    generation: Number(row.generation),
    body: String(row.body),
    acceptedAt: Number(row.acceptedAt),
  };
}
