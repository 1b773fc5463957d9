// Code rules (ESLint). Layers, cycles and unresolvable imports are
// dependency-cruiser's (scripts/dependency-cruiser.cjs), types are tsc's and
// format is Prettier's, so this file holds only what those three do not.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  {
    ignores: [
      'dist*/',
      'src/api/schema.d.ts',
      'public/mockServiceWorker.js',
      '.build/',
      'playwright-report/',
      'test-results/',
      'storybook-static/',
      'coverage/',
      'data/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // As tsc's noUnusedParameters: a name starting with `_` is kept on purpose (a signature's place, a property left out of a rest).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', '.storybook/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // Only the two classic rules: the React Compiler's rules (refs, set-state-in-effect, immutability...) judge code
    // for a compiler this project does not use, and flag here the latest-value refs and context refs that are sound without it.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        importX.createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
          alias: { '~': [import.meta.dirname] }, // tsconfig.json's paths: ~/ is the root
        }),
      ],
    },
    rules: {
      'import-x/first': 'error',
      'import-x/newline-after-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-useless-path-segments': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./\\.\\./',
              message: 'A relative import climbs at most one folder; import from the root instead (~/src/..., ~/server/..., ~/tests/...).',
            },
          ],
        },
      ],
    },
  },
  {
    // Node runs .mjs scripts as they are, without the ~/ alias, so they stay relative.
    files: ['**/*.mjs'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/**/*.tsx', '.storybook/**/*.{ts,tsx}'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    // At phone width the table shows as cards (CSS display: block), which drops a table's implicit roles: its explicit
    // roles keep it a table for screen readers, and its scrolling region takes the focus so keys can scroll it.
    files: ['src/ui/DataTable/DataTable.tsx'],
    rules: {
      'jsx-a11y/no-redundant-roles': ['error', { thead: ['rowgroup'], tbody: ['rowgroup'] }],
      'jsx-a11y/no-interactive-element-to-noninteractive-role': ['error', { tr: ['none', 'presentation'], td: ['cell'], canvas: ['img'] }],
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'], allowExpressionValues: true }],
    },
  },
  {
    files: ['src/**', '.storybook/**'],
    languageOptions: { globals: globals.browser },
  },
  {
    files: ['machines/**', 'mocks/**', 'seed/**'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['scripts/**', 'server/**', 'tests/**', '*.{js,ts,mjs,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    // Tests read loosely typed JSON bodies (whatever a call answered, refusals and bad input included): the
    // assertions check the fields they read, and the contract suite checks the shapes against openapi.yaml.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // These scripts hand functions to page.evaluate, which run in the browser.
    files: ['scripts/bench.mjs', 'scripts/screenshots.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  prettier,
);
