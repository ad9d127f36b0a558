/**
 * How the built host is compressed, in one place for the build (which writes `name.br` and `name.gz` beside each
 * file, see example-host/precompress.ts) and the reference server (which sends those files, or compresses on the fly
 * when a dist folder has none, see example-host/server/static-compression.ts).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/** The encodings the host is served in, best first. */
export type ContentEncoding = 'br' | 'gzip';

/** Text files: compression shrinks them 3–5×. Images and fonts are compressed already, so they are sent as they are. */
export const COMPRESSIBLE_EXTENSIONS: ReadonlySet<string> = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.txt']);

/** Below this a compressed body saves less than a packet, and the encoding header costs about as much. */
export const MIN_COMPRESSIBLE_BYTES = 1024;

/** The file name suffix of each encoding's precompressed copy. */
export const ENCODING_SUFFIX: Readonly<Record<ContentEncoding, string>> = { br: '.br', gzip: '.gz' };

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Compresses `body`. `effort` `'max'` is for the build (brotli quality 11, gzip level 9: slow, once per file);
 * `'fast'` for a server compressing on the fly (brotli quality 5, gzip level 6: a few ms per 100 kB, already smaller
 * than gzip at its best).
 */
export async function compressBody(body: Uint8Array, encoding: ContentEncoding, effort: 'max' | 'fast'): Promise<Buffer> {
  if (encoding === 'gzip') return gzipAsync(body, { level: effort === 'max' ? 9 : 6 });
  return brotliAsync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: effort === 'max' ? 11 : 5,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
    },
  });
}

/**
 * The encoding to answer with for an `Accept-Encoding` header: brotli when the client takes it, else gzip, else
 * none. Honours `q=0` (refused) and `*` (any encoding not named).
 */
export function chooseEncoding(acceptEncoding: string | null | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: ContentEncoding) => weights.get(name) ?? weights.get('*') ?? 0;
  // Brotli wins ties: it is 15–20 % smaller than gzip on the host's scripts.
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}
