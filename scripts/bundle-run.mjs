// node scripts/bundle-run.mjs <entry.ts> [args…] — bundles a TypeScript script the way the app
// ships its code (one ES module, imports resolved at build time; `@/` is the project root) and
// runs it with Node. A benchmark run through tsx instead pays for a getter on every imported
// constant, which the browser's bundle never does.
import { build } from 'esbuild';
import { spawn } from 'node:child_process';
import { basename, join } from 'node:path';

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
  console.error('usage: node scripts/bundle-run.mjs <entry.ts> [args…]');
  process.exit(2);
}
const outfile = join('node_modules', '.cache', 'bundle-run', `${basename(entry)}.mjs`);
await build({
  entryPoints: [entry],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@': '.' },
  logLevel: 'warning',
});
const child = spawn(process.execPath, [outfile, ...args], { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
