export type { SqlDriver, SqlParams, SqlRow, SqlValue } from './driver';
export { SqlError } from './driver';
export { loadSqlJs, SQL_WASM_PATH } from './load';
export { openSqlJs, wrapSqlJs, type SqlJsDriver } from './sqljs-driver';
export { inlineConstants, scanParams, substituteParams, type StatementParams } from './params';
/** One promise-based driver over SQLite (file, sql.js) and PostgreSQL, with its dialect. */
export {
  asyncDriver,
  inOpenTransaction,
  type AsyncSqlDriver,
  type SqlDialect,
} from './async-driver';
/** The SQL console: a script's results, bounded, and how many rows fit a cell budget. */
export {
  CONSOLE_LIMITS,
  runScript,
  rowsWithinCells,
  type ResultGrid,
  type ScriptError,
  type ScriptResult,
  type ShownOf,
} from './console';
/** What the page accepts of a console run from a worker (lib/bounded's door, issue 41). */
export { scriptResultPart, shownOfPart } from './sql-console.door';
/** A statement prepared once and bound by position (the checker's search, through lib/lease). */
export type { PreparedSql, PreparingDriver } from './prepared';
/** The bounds of a database a learner's SQL runs on (the claim lab, the SQL sandbox). */
export {
  boundDatabase,
  databaseBoundLine,
  DATABASE_LIMITS,
  limitSqliteHeap,
  type DatabaseBound,
  type DatabaseBounds,
} from './db-bounds';
/** The SQL sandbox's script, kept through the storage door. */
export {
  loadSandboxScript,
  saveSandboxScript,
  savedScriptSchema,
  subscribeToSandboxScript,
} from './saved-script';
/** Statements a learner's SQL may not run: those that change the bounds or escape them. */
export { refusedStatement } from './statement-gate';
