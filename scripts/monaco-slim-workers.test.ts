import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const { slimWorkers } = require('./monaco-slim-workers.cjs') as {
  slimWorkers: (source: string) => string;
};

describe('the build loader that slims Monaco’s workers.js', () => {
  // The file the loader is applied to (next.config.ts); the package's exports map hides it.
  const source = readFileSync(
    join(process.cwd(), 'node_modules/monaco-editor/esm/vs/internal/common/workers.js'),
    'utf8',
  );

  it('drops every editor contribution imported for its side effects (a Monaco upgrade that moves them fails here)', () => {
    const sideEffects = (text: string) => text.match(/^import '[^']+';$/gm) ?? [];
    expect(sideEffects(source).length).toBeGreaterThan(40);
    expect(sideEffects(source).some((line) => line.includes('stickyScroll'))).toBe(true);
    expect(sideEffects(slimWorkers(source))).toEqual([]);
  });

  it('keeps the imports that bind names and the worker factory', () => {
    const slim = slimWorkers(source);
    expect(slim).toContain("import { editor } from '../../editor/editor.api.js';");
    expect(slim).toContain('function createWebWorker(');
    expect(slim).toContain('export { createWebWorker };');
    expect(source.length - slim.length).toBeLessThan(6_000);
  });
});
