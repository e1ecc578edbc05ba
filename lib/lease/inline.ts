import type { SqlValue } from '@/lib/sqlite';

function literal(value: SqlValue): string {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  return `X'${Array.from(value, (b) => b.toString(16).padStart(2, '0')).join('')}'`;
}

/**
 * Writes a design statement with its $parameters replaced by SQL literals, for showing and
 * running the lesson's statements by hand in a console. Unknown parameters are left as they are.
 */
export function inlineParams(sql: string, params: Readonly<Record<string, SqlValue>>): string {
  return sql.replace(/\$([A-Za-z_][A-Za-z0-9_]*)/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? literal(params[name]) : whole,
  );
}
