import type { Database, SqlValue, Statement } from 'sql.js';
import { inlineConstants, scanParams } from '@/lib/sqlite';

// Where a bound parameter's value comes from; SEEN + k is the k-th value the holder kept (the
// claim read's columns, then the columns its claim returned beside the token).
export const RUN = 0;
export const OWNER = 1;
export const NOW = 2;
export const LEASE = 3;
export const TOKEN = 4;
export const BATCH = 5;
/** $op: a write's operation id (idempotency key): one per batch, the same from every holder. */
export const OP = 6;
export const SEEN = 7;
const UNKNOWN = -1;

/** The operation id of a holder's batch: the business action, whoever sends it. */
export function operationId(batch: number): string {
  return `batch ${batch}`;
}

/** A statement prepared once and bound by position, with where each parameter's value comes from. */
export interface Prepared {
  stmt: Statement;
  sources: Int32Array;
  values: SqlValue[];
}

/** What a binding reads its values from: the constants of the search and one holder's numbers. */
export interface BindingSource {
  runId: string;
  owner: string;
  now: number;
  leaseSeconds: number;
  token: number;
  batch: number;
  /** The claim read's columns, then the claim's returned columns, by position (null: not claimed). */
  seen: (k: number) => number | null;
}

/**
 * Prepares a design's statements once for the search, with the constants of one holder (its
 * owner name, the run id, the lease length) written in, so each step binds only numbers.
 */
export class StatementBinder {
  private readonly prepared: Prepared[] = [];

  constructor(
    private readonly db: Database,
    private readonly seenNames: () => readonly string[],
  ) {}

  private sourcesOf(names: string[]): Int32Array {
    return Int32Array.from(names, (name) => {
      switch (name) {
        case 'run':
          return RUN;
        case 'owner':
          return OWNER;
        case 'now':
        case 'clock':
          // The claimer's own clock: the search has one clock, the database's.
          return NOW;
        case 'lease':
          return LEASE;
        case 'token':
          return TOKEN;
        case 'batch':
          return BATCH;
        case 'op':
          return OP;
        default: {
          const k = this.seenNames().indexOf(name);
          return k >= 0 ? SEEN + k : UNKNOWN;
        }
      }
    });
  }

  /** Prepares a statement with some parameters written in as literals. */
  prepare(sql: string, constants: Readonly<Record<string, SqlValue>> = {}): Prepared {
    const inlined = inlineConstants(sql, constants);
    const stmt = this.db.prepare(inlined);
    const names = scanParams(inlined).names;
    const p: Prepared = {
      stmt,
      sources: this.sourcesOf(names),
      values: new Array<SqlValue>(names.length).fill(null),
    };
    this.prepared.push(p);
    return p;
  }

  /** One prepared statement per holder (holders sharing an owner name share one). */
  perHolder(
    sql: string,
    owners: readonly string[],
    constants: Readonly<Record<string, SqlValue>>,
  ): Prepared[] {
    const byOwner = new Map<string, Prepared>();
    return owners.map((owner) => {
      let p = byOwner.get(owner);
      if (!p) {
        p = this.prepare(sql, { ...constants, owner });
        byOwner.set(owner, p);
      }
      return p;
    });
  }

  /** Binds a prepared statement's parameters from a source. */
  bind(p: Prepared, src: BindingSource): void {
    const { sources, values } = p;
    for (let i = 0; i < sources.length; i++) {
      const from = sources[i];
      values[i] =
        from === RUN
          ? src.runId
          : from === OWNER
            ? src.owner
            : from === NOW
              ? src.now
              : from === LEASE
                ? src.leaseSeconds
                : from === TOKEN
                  ? src.token
                  : from === BATCH
                    ? src.batch
                    : from === OP
                      ? operationId(src.batch)
                      : from >= SEEN
                        ? src.seen(from - SEEN)
                        : null;
    }
    p.stmt.bind(values);
  }

  /** Frees every prepared statement (the database stays open). */
  dispose(): void {
    for (const p of this.prepared) p.stmt.free();
    this.prepared.length = 0;
  }
}
