/**
 * Serves the built example host on the API's origin: files from the dist folder, and `index.html`
 * for every other GET that is not an API path (the host's router takes it from there).
 *
 * The request path is percent-decoded once, from the raw URL; a path that is not valid percent-encoding
 * answers 400. Pages may not be framed: X-Frame-Options DENY agrees with CSP frame-ancestors 'none'.
 *
 * Weight on the wire: text files go out compressed (brotli, else gzip, as the client's Accept-Encoding allows; with
 * `Vary: Accept-Encoding` so that caches keep the variants apart), see static-compression.ts. The build's files under
 * /assets/ carry a content hash in their name, so they are cached for a year as immutable; index.html and every other file
 * is `no-cache` (revalidated each time), so a new build is picked up on the next load. Source maps are never served:
 * they hold the whole source and are for the people who debug the build, not for visitors (the build writes them
 * without a `sourceMappingURL` comment, and any `*.map` path answers 404).
 */
import type { Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import type { Context } from 'hono';
import { problem } from './routes/http';
import { chooseEncoding, COMPRESSIBLE_EXTENSIONS, createCompressedBodies, MIN_COMPRESSIBLE_BYTES } from './static-compression';

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
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A build output whose name carries its content hash (`/assets/index-B9k8X82G.js`): a new build gives changed
 * content a new name, so the old name may be cached for good.
 */
const HASHED_ASSET = /^\/assets\/[^/]+-[\w-]{8}\.[a-z0-9]+$/i;

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
  const compressed = createCompressedBodies();

  async function file(path: string): Promise<{ raw: Buffer; info: Stats } | null> {
    try {
      const info = await stat(path);
      return info.isFile() ? { raw: await readFile(path), info } : null;
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
    if (extname(requested) === '.map') return problem(c, 404, 'Source maps are not served.');
    let path = join(root, requested);
    // Never outside the dist folder.
    const inside = path === root || path.startsWith(root + sep);
    let found = inside && requested !== '/' ? await file(path) : null;
    let type = TYPES[extname(path)] ?? 'application/octet-stream';
    let cache = HASHED_ASSET.test(requested) ? 'public, max-age=31536000, immutable' : 'no-cache';
    if (!found) {
      // A missing asset is a 404; any other path is a route of the host.
      if (requested.startsWith('/assets/')) return problem(c, 404, `No asset ${requested}.`);
      path = join(root, 'index.html');
      found = await file(path);
      type = TYPES['.html'] as string;
      cache = 'no-cache';
      if (!found) return problem(c, 404, 'The example host is not built.');
    }
    let body: Uint8Array = found.raw;
    const encodingHeaders: Record<string, string> = {};
    if (COMPRESSIBLE_EXTENSIONS.has(extname(path))) {
      // The answer depends on Accept-Encoding even when it is sent as it is (a small file, or a client without one).
      // Appended: the CORS middleware may have said `Vary: Origin` already.
      c.header('Vary', 'Accept-Encoding', { append: true });
      const encoding = found.raw.byteLength >= MIN_COMPRESSIBLE_BYTES ? chooseEncoding(c.req.header('accept-encoding')) : null;
      if (encoding) {
        body = await compressed.body(path, found.raw, encoding, found.info);
        encodingHeaders['content-encoding'] = encoding;
      }
    }
    return c.body(new Uint8Array(body), 200, {
      'content-type': type,
      ...encodingHeaders,
      'cache-control': cache,
      'content-security-policy': csp,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
    });
  };
}
