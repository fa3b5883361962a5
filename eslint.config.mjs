import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/.data/**',
      '**/coverage/**',
      '**/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
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
);
