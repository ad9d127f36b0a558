import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    api: 'src/api/index.ts',
    viewer: 'src/viewer.ts',
    testing: 'src/testing/index.ts',
    // The form engine alone, for hosts that render without React (and servers): no React, no Mantine.
    engine: 'src/engine/index.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
  outDir: 'dist',
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
});
