import js from '@eslint/js'
import pluginRouter from '@tanstack/eslint-plugin-router'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Imports go one way: src → core, sw → core, server → core (STYLE.md). */
const onlyCore = (root) => ({
  files: [`${root}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: ['src', 'sw', 'server']
          .filter((other) => other !== root)
          .map((other) => ({ group: [`**/${other}/*`], message: `${root}/ may import core/ only` })),
      },
    ],
  },
})

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dev-dist',
      'node_modules',
      '.data',
      'src/routeTree.gen.ts',
      'server/db/migrations',
      'assets/demo-streams',
      // Local experiments (profiling harnesses and the like), never committed.
      'scratch',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', '../src/*', '../server/*', '../sw/*'],
              message: 'core/ stays pure',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'Buffer', 'process', 'self', 'fetch', 'Date'],
    },
  },
  onlyCore('src'),
  onlyCore('sw'),
  onlyCore('server'),
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    rules: reactHooks.configs.recommended.rules,
  },
  ...pluginRouter.configs['flat/recommended'],
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  {
    files: ['server/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.{ts,js}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.ts', 'bench/**/*.ts', 'tests/support/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
)
