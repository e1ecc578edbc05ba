import pg from 'pg';
import type { SqlParams, SqlRow, SqlValue, AsyncSqlDriver } from '@/lib/sqlite';

// BIGINT (int8) and NUMERIC come back as strings by default; the lab's values fit a double.
pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

/** A PostgreSQL type for a bound value, so `$now + $lease` is not `unknown + unknown`. */
function castFor(value: SqlValue): string {
  if (typeof value === 'number') return Number.isInteger(value) ? '::bigint' : '::float8';
  if (typeof value === 'string') return '::text';
  return '';
}

/** A statement split once at its named parameters: text between them, and the names in order. */
interface Template {
  parts: string[];
  names: string[];
}

const templates = new Map<string, Template>();

function template(sql: string): Template {
  let cached = templates.get(sql);
  if (cached) return cached;
  const parts: string[] = [];
  const names: string[] = [];
  let text = '';
  for (let i = 0; i < sql.length;) {
    const ch = sql[i];
    if (ch === "'" || ch === '"') {
      const end = sql.indexOf(ch, i + 1);
      const stop = end === -1 ? sql.length : end + 1;
      text += sql.slice(i, stop);
      i = stop;
      continue;
    }
    const match = ch === '$' ? /^\$([A-Za-z_][A-Za-z0-9_]*)/.exec(sql.slice(i, i + 64)) : null;
    if (match) {
      parts.push(text);
      names.push(match[1]);
      text = '';
      i += match[0].length;
      continue;
    }
    text += ch;
    i++;
  }
  parts.push(text);
  cached = { parts, names };
  // The lab's statements are a fixed set; a cap keeps an unexpected stream of texts bounded.
  if (templates.size < 500) templates.set(sql, cached);
  return cached;
}

/**
 * Turns the rulebook's named parameters (`$owner`) into PostgreSQL's numbered ones (`$1`), each
 * cast to its value's type; one name used twice binds one value. Quoted text and `$tag$`
 * bodies are left alone. Each statement is scanned once; later calls only bind.
 */
export function toPositional(
  sql: string,
  params: SqlParams | undefined,
): { text: string; values: SqlValue[] } {
  if (params === undefined) return { text: sql, values: [] };
  if (Array.isArray(params)) throw new Error('the PostgreSQL driver binds named parameters only');
  const named = params as Record<string, SqlValue>;
  const { parts, names } = template(sql);
  const order = new Map<string, number>();
  const values: SqlValue[] = [];
  let text = parts[0];
  names.forEach((name, k) => {
    if (!(name in named)) throw new Error(`no value bound for $${name}`);
    let n = order.get(name);
    if (n === undefined) {
      values.push(named[name]);
      n = values.length;
      order.set(name, n);
    }
    text += `$${n}${castFor(named[name])}${parts[k + 1]}`;
  });
  return { text, values };
}

/** Why a connection failed, in one line a learner can act on. */
export function describeConnectionError(url: string, error: unknown): string {
  const e = error as { code?: string; message?: string };
  const where = redact(url);
  switch (e.code) {
    case 'ECONNREFUSED':
    case 'ENOTFOUND':
    case 'EHOSTUNREACH':
    case 'ETIMEDOUT':
      return `cannot reach a PostgreSQL server at ${where} (${e.code}); start one with: npm run lab -- pg start`;
    case '28P01':
    case '28000':
      return `the server at ${where} refused the login: wrong user name or password`;
    case '3D000':
      return `the server at ${where} has no such database: ${e.message}`;
    default:
      return `cannot connect to ${where}: ${e.message ?? String(error)}`;
  }
}

/** The URL with its password hidden, for messages. */
export function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}

export interface PgDriver extends AsyncSqlDriver {
  readonly url: string;
}

/** Statements kept prepared per connection; others (rare ones) are parsed each time. */
const MAX_PREPARED = 100;

/** Opens one connection; every statement of this handle runs on it, in order. */
export async function openPg(url: string): Promise<PgDriver> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  // A server that goes away mid-run must not crash the process with an unhandled 'error'.
  client.on('error', () => undefined);
  await client.connect();
  // The lab sends the same few statements thousands of times: each is parsed and planned once
  // per connection (a named prepared statement), then only bound and executed.
  const prepared = new Map<string, string>();
  const query = async (sql: string, params?: SqlParams) => {
    const { text, values } = toPositional(sql, params);
    let name = prepared.get(text);
    if (name === undefined && prepared.size < MAX_PREPARED) {
      name = `lab_${prepared.size + 1}`;
      prepared.set(text, name);
    }
    return client.query({ name, text, values: values as unknown[] });
  };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    url,
    dialect: 'postgres',
    run: async (sql, params) => (await query(sql, params)).rowCount ?? 0,
    get: async <T extends SqlRow>(sql: string, params?: SqlParams) =>
      (await query(sql, params)).rows[0] as T | undefined,
    all: async <T extends SqlRow>(sql: string, params?: SqlParams) =>
      (await query(sql, params)).rows as T[],
    exec: async (sql) => {
      await client.query(sql);
    },
    transaction<T>(fn: () => Promise<T>): Promise<T> {
      const next = queue.then(async () => {
        await client.query('BEGIN');
        try {
          const value = await fn();
          await client.query('COMMIT');
          return value;
        } catch (error) {
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        }
      });
      queue = next.catch(() => undefined);
      return next;
    },
    close: async () => {
      await client.end().catch(() => undefined);
    },
  };
}
