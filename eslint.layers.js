// Layer rules (docs/decisions.md, Layers): dependencies point one way. Each block names what a folder may NOT import.
// contract (src/contract: types, enums, route table, JSON Pointer) ← engine ← domain ← service, api client ← query ← ui ←
// auth, permissions ← admin, forms-admin, forms, viewer ← host; the fake (src/testing) and the server sit on the
// contract, domain, engine and service, and differ only in storage and HTTP.
const react = ['react', 'react-dom', 'react/*', 'react-dom/*', '@mantine/*', '@tanstack/*', 'oidc-client-ts', 'msw', 'msw/*'];
// What a use case may not reach: how a request arrives and where rows are kept belong to the fake and the server.
const transportAndStorage = ['hono', 'hono/*', '@hono/*', 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/*', 'postgres', 'pg', 'node:*'];
// Relative paths only: a file named like a layer inside another folder (api/areas/forms) is not that layer.
const folders = (...names) => names.flatMap((n) => [`../${n}`, `../${n}/**`, `../../${n}`, `../../${n}/**`, `../../../${n}`, `../../../${n}/**`]);
const screens = ['query', 'auth', 'permissions', 'admin', 'forms-admin', 'ui', 'forms', 'viewer', 'signing', 'builder', 'labels', 'testing'];
const tests = ['**/tests/**', '../tests/*', '../../tests/*', '../../../tests/*'];
const rule = (message, group) => ({ group, message });
const restrict = (...patterns) => ['error', { patterns }];

export const layerRules = [
  {
    files: ['src/contract/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the contract is React-free and HTTP-free.', react),
        rule('the contract is the ground floor: it imports nothing but itself.', folders('domain', 'engine', 'service', 'api', ...screens)),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/engine/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the engine is React-free and HTTP-free.', react),
        rule('the engine imports only the contract.', folders('domain', 'service', 'api', ...screens)),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/domain/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('domain is React-free and HTTP-free.', react),
        // Not 'signing' here: domain has a folder of that name (a relative path cannot tell it from src/signing).
        rule('domain imports only the contract and the engine.', folders('service', 'api', 'query', 'auth', 'permissions', 'admin', 'forms-admin', 'ui', 'forms', 'viewer', 'builder', 'labels', 'testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/service/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('a use case is React-free: it runs in the fake and in the server.', react),
        rule('a use case knows no transport and no storage: it reaches them through its ports.', transportAndStorage),
        rule('a use case imports only the contract, the engine and domain (and its ports).', [...folders('api', ...screens), '**/example-host/**']),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/api/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('src/api is React-free.', react),
        rule('src/api imports only itself, the contract and src/domain.', folders('engine', 'service', ...screens)),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/query/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('src/query sits below auth, permissions and the screens.', folders('auth', 'permissions', 'admin', 'forms-admin', 'ui', 'forms', 'testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/auth/**/*.{ts,tsx}', 'src/permissions/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('auth and permissions sit below the screens.', folders('admin', 'forms-admin', 'forms', 'testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('src/ui holds shared pieces below auth, permissions and the screens.', folders('auth', 'permissions', 'admin', 'forms-admin', 'forms', 'viewer', 'testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/forms/**/*.{ts,tsx}', 'src/viewer/**/*.{ts,tsx}', 'src/viewer.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the viewer reaches no admin screen, no fake backend and no server.', [...folders('admin', 'forms-admin', 'testing'), '**/example-host/**']),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/viewer.ts'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the viewer entry reaches no admin screen and no fake backend.', ['./admin', './admin/**', './forms-admin', './forms-admin/**', './testing', './testing/**']),
      ),
    },
  },
  {
    files: ['src/admin/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('screens never import the fake backend.', folders('testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/forms-admin/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('screens never import the fake backend.', folders('testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/signing/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the signing page is public: it reaches no admin screen, no builder and no fake backend.', folders('admin', 'forms-admin', 'builder', 'testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/builder/**/*.{ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.stories.*', 'src/builder/model/**'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the builder is a screen: it never imports the fake backend.', folders('testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/builder/model/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the builder model is React-free: a pure reducer any host, test or worker can run.', react),
        rule('the builder model imports only the contract, engine and domain.', folders('query', 'auth', 'permissions', 'admin', 'forms-admin', 'ui', 'forms', 'testing')),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['src/testing/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the fake backend keeps storage and HTTP only; it imports no React and no screen.', [
          ...react.filter((p) => !p.startsWith('msw')),
          ...folders('query', 'auth', 'permissions', 'admin', 'forms-admin', 'ui', 'forms'),
        ]),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
  {
    files: ['example-host/server/**/*.ts'],
    ignores: ['**/*.test.*', '**/*.stories.*'],
    rules: {
      'no-restricted-imports': restrict(
        rule('the reference server imports only the contract, src/api, src/domain, src/engine and src/service from the library.', [
          ...react,
          '**/src/query/**', '**/src/auth/**', '**/src/permissions/**', '**/src/admin/**', '**/src/forms-admin/**', '**/src/ui/**', '**/src/forms/**',
          '**/src/testing/**', '**/src/index', '**/src/viewer',
        ]),
        rule('library code never imports from tests/.', tests),
      ),
    },
  },
];
