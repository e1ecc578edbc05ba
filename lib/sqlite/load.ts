import type { SqlJsStatic } from 'sql.js';

/** Where the browser finds the WASM: copied into public/ by scripts/copy-wasm.mjs at build time. */
export const SQL_WASM_PATH = '/sql-wasm.wasm';

let loading: Promise<SqlJsStatic> | null = null;

function isNode(): boolean {
  return typeof process !== 'undefined' && typeof process.versions?.node === 'string';
}

function wasmUrl(): string {
  // In a page and in a Web Worker, resolve against the app's own origin, never a CDN.
  const base =
    typeof self !== 'undefined' && self.location ? self.location.href : 'http://localhost/';
  return new URL(SQL_WASM_PATH, base).toString();
}

/**
 * Loads sql.js once per realm (page, worker or Node process) and memoises it. In Node the
 * package finds its own WASM file; in the browser it is fetched from the app's origin.
 */
export function loadSqlJs(): Promise<SqlJsStatic> {
  if (!loading) {
    loading = (async () => {
      const { default: initSqlJs } = await import('sql.js');
      return isNode() ? initSqlJs() : initSqlJs({ locateFile: () => wasmUrl() });
    })();
    loading.catch(() => {
      // A failed load (offline before the WASM was cached, say) may be retried later.
      loading = null;
    });
  }
  return loading;
}
