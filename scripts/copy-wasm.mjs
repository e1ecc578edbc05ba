// Copies the WebAssembly the browser runs into public/, so it loads from the app's own origin
// (never a CDN): SQLite from the sql.js package, and QuickJS (the claim lab's engine for the
// learner's program, lib/claim-lab/engine.ts) from its release build. Runs before every build
// and dev start.
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const files = [
  ['sql-wasm.wasm', join(dirname(require.resolve('sql.js/dist/sql-wasm.wasm')), 'sql-wasm.wasm')],
  ['quickjs.wasm', require.resolve('@jitl/quickjs-wasmfile-release-sync/wasm')],
];
mkdirSync(join(root, 'public'), { recursive: true });
for (const [name, source] of files) {
  const target = join(root, 'public', name);
  copyFileSync(source, target);
  console.log(`copy-wasm: public/${name} (${statSync(target).size} bytes)`);
}
