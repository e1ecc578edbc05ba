import { createRequire } from 'node:module';
import type { SqlJsStatic } from 'sql.js';

/**
 * A sql.js instance of its own, for a test that sets SQLite's heap limit (limitSqliteHeap): the
 * limit holds for the whole instance and cannot be raised again, and unit test files share one
 * fork's modules (vitest.config.ts, isolate: false), so on the shared instance it would hold for
 * every later file.
 */
export async function freshSqlJs(): Promise<SqlJsStatic> {
  const require = createRequire(import.meta.url);
  const path = require.resolve('sql.js');
  // sql.js keeps its instance in its module: a module loaded again makes a new one.
  const cached = require.cache[path];
  delete require.cache[path];
  try {
    const initSqlJs = require(path) as () => Promise<SqlJsStatic>;
    return await initSqlJs();
  } finally {
    if (cached) require.cache[path] = cached;
  }
}
