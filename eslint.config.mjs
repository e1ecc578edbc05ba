import nextVitals from 'eslint-config-next/core-web-vitals';
import tseslint from 'typescript-eslint';
import { forbiddenFor, LIB_LAYERS } from './scripts/lib-layers.mjs';

// Engines and lesson content stay framework-free: they run in Node tests, Web Workers and CLI
// tools alike.
const NO_FRAMEWORK = [
  'react',
  'react-dom',
  'react/*',
  'react-dom/*',
  'next',
  'next/*',
  '@/components/*',
  '@/app/*',
];

/** no-restricted-imports for one folder of lib/: no framework, nothing from its layer or above. */
function libRule(folder) {
  const above = forbiddenFor(folder);
  return [
    'error',
    {
      patterns: [
        { group: NO_FRAMEWORK, message: 'lib/ is plain TypeScript: no React, Next or components.' },
        {
          group: ['../*', '../../*'],
          message:
            'Import another part of lib/ as @/lib/<folder>, so the layering rule can see it.',
        },
        ...(above.length
          ? [
              {
                group: above.flatMap((f) => [`@/lib/${f}`, `@/lib/${f}/*`]),
                message: `lib/${folder} may import only layers below it (see scripts/lib-layers.mjs and the README).`,
              },
            ]
          : []),
      ],
    },
  ];
}

const libFolders = LIB_LAYERS.flatMap((layer) => layer.folders);

// One door per lib module (CONVENTIONS.md): pages, components, content, scripts and end-to-end
// specs import a module of lib/ through its index.ts, so each module keeps one public surface.
// Two kinds of side door, each one file: '@/lib/<module>/client', the page's door to what starts
// the module's Web Worker (it needs the bundler's import.meta.url, which Node code and the
// end-to-end specs must not load), and '@/lib/sqlite/node', the Node-only SQLite file driver
// (better-sqlite3, a native addon). Unit tests sit beside the code they test and may reach inside.
const ONE_DOOR = [
  {
    regex: '^@/lib/(?!sqlite/node$)(?![^/]+/client$)[^/]+/.+',
    message:
      "Import a lib module through its door, '@/lib/<module>' (its index.ts); export what you need there.",
  },
  {
    regex: '^(\\.\\./)+lib/[^/]+/(?!index(\\.ts)?$).+',
    message: "Import a lib module through its door, '../lib/<module>' (its index.ts).",
  },
];
const DOOR_FILES = {
  app: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
  content: ['content/**/*.{ts,tsx,js,jsx,mjs}'],
  tools: ['scripts/**/*.{ts,mts,mjs}', 'e2e/**/*.ts'],
};
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

/**
 * no-restricted-imports for one group of files: `own` everywhere, and the one-door rule on top
 * outside tests (a later entry replaces the rule's options, so the second entry repeats `own`).
 */
function restrictImports(files, own) {
  const rule = (patterns) => ['error', { ...own, patterns }];
  return [
    { files, rules: { 'no-restricted-imports': rule(own.patterns) } },
    {
      files,
      ignores: TESTS,
      rules: { 'no-restricted-imports': rule([...own.patterns, ...ONE_DOOR]) },
    },
  ];
}

const config = [
  {
    ignores: [
      '.next/**',
      'out/**',
      'node_modules/**',
      'public/**',
      'test-results/**',
      'playwright-report/**',
      'next-env.d.ts',
    ],
  },
  ...nextVitals,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Any file of lib/ (a new folder not yet in the layer table included): no framework.
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: NO_FRAMEWORK,
              message: 'lib/ is plain TypeScript: no React, Next or components.',
            },
          ],
        },
      ],
    },
  },
  // The layers of lib/: each folder imports only the layers below it. Tests may compose freely.
  ...libFolders.map((folder) => ({
    files: [`lib/${folder}/**/*.ts`, `lib/${folder}.ts`],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': libRule(folder) },
  })),
  {
    // A lib/ file, a component or hook, a route or a script past 300 lines does two jobs (CONVENTIONS.md): split
    // it by job. Tests and content/ (the lesson as data) are exempt.
    files: [
      'lib/**/*.ts',
      'components/**/*.{ts,tsx}',
      'app/**/*.{ts,tsx}',
      'scripts/**/*.{ts,mts,mjs}',
    ],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // Every Web Worker the app starts is built in lib/worker/start/ (Monaco's own in its
    // environment), so each starts under the page's policy and sits beside lib/worker's protocol.
    // The bundler finds a worker only by the literal `new Worker(new URL(…))`.
    files: ['lib/**/*.ts', 'components/**/*.{ts,tsx}', 'app/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'lib/worker/start/*.ts', 'components/code-editor/monaco-environment.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='Worker']",
          message:
            'Start a Web Worker from a factory in lib/worker/start/ (one file per worker), not here.',
        },
      ],
    },
  },
  // The lesson as data: prose and typed modules, no React or Next.
  ...restrictImports(DOOR_FILES.content, {
    patterns: [
      {
        group: NO_FRAMEWORK,
        message: 'content/ is the lesson as data: no React, Next or components.',
      },
    ],
  }),
  // The file-backed SQLite driver loads a native Node addon: command-line tools only.
  ...restrictImports(DOOR_FILES.app, {
    paths: [{ name: 'better-sqlite3', message: 'Node only: the browser uses sql.js.' }],
    patterns: [{ group: ['@/lib/sqlite/node'], message: 'Node only: the browser uses sql.js.' }],
  }),
  ...restrictImports(DOOR_FILES.tools, { patterns: [] }),
];

export default config;
