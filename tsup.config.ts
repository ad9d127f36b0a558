import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { defineConfig } from 'tsup';

const outDir = 'dist';

/**
 * The entries that hold React components: a React Server Component host (Next.js App Router) may import them only as
 * client modules, so each starts with the `'use client'` directive. `api` and `engine` stay server-safe (no directive,
 * no React); `testing` holds no component.
 */
export const CLIENT_ENTRIES = ['index', 'viewer'];

/** A built file that imports React, React DOM, Mantine or TanStack Query holds components or hooks. */
const IMPORTS_REACT = /(?:from\s*|import\s*\(?\s*|require\(\s*)["'](?:react|react-dom|react\/jsx-runtime|@mantine\/[^"']+|@tanstack\/react-query)["']/;

const DIRECTIVE = '"use client";\n';

/**
 * Puts `'use client'` first in every client entry and every chunk that imports React. esbuild (and the tree shaking
 * that follows it) drops module-level directives of the sources, so the directive is written after the build.
 */
function markClientModules(): void {
  for (const file of readdirSync(outDir)) {
    const match = /^(.+)\.(js|cjs)$/.exec(file);
    if (!match) continue;
    const name = match[1] ?? '';
    const path = join(outDir, file);
    const code = readFileSync(path, 'utf8');
    const isEntry = ['index', 'api', 'viewer', 'testing', 'engine'].includes(name);
    const client = isEntry ? CLIENT_ENTRIES.includes(name) : IMPORTS_REACT.test(code);
    if (!client || code.startsWith(DIRECTIVE)) continue;
    writeFileSync(path, DIRECTIVE + code);
  }
}

/**
 * The stylesheets of the tables the forms administration lists draw with (mantine-datatable, a dependency), published as
 * `@ccq/forms-admin/styles.css` (and `styles.layer.css`, inside the `mantine` CSS layer): a host imports them from this
 * package, which a strict installer (pnpm) lets it resolve, where `mantine-datatable/styles.css` is not the host's own
 * dependency and does not resolve.
 */
function copyStyles(): void {
  const require = createRequire(import.meta.url);
  for (const name of ['styles.css', 'styles.layer.css']) {
    const css = readFileSync(require.resolve(`mantine-datatable/${name}`), 'utf8');
    writeFileSync(join(outDir, name), `/* mantine-datatable's ${name}, as @ccq/forms-admin/${name} */\n${css}`);
  }
}

const ENTRIES = {
  index: 'src/index.ts',
  api: 'src/api/index.ts',
  viewer: 'src/viewer.ts',
  testing: 'src/testing/index.ts',
  // The form engine alone, for hosts that render without React (and servers): no React, no Mantine.
  engine: 'src/engine/index.ts',
  // The German and French label packs: plain data (no React, no 'use client'), each its own entry so that a host
  // carries only the pack it imports and the viewer none.
  'locales/de': 'src/locales/de/index.ts',
  'locales/fr': 'src/locales/fr/index.ts',
};

/** Where the sources' declarations are written before they are bundled (git-ignored). */
const declarationsDir = '.tmp/types';

/**
 * Writes the declarations of every file of tsconfig.build.json to {@link declarationsDir}, without type checking
 * (`--noCheck`): the type check (`npm run typecheck`, the first step of `npm test`) checks src, and ESLint keeps src
 * free of the globals that only the tests' types declare (eslint.config.js). tsup then bundles these declarations per
 * entry (rollup-plugin-dts reads them without a TypeScript program of its own), instead of compiling and checking src
 * again for them: tsup's own declaration build was a second full TypeScript program, most of the build's CPU.
 */
function emitDeclarations(): Record<string, string> {
  rmSync(declarationsDir, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(
    process.execPath,
    [tsc, '-p', 'tsconfig.build.json', '--noCheck', '--declaration', '--emitDeclarationOnly', '--declarationMap', 'false', '--rootDir', 'src', '--outDir', declarationsDir],
    { stdio: 'inherit' },
  );
  return Object.fromEntries(
    Object.entries(ENTRIES).map(([name, source]) => [name, source.replace(/^src\//, `${declarationsDir}/`).replace(/\.tsx?$/, '.d.ts')]),
  );
}

export default defineConfig(() => ({
  entry: ENTRIES,
  format: ['esm', 'cjs'],
  dts: { entry: emitDeclarations() },
  // No source maps are published (docs/decisions.md, What ships): the built code is not minified, so a stack trace
  // already names the library's functions and lines a reader can follow.
  sourcemap: false,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
  outDir,
  tsconfig: 'tsconfig.build.json',
  // Peers are never bundled: the host app provides one copy of each.
  external: [
    'react',
    'react-dom',
    /^@mantine\//,
    '@tanstack/react-query',
    'oidc-client-ts',
    'msw',
    /^msw\//,
  ],
  onSuccess: async () => {
    markClientModules();
    copyStyles();
  },
}));
