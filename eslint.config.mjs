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
    // The lesson as data: prose and typed modules, no React or Next.
    files: ['content/**/*.{ts,tsx,js,jsx,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: NO_FRAMEWORK,
              message: 'content/ is the lesson as data: no React, Next or components.',
            },
          ],
        },
      ],
    },
  },
  {
    // The file-backed SQLite driver loads a native Node addon: command-line tools only.
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'better-sqlite3', message: 'Node only: the browser uses sql.js.' }],
          patterns: [
            {
              group: ['@/lib/sqlite/better-sqlite3-driver'],
              message: 'Node only: the browser uses sql.js.',
            },
          ],
        },
      ],
    },
  },
];

export default config;
