import { ESLint } from 'eslint';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { beforeAll, describe, expect, it } from 'vitest';
import { forbiddenFor, LIB_LAYERS } from './lib-layers.mjs';

// The checks `npm test` relies on must fail on a violation: each case lints a small source
// string as if it were a file at the given path, with the project's own ESLint config.
const root = join(__dirname, '..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading ESLint with Next's plugins takes seconds, more on a busy machine.
describe('lint rules that keep the layers apart', { timeout: 120_000 }, () => {
  it('refuses React in content/', async () => {
    const messages = await restrictedImports(
      'content/lesson/violation.ts',
      "import { useState } from 'react';\nexport const state = useState;\n",
    );
    expect(messages.join('\n')).toMatch(/content\/ is the lesson as data/);
  });

  it('refuses Next and components in lib/', async () => {
    for (const source of ['next/link', '@/components/ui/button']) {
      const messages = await restrictedImports(
        'lib/lease/violation.ts',
        `import * as m from '${source}';\nexport const x = m;\n`,
      );
      expect(messages.join('\n'), source).toMatch(/lib\/ is plain TypeScript/);
    }
  });

  it('refuses an import from a higher lib/ layer (sqlite importing lease)', async () => {
    const messages = await restrictedImports(
      'lib/sqlite/violation.ts',
      "import { createLeaseModel } from '@/lib/lease';\nexport const x = createLeaseModel;\n",
    );
    expect(messages.join('\n')).toMatch(/lib\/sqlite may import only layers below it/);
  });

  it('refuses a core module importing a feature (records importing timeline)', async () => {
    const messages = await restrictedImports(
      'lib/records/violation.ts',
      "import { timelineSchema } from '@/lib/timeline/records';\nexport const x = timelineSchema;\n",
    );
    expect(messages.join('\n')).toMatch(/lib\/records may import only layers below it/);
  });

  it('refuses a sibling engine and a relative path out of the folder', async () => {
    const sibling = await restrictedImports(
      'lib/crashlab/violation.ts',
      "import { createJournal } from '@/lib/journal';\nexport const x = createJournal;\n",
    );
    expect(sibling.join('\n')).toMatch(/lib\/crashlab may import only layers below it/);
    const relative = await restrictedImports(
      'lib/crashlab/violation.ts',
      "import { openSqlJs } from '../sqlite';\nexport const x = openSqlJs;\n",
    );
    expect(relative.join('\n')).toMatch(/as @\/lib\/<folder>/);
  });

  it('allows an import from a lower layer (lease importing sqlite)', async () => {
    const messages = await restrictedImports(
      'lib/lease/allowed.ts',
      "import type { SqlDriver } from '@/lib/sqlite';\nexport type X = SqlDriver;\n",
    );
    expect(messages).toEqual([]);
  });

  it("refuses an import past a lib module's door from a component, a route, content, a script or a spec", async () => {
    const cases: [string, string][] = [
      ['components/timeline/violation.tsx', '@/lib/timeline/records'],
      ['app/practice/violation/page.tsx', '@/lib/crashlab/history-lanes'],
      ['content/cases/violation.ts', '@/lib/timeline/types'],
      ['scripts/crash-lab/violation.ts', '@/lib/sqlite/async-driver'],
      ['e2e/violation.spec.ts', '../lib/timeline/share'],
      ['scripts/violation.mts', '../lib/checker/search.ts'],
      ['components/claim-lab/violation.ts', '@/lib/claim-lab/claim-lab.client'],
    ];
    for (const [file, source] of cases) {
      const messages = await restrictedImports(
        file,
        `import * as m from '${source}';\nexport const x = m;\n`,
      );
      expect(messages.join('\n'), `${file} importing ${source}`).toMatch(/through its door/);
    }
  });

  it('lets them through the door, pages through a client door, scripts through the Node-only SQLite door, and tests inside', async () => {
    const allowed: [string, string][] = [
      ['components/timeline/allowed.tsx', '@/lib/timeline'],
      ['scripts/crash-lab/allowed.ts', '@/lib/sqlite/node'],
      ['components/sql-sandbox/allowed.ts', '@/lib/sqlite/client'],
      ['scripts/allowed.mts', '../lib/checker/index.ts'],
      ['components/timeline/allowed.test.tsx', '@/lib/timeline/records'],
      ['scripts/crash-lab/allowed.test.ts', '@/lib/crashlab/history-lanes'],
    ];
    for (const [file, source] of allowed) {
      const messages = await restrictedImports(
        file,
        `import * as m from '${source}';\nexport const x = m;\n`,
      );
      expect(messages, `${file} importing ${source}`).toEqual([]);
    }
    // The Node-only door stays closed to the browser.
    const browser = await restrictedImports(
      'components/crash-lab/violation.tsx',
      "import { openFileDb } from '@/lib/sqlite/node';\nexport const x = openFileDb;\n",
    );
    expect(browser.join('\n')).toMatch(/Node only/);
  });

  it('lists every folder of lib/ in exactly one layer', () => {
    const listed = LIB_LAYERS.flatMap((layer) => layer.folders);
    const onDisk = readdirSync(join(root, 'lib'))
      .filter((name) => statSync(join(root, 'lib', name)).isDirectory() || name.endsWith('.ts'))
      .filter((name) => !name.endsWith('.test.ts'))
      .map((name) => name.replace(/\.ts$/, ''));
    expect(new Set(listed).size).toBe(listed.length);
    expect([...onDisk].sort()).toEqual([...listed].sort());
    expect(forbiddenFor('storage')).toContain('sqlite');
    expect(forbiddenFor('composition')).toEqual([]);
  });
});

describe('one place that starts Web Workers', { timeout: 120_000 }, () => {
  async function workerMessages(filePath: string): Promise<string[]> {
    const code =
      "export const start = () =>\n  new Worker(new URL('./x.worker.ts', import.meta.url), { type: 'module' });\n";
    const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
    return result.messages.filter((m) => m.ruleId === 'no-restricted-syntax').map((m) => m.message);
  }

  it('refuses a Web Worker started in a lib module, a component or a route', async () => {
    for (const file of [
      'lib/checker/violation.client.ts',
      'components/sql-sandbox/use-violation.ts',
      'app/practice/violation/page.tsx',
    ]) {
      expect((await workerMessages(file)).join('\n'), file).toMatch(/lib\/worker\/start\//);
    }
  });

  it("allows one in lib/worker/start/ and in Monaco's environment", async () => {
    expect(await workerMessages('lib/worker/start/checker.ts')).toEqual([]);
    expect(await workerMessages('components/code-editor/monaco-environment.ts')).toEqual([]);
  });
});

describe('file size', { timeout: 120_000 }, () => {
  async function sizeMessages(filePath: string, lines: number): Promise<string[]> {
    const code = Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`).join('\n');
    const [result] = await eslint.lintText(`${code}\n`, { filePath: join(root, filePath) });
    return result.messages.filter((m) => m.ruleId === 'max-lines').map((m) => m.message);
  }

  it('refuses a lib/ file, a component, a hook, a route or a script past 300 lines, and allows one of 300', async () => {
    expect((await sizeMessages('lib/lease/too-long.ts', 301)).join('\n')).toMatch(
      /Maximum allowed is 300/,
    );
    expect((await sizeMessages('components/ui/too-long.tsx', 301)).join('\n')).toMatch(
      /Maximum allowed is 300/,
    );
    expect((await sizeMessages('scripts/crash-lab/too-long.ts', 301)).join('\n')).toMatch(
      /Maximum allowed is 300/,
    );
    // Hooks (components/**/*.ts) and routes (app/) are code too.
    expect((await sizeMessages('components/claim-lab/use-too-long.ts', 301)).join('\n')).toMatch(
      /Maximum allowed is 300/,
    );
    expect((await sizeMessages('app/practice/too-long/page.tsx', 301)).join('\n')).toMatch(
      /Maximum allowed is 300/,
    );
    expect(await sizeMessages('lib/lease/just-fits.ts', 300)).toEqual([]);
  });

  it('leaves tests and lesson content alone', async () => {
    expect(await sizeMessages('lib/lease/long.test.ts', 400)).toEqual([]);
    expect(await sizeMessages('content/cases/long.ts', 400)).toEqual([]);
  });
});

describe('formatting', () => {
  it('prettier --check fails on a badly formatted file with the project config', async () => {
    const options = (await prettier.resolveConfig(join(root, 'lib/lease/x.ts'))) ?? {};
    const ugly = 'export const x = {a:1,b:"two"}\n';
    expect(await prettier.check(ugly, { ...options, filepath: 'lib/lease/x.ts' })).toBe(false);
    const clean = await prettier.format(ugly, { ...options, filepath: 'lib/lease/x.ts' });
    expect(clean).toBe("export const x = { a: 1, b: 'two' };\n");
    expect(await prettier.check(clean, { ...options, filepath: 'lib/lease/x.ts' })).toBe(true);
  });
});
