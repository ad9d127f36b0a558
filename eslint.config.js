import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { layerRules } from './eslint.layers.js';

export default tseslint.config(
  {
    // Lint runs while the builds of the same stage run: tsup (through bundle-require) writes its bundled config as
    // tsup.config.bundled_<id>.mjs next to tsup.config.ts for a moment, and Vite's older loaders wrote
    // <config>.timestamp-<id>.mjs; a lint that lists such a file and then reads it finds it gone or finds bundled code.
    ignores: [
      'dist',
      'build',
      'storybook-static',
      'node_modules',
      '.tmp',
      'example-host/dist',
      'public/mockServiceWorker.js',
      '.data',
      'coverage',
      '**/*.bundled_*.mjs',
      '**/*.bundled_*.cjs',
      '**/*.timestamp-*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  ...layerRules,
);
