import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-firebase', 'node_modules', 'test-results', 'playwright-report', 'bench/results', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // No import cycles (docs/decisions/0018-server-structure.md): a module that needs only another's types
    // imports them with `import type`, which the rule (like the bundler) does not follow.
    files: ['src/**/*.{ts,tsx,mts,js,mjs}', 'server/**/*.{ts,mts,js,mjs}', 'scripts/**/*.{ts,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.d.mts', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', '!**/backends/server*'], message: 'src/ never imports server/.' }] }],
    },
  },
  {
    // The public page: no zod (model.ts is types only here), no admin, no server, no Firebase.
    files: ['src/site/**', 'src/i18n/**', 'src/preferences/**', 'src/lib/**', 'src/main.tsx'],
    ignores: ['**/*.test.*'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'zod stays out of the public bundle.' }],
          patterns: [
            { group: ['**/content/model'], allowTypeImports: true, message: 'Import values from content/constants; model.ts pulls in zod.' },
            { group: ['**/admin/**', '**/server/**', 'firebase', 'firebase/*'], message: 'The public page never imports admin, server or Firebase code.' },
          ],
        },
      ],
    },
  },
);
