import {
  inlineConstants,
  scanParams,
  type PreparedSql,
  type PreparingDriver,
  type SqlValue,
} from '@/lib/sqlite';

/*
 * How a design's statements bind in the prepared step (step-prepared.ts): each parameter name of
 * the rulebook ($run, $owner, $now, $lease, $token, $batch, $op, and the values a holder kept
 * from its claim read and claim) is mapped once, at prepare time, to where its value comes from,
 * so a step binds only numbers by position.
 */

// Where a bound parameter's value comes from; KEPT + k is the k-th value the holder kept (the
// claim read's columns, then the columns its claim returned beside the token).
const RUN = 0;
const OWNER = 1;
const NOW = 2;
const LEASE = 3;
const TOKEN = 4;
const BATCH = 5;
/** $op: a write's operation id (idempotency key): one per batch, the same from every holder. */
const OP = 6;
const KEPT = 7;
const UNKNOWN = -1;

/** The operation id of a holder's batch: the business action, whoever sends it. */
export function operationId(batch: number): string {
  return `batch ${batch}`;
}

/**
 * The holder a prepared step runs for: its owner name and numbers, set by the caller before each
 * step (the checker copies them from its search state), and the values it kept, read from
 * `kept[keptAt + k]`.
 */
export interface StepHolder {
  owner: string;
  now: number;
  token: number;
  batch: number;
  /** False before the holder's claim landed: its claim's columns then bind as NULL. */
  claimed: boolean;
  kept: Float64Array;
  keptAt: number;
}

/**
 * A holder with nothing claimed, no owner and nothing kept yet: the one object a caller refills
 * before each step (the checker binds millions of times, so it never makes a new one).
 */
export function emptyHolder(kept: Float64Array = new Float64Array(0)): StepHolder {
  return { owner: '', now: 0, token: 0, batch: 0, claimed: false, kept, keptAt: 0 };
}

/** A statement prepared once, with where each of its parameters' values comes from. */
export interface BoundSql {
  stmt: PreparedSql;
  sources: Int32Array;
  values: SqlValue[];
}

/** Prepares a design's statements with constants written in, and binds them for a holder. */
export class StatementBinding {
  private readonly prepared: BoundSql[] = [];

  /**
   * `keptNames` are the names of the values a holder keeps, as they become known (the claim
   * read's columns, then the claim's); `readColumns` how many of them the claim read gives.
   */
  constructor(
    private readonly db: PreparingDriver,
    private readonly keptNames: readonly string[],
    private readonly constants: { run: string; lease: number },
  ) {}

  /** How many of the kept values come from the claim read (set once it is prepared). */
  readColumns = 0;

  private sourceOf(name: string): number {
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
        const k = this.keptNames.indexOf(name);
        return k >= 0 ? KEPT + k : UNKNOWN;
      }
    }
  }

  /** Prepares a statement with some parameters written in as literals. */
  prepare(sql: string, constants: Readonly<Record<string, SqlValue>> = {}): BoundSql {
    const inlined = inlineConstants(sql, { ...this.constants, ...constants });
    const names = scanParams(inlined).names;
    const p: BoundSql = {
      stmt: this.db.prepare(inlined),
      sources: Int32Array.from(names, (name) => this.sourceOf(name)),
      values: new Array<SqlValue>(names.length).fill(null),
    };
    this.prepared.push(p);
    return p;
  }

  /** One prepared statement per holder (holders sharing an owner name share one). */
  perHolder(
    sql: string,
    owners: readonly string[],
    constants: Readonly<Record<string, SqlValue>> = {},
  ): BoundSql[] {
    const byOwner = new Map<string, BoundSql>();
    return owners.map((owner) => {
      let p = byOwner.get(owner);
      if (!p) {
        p = this.prepare(sql, { ...constants, owner });
        byOwner.set(owner, p);
      }
      return p;
    });
  }

  /** Binds a prepared statement's parameters from the holder's values. */
  bind(p: BoundSql, h: StepHolder): void {
    const { sources, values } = p;
    for (let i = 0; i < sources.length; i++) {
      const from = sources[i];
      values[i] =
        from === RUN
          ? this.constants.run
          : from === OWNER
            ? h.owner
            : from === NOW
              ? h.now
              : from === LEASE
                ? this.constants.lease
                : from === TOKEN
                  ? h.token
                  : from === BATCH
                    ? h.batch
                    : from === OP
                      ? operationId(h.batch)
                      : from >= KEPT
                        ? // A holder that has not claimed has no claim columns of its own to
                          // bind (NULL, as the timeline binds them): only its claim read's.
                          from - KEPT >= this.readColumns && !h.claimed
                          ? null
                          : h.kept[h.keptAt + from - KEPT]
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
