import js from '@eslint/js'
import pluginRouter from '@tanstack/eslint-plugin-router'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** Imports go one way: src → core, sw → core, server → core (STYLE.md). */
const otherRoots = (root) =>
  ['src', 'sw', 'server']
    .filter((other) => other !== root)
    .map((other) => ({ group: [`**/${other}/*`], message: `${root}/ may import core/ only` }))

const onlyCore = (root) => ({
  files: [`${root}/**/*.{ts,tsx}`],
  rules: { 'no-restricted-imports': ['error', { patterns: otherRoots(root) }] },
})

/**
 * A feature reaches another only through that feature's public.ts, so what features share is
 * chosen, not whatever file was handy. A file `depth` folders inside a feature climbs to
 * src/features with `depth` times `../`. Routes and src's entry files wire features and import
 * the screens they render directly, so each route's code split keeps only its own screens. src's
 * own patterns come along: a later block's options for a rule replace an earlier block's.
 */
const featureEntriesOnly = (depth) => ({
  files: [`src/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...otherRoots('src'),
          {
            regex: `^(\\.\\./){${depth}}[^./][^/]*/(?!public\\.ts$)`,
            message: 'import another feature through its public.ts, not file by file',
          },
        ],
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
  ...[1, 2, 3].map(featureEntriesOnly),
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
