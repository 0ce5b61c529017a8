import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './scripts/eslint-import-boundaries.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'packages/devnet/artifacts/**',
      'packages/devnet/cache/**',
      'e2e/screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: [
      'bench/**',
      'scripts/**',
      'packages/devnet/src/cli*.ts',
      'apps/server/src/cli/**',
      'apps/server/scripts/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Web features import each other only through their index; server modules never import another
    // module's *.routes file; packages never import apps. See scripts/eslint-import-boundaries.js.
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { keystead: boundaries },
    rules: { 'keystead/import-boundaries': 'error' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
