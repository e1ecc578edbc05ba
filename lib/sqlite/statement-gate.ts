/*
 * Statements a learner's SQL may not run, refused before SQLite prepares them (issue 42 review,
 * F5): those that change the lab's own bounds (db-bounds.ts) or write where they do not reach.
 * Before, after `PRAGMA hard_heap_limit = 1000000` every later memory line of the sandbox named
 * 128 MB, a bound no longer true, until the page was reloaded; and `VACUUM INTO 'file'` again and
 * again wrote copies of the database to files no bound counts (53 copies of 30 MB, about 1.6 GB,
 * in the lab's 30 s).
 *
 * Checked before preparing, because SQLite acts on such a pragma while it prepares it (so would
 * `EXPLAIN PRAGMA …`). sql.js exports no authorizer, so the check reads the statement's leading
 * tokens the way SQLite's tokenizer does: comments, white space and empty statements are
 * skipped, names may be quoted, and nothing past the leading keywords is looked at, so a
 * comment or a string elsewhere cannot make or hide a match.
 */

/** Pragmas that set the lab's bounds: reading them is fine, setting them is refused. */
const BOUND_PRAGMAS = new Set(['hard_heap_limit', 'soft_heap_limit', 'max_page_count']);

const QUOTES: Record<string, string> = { '"': '"', '`': '`', '[': ']', "'": "'" };

/**
 * The first `count` tokens of `sql`: keywords and names lower-cased and unquoted, any other
 * character (`.`, `=`, `(`) by itself. Comments, white space and leading semicolons are skipped.
 */
export function leadingTokens(sql: string, count: number): string[] {
  const tokens: string[] = [];
  let i = 0;
  while (i < sql.length && tokens.length < count) {
    const c = sql[i];
    if (/\s/.test(c) || (c === ';' && tokens.length === 0)) {
      i += 1;
    } else if (c === '-' && sql[i + 1] === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
    } else if (c === '/' && sql[i + 1] === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end < 0 ? sql.length : end + 2;
    } else if (QUOTES[c]) {
      // A quoted name: its closing quote doubled stands for itself (not for brackets).
      const close = QUOTES[c];
      let name = '';
      let j = i + 1;
      for (; j < sql.length; j += 1) {
        if (sql[j] !== close) name += sql[j];
        else if (close !== ']' && sql[j + 1] === close) {
          name += close;
          j += 1;
        } else break;
      }
      tokens.push(name.toLowerCase());
      i = j + 1;
    } else if (/[\p{L}\p{N}_$]/u.test(c)) {
      let j = i;
      while (j < sql.length && /[\p{L}\p{N}_$]/u.test(sql[j])) j += 1;
      tokens.push(sql.slice(i, j).toLowerCase());
      i = j;
    } else {
      tokens.push(c);
      i += 1;
    }
  }
  return tokens;
}

/**
 * Why the next statement of `sql` (its first, after comments and white space) may not run, in
 * one line; null when it may.
 */
export function refusedStatement(sql: string): string | null {
  let tokens = leadingTokens(sql, 10);
  // EXPLAIN [QUERY PLAN] prepares the statement, and SQLite acts on a pragma as it prepares it.
  if (tokens[0] === 'explain') tokens = tokens.slice(tokens[1] === 'query' ? 3 : 1);
  if (tokens[0] === 'pragma') {
    // PRAGMA [schema.]name [= value | (value)]
    const [name, next] = tokens[2] === '.' ? [tokens[3], tokens[4]] : [tokens[1], tokens[2]];
    if (BOUND_PRAGMAS.has(name) && (next === '=' || next === '('))
      return `PRAGMA ${name} sets one of the lab's own bounds on its database, which SQL run here may not change (it may read it), so the statement was not run.`;
  }
  // VACUUM [schema] INTO file
  if (tokens[0] === 'vacuum' && (tokens[1] === 'into' || tokens[2] === 'into'))
    return `VACUUM INTO writes a copy of the database to a file of its own, where the lab's bounds do not reach, so the statement was not run (VACUUM alone is fine).`;
  return null;
}
