/**
 * The compressed bodies of the served host. The build writes `name.br` and `name.gz` beside each text file
 * (example-host/precompress.ts, brotli at its best quality), and those are sent as they are: no CPU per request and
 * the smallest bodies. A dist folder without them (built by other means, or a file added by hand) is still served
 * compressed: the file is compressed once on the fly (fast settings) and kept in a bounded in-memory cache keyed by
 * path, size and modification time, so a rebuilt file is never served from a stale entry.
 */
import { readFile, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { compressBody, ENCODING_SUFFIX, type ContentEncoding } from '../shared/compression';

export { chooseEncoding, COMPRESSIBLE_EXTENSIONS, MIN_COMPRESSIBLE_BYTES } from '../shared/compression';
export type { ContentEncoding } from '../shared/compression';

/** What the on-the-fly cache may hold, in compressed bytes: the whole host, compressed both ways, is about 1 MB. */
const CACHE_LIMIT_BYTES = 32 * 1024 * 1024;

interface CacheEntry {
  /** Which version of the file this is. */
  version: string;
  body: Promise<Buffer>;
  bytes: number;
}

/** Compressed bodies of one dist folder. */
export function createCompressedBodies() {
  // Insertion order is recency: a hit moves its entry to the end, the oldest go first when the cache is full.
  const cache = new Map<string, CacheEntry>();
  let cachedBytes = 0;

  async function precompressed(path: string, encoding: ContentEncoding, source: Stats): Promise<Buffer | null> {
    const sibling = `${path}${ENCODING_SUFFIX[encoding]}`;
    try {
      const info = await stat(sibling);
      // A copy older than its file belongs to an earlier build: compress the file instead.
      if (!info.isFile() || info.mtimeMs < source.mtimeMs) return null;
      return await readFile(sibling);
    } catch {
      return null;
    }
  }

  function evict(): void {
    for (const [key, entry] of cache) {
      if (cachedBytes <= CACHE_LIMIT_BYTES) return;
      cache.delete(key);
      cachedBytes -= entry.bytes;
    }
  }

  function onTheFly(path: string, raw: Uint8Array, encoding: ContentEncoding, source: Stats): Promise<Buffer> {
    const key = `${encoding}:${path}`;
    const version = `${source.size}:${source.mtimeMs}`;
    const hit = cache.get(key);
    if (hit && hit.version === version) {
      cache.delete(key);
      cache.set(key, hit);
      return hit.body;
    }
    if (hit) {
      cache.delete(key);
      cachedBytes -= hit.bytes;
    }
    // Concurrent requests for the same file share one compression.
    const entry: CacheEntry = { version, body: compressBody(raw, encoding, 'fast'), bytes: 0 };
    cache.set(key, entry);
    entry.body.then(
      (body) => {
        if (cache.get(key) !== entry) return;
        entry.bytes = body.byteLength;
        cachedBytes += body.byteLength;
        evict();
      },
      () => {
        if (cache.get(key) === entry) cache.delete(key);
      },
    );
    return entry.body;
  }

  return {
    /**
     * `path`'s body in `encoding`: its precompressed copy when the build wrote a current one, else `raw` compressed
     * (once per version of the file).
     */
    async body(path: string, raw: Uint8Array, encoding: ContentEncoding, source: Stats): Promise<Buffer> {
      return (await precompressed(path, encoding, source)) ?? onTheFly(path, raw, encoding, source);
    },
  };
}
