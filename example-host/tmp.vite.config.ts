// TEMPORARY (delete before handing back)
import { mergeConfig } from 'vite';
import base from './vite.config.ts';
export default mergeConfig(base, {
  build: { outDir: '/tmp/host-dist-check' },
  resolve: {
    alias: [
      { find: /^\.\.\/\.\.\/src\/auth\/RequireAdmin$/, replacement: '/work/main/tests/host/support/requireAdmin.mock.tsx' },
      { find: /^\.\.\/\.\.\/src\/permissions$/, replacement: '/work/main/tests/host/support/permissions.mock.tsx' },
    ],
  },
});
