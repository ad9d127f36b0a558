import { fileURLToPath } from 'node:url';

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The fake backend (app/fake) runs MSW's handlers in the server: MSW stays a Node package, not bundled.
  serverExternalPackages: ['msw'],
  // This folder is the app's root, also when it sits inside the library's repository (which has a lockfile of its own).
  turbopack: { root: fileURLToPath(new URL('.', import.meta.url)) },
};
export default nextConfig;
