import type { SqlValue } from './driver';

/** The result of scanning a statement for its parameters. */
export interface StatementParams {
  /**
   * Named parameters (without prefix) in SQLite's index order: parameter number i + 1 is
   * names[i]. The same name under two prefixes appears twice, as SQLite numbers it twice.
   */
  names: string[];
  /** True when the statement uses `?` or `?NNN`, which designs must not. */
  positional: boolean;
}

interface ParamToken {
  start: number;
  end: number;
  /** With its prefix: `$owner`. */
  token: string;
}

/** Finds the parameters of a statement, skipping string literals, quoted identifiers and comments. */
function findParams(sql: string): { tokens: ParamToken[]; positional: boolean } {
  const tokens: ParamToken[] = [];
  let positional = false;
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      i += 1;
      while (i < n) {
        if (sql[i] === c) {
          if (sql[i + 1] === c) i += 2;
          else break;
        } else i += 1;
      }
      i += 1;
    } else if (c === '[') {
      const end = sql.indexOf(']', i + 1);
      i = end < 0 ? n : end + 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? n : end + 2;
    } else if (c === '?') {
      positional = true;
      i += 1;
    } else if ((c === '$' || c === ':' || c === '@') && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      let j = i + 1;
      while (j < n && /[A-Za-z0-9_]/.test(sql[j])) j += 1;
      tokens.push({ start: i, end: j, token: sql.slice(i, j) });
      i = j;
    } else {
      i += 1;
    }
  }
  return { tokens, positional };
}

/**
 * Lists a statement's named parameters in the order SQLite numbers them (first appearance; a
 * repeated name reuses its number). `$owner`, `:owner` and `@owner` are all the parameter
 * `owner` for binding, as the driver binds them.
 */
export function scanParams(sql: string): StatementParams {
  const { tokens, positional } = findParams(sql);
  const seen: string[] = [];
  const names: string[] = [];
  for (const { token } of tokens) {
    // SQLite numbers `$owner` and `:owner` separately; both are bound to the value of `owner`.
    if (!seen.includes(token)) {
      seen.push(token);
      names.push(token.slice(1));
    }
  }
  return { names, positional };
}

function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NULL';
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return `X'${Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('')}'`;
}

/**
 * Replaces the given parameters by SQL literals: those that stay fixed for one worker (its owner
 * name, the run id, the lease length), so the checker's search binds only numbers, and all of a
 * statement's, to show or run it by hand in a console. Unknown parameters are left as they are;
 * only real parameters are replaced, never text inside string literals or comments.
 */
export function inlineConstants(
  sql: string,
  constants: Readonly<Record<string, SqlValue>>,
): string {
  const expressions: Record<string, string> = {};
  for (const [name, value] of Object.entries(constants)) expressions[name] = literal(value);
  return substituteParams(sql, expressions);
}

/**
 * Replaces the given parameters by SQL expressions (`$now` by the statement's own clock, read in
 * the same statement), with the same care as {@link inlineConstants}: unknown parameters stay,
 * text inside string literals and comments is never touched.
 */
export function substituteParams(
  sql: string,
  expressions: Readonly<Record<string, string>>,
): string {
  const { tokens } = findParams(sql);
  let out = '';
  let last = 0;
  for (const { start, end, token } of tokens) {
    const name = token.slice(1);
    if (!Object.hasOwn(expressions, name)) continue;
    out += sql.slice(last, start) + expressions[name];
    last = end;
  }
  return out + sql.slice(last);
}
