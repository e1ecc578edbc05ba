// Copies the SQLite WASM from the sql.js package into public/, so the browser loads it from the
// app's own origin (never a CDN). Runs before every build and dev start.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(dirname(require.resolve('sql.js/dist/sql-wasm.wasm')), 'sql-wasm.wasm');
const target = join(root, 'public', 'sql-wasm.wasm');
mkdirSync(dirname(target), { recursive: true });
copyFileSync(source, target);
console.log(`copy-wasm: public/sql-wasm.wasm (${statSync(target).size} bytes) from sql.js`);
