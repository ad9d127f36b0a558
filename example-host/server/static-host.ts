/**
 * Serves the built example host on the API's origin: files from the dist folder, and `index.html`
 * for every other GET that is not an API path (the host's router takes it from there).
 *
 * The request path is percent-decoded once, from the raw URL; a path that is not valid percent-encoding
 * answers 400. Pages may not be framed: X-Frame-Options DENY agrees with CSP frame-ancestors 'none'.
 */
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { problem } from './routes/http';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
};

/** The content security policy of the host's pages: scripts from here only, sign-in at the provider. */
function hostCsp(issuer: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine sets inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${new URL(issuer).origin}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ');
}

/** A handler serving `distDir`; answers 404 problem details when the dist folder has no index.html. */
export function createStaticHost(distDir: string, issuer: string) {
  const root = resolve(distDir);
  const csp = hostCsp(issuer);

  async function file(path: string): Promise<Buffer | null> {
    try {
      const info = await stat(path);
      return info.isFile() ? await readFile(path) : null;
    } catch {
      return null;
    }
  }

  return async (c: Context) => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      // `/%` or a cut UTF-8 sequence: the client's mistake, not a server failure.
      return problem(c, 400, 'The request path is not valid percent-encoding.');
    }
    const requested = normalize(decoded);
    const path = join(root, requested);
    // Never outside the dist folder.
    const inside = path === root || path.startsWith(root + sep);
    let body = inside && requested !== '/' ? await file(path) : null;
    let type = TYPES[extname(path)] ?? 'application/octet-stream';
    let cache = requested.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (!body) {
      // A missing asset is a 404; any other path is a route of the host.
      if (requested.startsWith('/assets/')) return problem(c, 404, `No asset ${requested}.`);
      body = await file(join(root, 'index.html'));
      type = TYPES['.html'] as string;
      cache = 'no-cache';
      if (!body) return problem(c, 404, 'The example host is not built.');
    }
    return c.body(new Uint8Array(body), 200, {
      'content-type': type,
      'cache-control': cache,
      'content-security-policy': csp,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  };
}
