/**
 * The peers' pages for `npm run bench:builder -- --peers`: builds `surveyjs.html` and `formio.html` with Vite
 * (production, this folder as the root, so the peers resolve from this folder's own `node_modules`), writes the
 * benchmark's form as each peer's JSON beside them and serves the build on a free loopback port.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { formioForm, surveyJsForm } from './convert';

const here = path.dirname(new URL(import.meta.url).pathname);

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
};

export interface PeersHandle {
  /** The origin the pages are served at (`${url}/surveyjs.html`, `${url}/formio.html`). */
  url: string;
  stop(): Promise<void>;
}

/** Builds the peers' pages into `outDir` (unless `build` is false and a build is there) and serves them. */
export async function servePeers(outDir: string, build: boolean): Promise<PeersHandle> {
  if (!existsSync(path.join(here, 'node_modules/survey-creator-react')) || !existsSync(path.join(here, 'node_modules/@formio/js'))) {
    throw new Error(`The peers are not installed: run \`npm install\` in ${path.relative(process.cwd(), here) || '.'} first.`);
  }
  if (build || !existsSync(path.join(outDir, 'surveyjs.html'))) {
    const { build: viteBuild } = await import('vite');
    await viteBuild({
      configFile: false,
      root: here,
      logLevel: 'warn',
      build: {
        outDir,
        emptyOutDir: true,
        target: 'es2022',
        chunkSizeWarningLimit: 10_000,
        rollupOptions: { input: { surveyjs: path.join(here, 'surveyjs.html'), formio: path.join(here, 'formio.html') } },
      },
    });
  }
  await writeFile(path.join(outDir, 'surveyjs.json'), JSON.stringify(surveyJsForm()));
  await writeFile(path.join(outDir, 'formio.json'), JSON.stringify(formioForm()));
  const server: Server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    const file = path.join(outDir, path.normalize(pathname).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(outDir)) {
      response.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => response.writeHead(200, { 'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body),
      () => response.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
