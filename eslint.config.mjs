import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import jest from 'eslint-plugin-jest';
import jsxA11y from 'eslint-plugin-jsx-a11y-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import hebrewTypography from './build-config/eslint/hebrew-typography.cjs';

const workspaceRoot = path.dirname(fileURLToPath(import.meta.url));

/** The front ends whose `src/features/<name>` folders are zones that may not import each other. */
const frontEnds = ['shell', 'storefront', 'checkout', 'author-portal'];

/** Deliberately broken files that tools/lint-fixtures/src/lint-rules.spec.ts lints to prove each
 * rule fires; the normal lint run ignores them and stays green. */
export const lintFixtures = '**/__lint_fixtures__/**';
/** A miniature front end among the fixtures, zoned exactly like the real ones. */
const fixtureFrontEnd = 'tools/lint-fixtures/__lint_fixtures__/front-end';

/**
 * One zone per feature folder: everything under `src/features/` except the feature itself is
 * out of reach. What two features share belongs in `src/shared/` (or a lib), which features may
 * import; the app (`src/app`, `src/server`) composes the features and may import any of them.
 */
function featureZones() {
  const zones = [];
  for (const frontEnd of [...frontEnds, fixtureFrontEnd]) {
    const featuresDir = path.join(workspaceRoot, frontEnd, 'src', 'features');
    let features;
    try {
      features = readdirSync(featuresDir, { withFileTypes: true }).filter((e) => e.isDirectory());
    } catch {
      continue;
    }
    for (const feature of features) {
      zones.push({
        target: `./${frontEnd}/src/features/${feature.name}`,
        from: `./${frontEnd}/src/features`,
        except: [`./${feature.name}`],
        message:
          'A feature does not reach into another feature: move what both need to src/shared/ or a lib.',
      });
    }
  }
  return zones;
}

/**
 * Boundaries between projects, by the tags each package.json declares under `nx.tags`:
 *   apps (shell, remotes, api, worker) import libs only, never another app;
 *   libs import libs only; the test infrastructure lib (scope:testing) may also start the
 *     embedded MongoDB server (tools/embedded-mongo, scope:dev-server);
 *   tools, e2e and bench import libs and tools, never an app's source: a harness that needs an
 *     app runs it (its build output, its process) — except the edge server (scope:edge), which
 *     the browser journeys and benchmarks start in-process as the front ends' server;
 *   an app's tests may also use the development tools (embedded MongoDB, demo data).
 * Scopes keep the browser and the server apart: front-end code never pulls server libs.
 */
