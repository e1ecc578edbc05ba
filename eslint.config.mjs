import nextVitals from 'eslint-config-next/core-web-vitals';
import tseslint from 'typescript-eslint';

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
    // Engines stay framework-free: they run in Node tests, Web Workers and CLI tools alike.
    files: ['lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react/*',
                'next',
                'next/*',
                '@/components/*',
                '@/app/*',
              ],
              message: 'lib/ is plain TypeScript: no React, Next or components.',
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
