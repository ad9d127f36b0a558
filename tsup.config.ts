import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
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
 * that follows it) drops module-level directives of the sources, so the directive is written after the build. Each
 * file's source map gains one empty generated line at its start, so the mappings stay on their lines.
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
    const mapPath = `${path}.map`;
    try {
      const map = JSON.parse(readFileSync(mapPath, 'utf8')) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      writeFileSync(mapPath, JSON.stringify(map));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}

export default defineConfig({
  entry: {
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
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
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
  },
});
