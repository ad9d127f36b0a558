/**
 * Vite config of the example host: `npx vite build -c example-host/vite.config.ts` (from the repository root) writes
 * `example-host/dist`, which the reference backend serves on the same origin as the API. `npx vite -c
 * example-host/vite.config.ts` serves it on :5173 and proxies the backend (BACKEND_URL).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

const hostRoot = fileURLToPath(new URL('.', import.meta.url));
const librarySource = fileURLToPath(new URL('../src/', import.meta.url));
const backendUrl = process.env.BACKEND_URL ?? 'http://127.0.0.1:4000';

/** Mantine's `'use client'` banners warn on every module; they mean nothing in a client-only bundle. */
function isUseClientNoise(warning: { code?: string; message?: string }): boolean {
  return warning.code === 'MODULE_LEVEL_DIRECTIVE' || /['"]use client['"]/.test(warning.message ?? '');
}

const proxied = { target: backendUrl, changeOrigin: false, secure: false } as const;

export default defineConfig({
  root: hostRoot,
  plugins: [react(), precompress()],
  resolve: {
    // The host runs the library from source, so a change in src/ shows up without a library build.
    alias: [
      { find: /^@ccq\/forms-admin$/, replacement: `${librarySource}index.ts` },
      { find: /^@ccq\/forms-admin\/(api|testing)$/, replacement: `${librarySource}$1/index.ts` },
      { find: /^@ccq\/forms-admin\/viewer$/, replacement: `${librarySource}viewer.ts` },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': proxied,
      '/odata': proxied,
      '/oidc': proxied,
      '/interaction': proxied,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for the people who debug a build (bench/host reads them), without the `sourceMappingURL` comment: browsers
    // never ask for them, and the server refuses `*.map` (they hold the whole source).
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        if (isUseClientNoise(warning)) return;
        defaultHandler(warning);
      },
    },
  },
});
