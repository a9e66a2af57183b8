import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import boundaries from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettierCompat from 'eslint-config-prettier';
import globals from 'globals';
import regexp from 'eslint-plugin-regexp';

// Which layer may import which, as an allowlist: anything not listed is an error, from .ts and .tsx alike.
// boundaries/dependencies proves every arrow below, for our folders and for packages (default: disallow);
// import-x/no-cycle proves there are no cycles; the per-layer tsconfig files prove the globals (no DOM or
// Node in core or protocol, no DOM in the worker, Node only in the CLI).
//
//   ui       -> store, protocol, core; react, react-dom, zustand; the tables' and charts' and markdown's packages
//   store    -> protocol, core; zustand, react (its hooks)
//   worker   -> protocol, core; fflate (opens zip and gzip input; core only sniffs it), the tokenizer and price data
//               (core's token and cost figures take them as arguments)
//   protocol -> core (the model's types, and the JSON readers the worker's name encoding uses)
//   cli      -> core; node: modules, fflate, better-sqlite3 and @aws-sdk/client-s3 (the share server's stores), the price data
//   lib      -> cli, core; node: modules. The package's library entry (`import … from 'msgscope'`): the CLI's readers and
//               report as functions; nothing imports it, so its exports can be a contract without tying the CLI down
//   core     -> core only: no package, no node: module
//
// Tests may also import test tools, fixtures and the helpers in a testing/ folder of any layer,
// which nothing else may import; store tests may build their views with the worker's real code.
const LAYERS = {
  ui: {
    imports: ['store', 'protocol', 'core'],
    packages: ['react', 'react-dom', 'zustand', '@tanstack/react-table', '@tanstack/react-virtual', 'uplot', 'react-markdown', 'remark-gfm'],
  },
  store: { imports: ['protocol', 'core'], packages: ['zustand', 'react'] },
  worker: { imports: ['protocol', 'core'], packages: ['fflate', 'gpt-tokenizer', '@pydantic/genai-prices'] },
  protocol: { imports: ['core'], packages: [] },
  cli: { imports: ['core'], packages: ['fflate', 'better-sqlite3', '@aws-sdk/client-s3', '@pydantic/genai-prices'], node: true },
  lib: { imports: ['cli', 'core'], packages: [], node: true },
  core: { imports: [], packages: [] },
};

const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx'];
const TEST_HELPERS = ['**/testing/**'];
const TEST_PACKAGES = ['vitest', '@testing-library/*', 'happy-dom', 's3rver'];

const sentence = (list) => (list.length === 0 ? 'nothing' : list.join(', '));

function allowed(name, layer) {
  const ours = [name, ...layer.imports].map((other) => `src/${other}`);
  const parts = [sentence(ours)];
  parts.push(layer.packages.length > 0 ? `the packages ${layer.packages.join(', ')}` : 'no package');
  if (layer.node) parts.push('node: modules');
  return `'{{dependency.source}}' is not allowed here: src/${name} may import only ${parts.join('; ')}.`;
}

function layerRule(name, layer) {
  const policies = [
    { allow: { to: { element: { types: [name, ...layer.imports] } } } },
    ...(layer.packages.length > 0 ? [{ allow: { to: { module: { origin: 'external', source: layer.packages } } } }] : []),
    ...(layer.node ? [{ allow: { to: { module: { origin: 'core' } } } }] : []),
    ...(name === 'store' ? [{ from: { file: { categories: 'test' } }, allow: { to: { element: { type: 'worker' } } } }] : []),
    {
      from: { file: { categories: 'test' } },
      allow: [
        { to: { module: { origin: 'external', source: TEST_PACKAGES } } },
        { to: { module: { origin: 'core' } } },
        { to: { element: { type: 'fixtures' } } },
      ],
    },
    // Last, so that no allow above lets a layer's own code reach a test helper.
    {
      from: { file: { categories: { noneOf: ['test'] } } },
      disallow: { to: { file: { categories: 'test-helper' } } },
      message: 'Test helpers are for tests only: {{to.file.path}} may be imported from *.test.ts(x) files and other helpers.',
    },
  ];
  return {
    files: [`src/${name}/**/*.{ts,tsx}`],
    rules: {
      'boundaries/dependencies': [
        'error',
        { default: 'disallow', checkAllOrigins: true, checkUnknownLocals: true, checkInternals: true, message: allowed(name, layer), policies },
      ],
    },
  };
}

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'bench/out'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unnecessary-condition': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
    },
  },
  {
    // In tests: Vitest's asymmetric matchers (expect.any, expect.stringContaining...) are typed `any`;
    // expect(object.method).toHaveBeenCalled() takes a method unbound on purpose; fakes implement async
    // interfaces with async functions that have nothing to await.
    files: TEST_FILES,
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/require-await': 'off',
    },
  },
  // Regexes run over untrusted text (pasted reprs, tool output): one that backtracks or moves super-linearly turns a
  // crafted file of a few hundred KB into minutes of work, so both are errors, not warnings.
  regexp.configs['flat/recommended'],
  { rules: { 'regexp/no-super-linear-backtracking': 'error', 'regexp/no-super-linear-move': 'error' } },
  // The scripts are plain JavaScript that no tsconfig checks: typed rules would only see `any`.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX, boundaries },
    settings: {
      // How import-x reads the TypeScript files it follows (no-cycle parses every file on a path).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
      'boundaries/elements': [...Object.keys(LAYERS).map((name) => ({ type: name, pattern: `src/${name}` })), { type: 'fixtures', pattern: 'fixtures' }],
      'boundaries/files': [
        { category: 'test', pattern: [...TEST_FILES, ...TEST_HELPERS] },
        { category: 'test-helper', pattern: TEST_HELPERS },
        // Every file gets a category, so that the policies can tell a layer's own code (no 'test') from tests.
        { category: 'code', pattern: 'src/**' },
      ],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  ...Object.entries(LAYERS).map(([name, layer]) => layerRule(name, layer)),
  {
    // Arrays here are as long as the input makes them: a spread into push() passes each element as an argument
    // and overflows the stack past about 120,000 (core/json/pushAll says so and does it safely).
    files: ['src/core/**/*.ts', 'src/worker/**/*.ts'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='push'] > SpreadElement",
          message: 'Use pushAll(target, items): a spread into push() overflows the stack on long arrays.',
        },
      ],
    },
  },
  {
    // Components take what they show as props; the feature folders' containers read the store and feed them.
    files: ['src/ui/components/**/*.{ts,tsx}'],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/store/**', 'zustand', 'zustand/*'],
              message: 'src/ui/components take props only: read the store in a feature container and pass the values down.',
            },
          ],
        },
      ],
    },
  },
  // Last: turns off the style rules the formatter owns, so that lint and `npm run format` never disagree.
  prettierCompat,
);
