import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// Imports go one way: ui -> store -> core, worker -> core, cli -> core. Nothing imports ui.
const layer = (files, forbidden, message) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
});

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  layer(
    ['src/core/**/*.ts'],
    ['**/ui/**', '**/store/**', '**/worker/**', '**/cli/**', 'react', 'react-dom', 'react-dom/*', 'zustand', 'zustand/*', 'node:*'],
    'src/core is pure: it imports nothing outside src/core (no React, DOM, store or Node APIs).',
  ),
  layer(['src/store/**/*.ts'], ['**/ui/**', '**/cli/**', 'react-dom', 'react-dom/*'], 'The store may import core only, never ui or cli.'),
  layer(['src/worker/**/*.ts'], ['**/ui/**', '**/store/**', '**/cli/**', 'react', 'zustand'], 'The worker wraps core only.'),
  layer(['src/cli/**/*.ts'], ['**/ui/**', '**/store/**', '**/worker/**', 'react', 'zustand'], 'The CLI uses core only.'),
);