function moduleBoundaries({ inTests }) {
  const toolsInTests = inTests ? ['type:tool'] : [];
  const devServerInTests = inTests ? ['scope:dev-server'] : [];
  return [
    'error',
    {
      allow: [],
      enforceBuildableLibDependency: false,
      depConstraints: [
        { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib', ...toolsInTests] },
        { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib', 'scope:dev-server'] },
        {
          sourceTag: 'type:tool',
          onlyDependOnLibsWithTags: ['type:lib', 'type:tool', 'scope:edge'],
        },
        {
          sourceTag: 'type:e2e',
          onlyDependOnLibsWithTags: ['type:lib', 'type:tool', 'scope:edge'],
        },
        {
          sourceTag: 'scope:front-end',
          onlyDependOnLibsWithTags: ['scope:front-end', 'scope:shared'],
        },
        {
          sourceTag: 'scope:api',
          onlyDependOnLibsWithTags: [
            'scope:server',
            'scope:shared',
            'scope:testing',
            ...devServerInTests,
          ],
        },
        {
          sourceTag: 'scope:worker',
          onlyDependOnLibsWithTags: [
            'scope:server',
            'scope:shared',
            'scope:testing',
            ...devServerInTests,
          ],
        },
        {
          sourceTag: 'scope:server',
          onlyDependOnLibsWithTags: [
            'scope:server',
            'scope:shared',
            ...(inTests ? ['scope:testing', 'scope:dev-server'] : []),
          ],
        },
        {
          sourceTag: 'scope:testing',
          onlyDependOnLibsWithTags: ['scope:shared', 'scope:server', 'scope:dev-server'],
        },
        { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
      ],
    },
  ];
}

/** The files the typed rules read with the root program (npm test's types-and-lint.ts reads this too). */
export const typeScriptFiles = ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.cts'];

/** Where the Hebrew copy lives: the strings modules, the messages of the contracts, the mail
 * templates and the receipt documents. Tests may quote a wrong form to prove it is gone. */
const hebrewCopyFiles = [
  '**/strings.he.ts',
  '**/*.he.ts',
  'libs/contracts/src/**/*.ts',
  'services/worker/src/mail/templates/**/*.ts',
  'services/worker/src/receipts/**/*.ts',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
      lintFixtures,
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { '@nx': nx, 'import-x': importX },
    settings: {
      // import-x reads the files an import leads to (for no-cycle) with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.cts', '.mts', '.js', '.jsx', '.cjs', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.cts', '.mts'] },
      // Relative imports inside a project are what import-x resolves; imports between projects
      // (`@mechabrim/*`) are checked for cycles by @nx/enforce-module-boundaries instead.
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.cjs', '.js', '.json'] }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Rules that need the type checker, all against one program: the root tsconfig.json's, the
    // whole tree that `npm run typecheck` checks, so lint sees exactly tsc's types. A program per
    // project (~40 of them, each binding and checking the libs it imports again) took 267 CPU-s
    // where one program takes 132. The lint fixtures are in no build: they have a small program
    // of their own (their files alone, imports unresolved), given to them alone in the block
    // after this one, so linting them never builds the whole tree's. The no-unsafe-* family is
    // left out for now: our `unknown`-first parsing already guards the boundaries it targets, and
    // it mostly flags test code reading JSON answers.
    files: typeScriptFiles,
    languageOptions: {
      parserOptions: {
        project: ['./tsconfig.json'],
        tsconfigRootDir: workspaceRoot,
      },
    },
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries({ inTests: false }),
      // Promises: none left dangling, none passed where a plain callback is expected, no `await`
      // on what is not a promise.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/only-throw-error': 'error',
      // Mistakes only types reveal.
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-array-delete': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },
  {
    // The lint fixtures' own program (tools/lint-fixtures): linting the nine of them with the
    // root's listed first built the whole tree's program too, 17 CPU-s of the fixtures' test.
    files: [lintFixtures],
    languageOptions: {
      parserOptions: {
        project: ['./tools/lint-fixtures/__lint_fixtures__/tsconfig.json'],
        tsconfigRootDir: workspaceRoot,
      },
    },
  },
  {
    files: ['**/test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e-spec.ts'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries({ inTests: true }) },
  },
  {
    // Tests that cannot pass by accident: none focused or switched off, every async expectation
    // awaited, and no expectation that lives only in a `catch` (it passes when nothing throws).
    // Expectations inside `if` stay allowed: the property tests branch over the kinds of case
    // they generate, each branch asserting that kind's rule.
    files: [
      '**/test/**/*.ts',
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/*.e2e-spec.ts',
      'e2e/src/**/*.e2e.ts',
    ],
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/valid-expect': 'error',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CatchClause CallExpression[callee.name='expect']",
          message:
            'An expectation only inside `catch` passes when nothing throws: catch the error, then assert outside (or use `.rejects`).',
        },
      ],
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.configs.recommended,
  },
  {
    files: [...frontEnds, fixtureFrontEnd].map((frontEnd) => `${frontEnd}/src/**/*.{ts,tsx}`),
    rules: { 'import-x/no-restricted-paths': ['error', { zones: featureZones() }] },
  },
  {
    // The router and TanStack Query are federation singletons only through these two libs (see
    // build-config/federation/shared.cjs): a direct import bundles a second, unshared copy whose
    // context the others cannot see.
    files: [
      'shell/**/*.{ts,tsx}',
      'storefront/**/*.{ts,tsx}',
      'checkout/**/*.{ts,tsx}',
      'author-portal/**/*.{ts,tsx}',
      'libs/**/*.{ts,tsx}',
    ],
    ignores: ['libs/routing/**', 'libs/query/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'react-router',
              message: "Import routing from '@mechabrim/routing' (the one shared router).",
            },
            {
              name: 'react-router-dom',
              message: "Import routing from '@mechabrim/routing' (the one shared router).",
            },
            {
              name: '@tanstack/react-query',
              message: "Import from '@mechabrim/query' (the one shared TanStack Query).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // A product file a reader takes in at once: at most 400 lines of code (blank lines and
    // comments not counted); a longer one is split into named parts. Exceptions: tests (specs,
    // test/ folders, the browser journeys in e2e/), the benchmarks in bench/, and the Hebrew
    // content tables (*.he.ts: the strings modules, the demo catalogue's texts), which are long
    // lists of copy rather than code. Likewise a function (a React component is one) holds at most
    // 80 lines: a longer one is split into named steps, sections or hooks.
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: [
      '**/*.spec.ts',
      '**/*.spec.tsx',
      '**/*.e2e-spec.ts',
      '**/test/**',
      'e2e/**',
      'bench/**',
      '**/*.he.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': [
        'error',
        { max: 80, skipBlankLines: true, skipComments: true, IIFEs: true },
      ],
    },
  },
  {
    // The embedded MongoDB stands in for a database in development and tests, and gets no work
    // this round (five of its command handlers are over 80 lines); its files still keep to 400.
    files: ['tools/embedded-mongo/**'],
    rules: { 'max-lines-per-function': 'off' },
  },
  {
    // No slash gender forms (מחבר/ת), the maqaf ־ and the gershayim ״ where Hebrew wants them.
    files: hebrewCopyFiles,
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/receipt-fixture.ts'],
    plugins: { mechabrim: hebrewTypography },
    rules: { 'mechabrim/hebrew-typography': 'error' },
  },
  {
    // The demo catalogue's descriptions, bios and reviews are what authors and readers wrote: the
    // typography holds, the site's glossary does not.
    files: ['tools/demo-data/**/*.he.ts'],
    rules: { 'mechabrim/hebrew-typography': ['error', { glossary: false }] },
  },
);
