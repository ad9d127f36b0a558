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
      '**/.tmp',
      'example-host/dist',
      'public/mockServiceWorker.js',
      '.data',
      'coverage',
      // The benches' own builds and the peers' install (git-ignored): bench/forms/.out, bench/builder/peers/dist.
      'bench/**/.out',
      'bench/**/dist',
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
  {
    // Unused names in the type-checked program (tsconfig.json's include) are the type check's to find
    // (noUnusedLocals, noUnusedParameters; a leading `_` marks a parameter kept on purpose): the lint rule found the
    // same ones and was half of the lint's time. Files outside that program (the Next.js example, JavaScript) keep it.
    files: ['{src,tests,stories,.storybook,example-host,bench,scripts}/**/*.{ts,tsx}', '*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // The package's sources see only the DOM and ES libraries (tsconfig.build.json has `types: []`); the type check
    // adds Node's and Vitest's globals for the tests, and the build writes the declarations without checking them
    // (tsup.config.ts). So these globals, which the type check would let through, are refused here.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/*.stories.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', '__dirname', '__filename', 'require', 'module', 'exports', 'setImmediate', 'clearImmediate', 'NodeJS'].map(
          (name) => ({ name, message: `'${name}' is a Node.js global: the package's sources run in browsers too (import what they need).` }),
        ),
        ...['describe', 'it', 'test', 'expect', 'vi', 'vitest', 'beforeAll', 'afterAll', 'beforeEach', 'afterEach', 'suite', 'assert', 'expectTypeOf', 'assertType'].map(
          (name) => ({ name, message: `'${name}' is a Vitest global, declared for the tests only.` }),
        ),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.type='MetaProperty'][property.name='env']",
          message: "import.meta.env is declared by Vite's client types, which the package's sources do not see.",
        },
        { selector: "TSQualifiedName[left.name='NodeJS']", message: "The NodeJS namespace is declared by Node's types, which the package's sources do not see." },
      ],
    },
  },
  ...layerRules,
);
