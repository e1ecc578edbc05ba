export type { SqlDriver, SqlParams, SqlRow, SqlValue } from './driver';
export { SqlError } from './driver';
export { loadSqlJs, SQL_WASM_PATH } from './load';
export { openSqlJs, wrapSqlJs, type SqlJsDriver } from './sqljs-driver';
export { inlineConstants, scanParams, type StatementParams } from './params';
