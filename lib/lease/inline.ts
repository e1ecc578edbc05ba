import { inlineConstants, type SqlValue } from '@/lib/sqlite';

/**
 * Writes a design statement with its $parameters replaced by SQL literals, for showing and
 * running the lesson's statements by hand in a console. Unknown parameters are left as they are;
 * text inside string literals and comments is never touched (the one tokenizer of lib/sqlite).
 */
export function inlineParams(sql: string, params: Readonly<Record<string, SqlValue>>): string {
  return inlineConstants(sql, params);
}
