/*
 * The Node-only door of lib/sqlite: a SQLite file through better-sqlite3, a native addon the
 * browser cannot load. Command-line tools and tests import it as '@/lib/sqlite/node'; pages and
 * components use sql.js through '@/lib/sqlite'.
 */

/** Opens (or creates) a SQLite file with the lab's pragmas; the driver also answers `close()`. */
export {
  openFileDb,
  wrapBetterSqlite3,
  type FileDriver,
  type OpenFileOptions,
} from './better-sqlite3-driver';
