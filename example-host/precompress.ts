/**
 * A Vite build plugin that writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9) beside each text file
 * of the build (example-host/shared/compression.ts says which), for the reference server to send as they are.
 * Compressing at build time gets the smallest bodies (brotli's best quality takes about 1.5 s for the main script,
 * far too slow per request) at no cost per request; the server compresses on the fly only what has no copy.
 */
import { writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import type { Plugin } from 'vite';
import { COMPRESSIBLE_EXTENSIONS, compressBody, ENCODING_SUFFIX, MIN_COMPRESSIBLE_BYTES } from './shared/compression';
import type { ContentEncoding } from './shared/compression';

const ENCODINGS: readonly ContentEncoding[] = ['br', 'gzip'];

/** Precompresses the emitted text files (build only). */
export function precompress(): Plugin {
  return {
    name: 'ccq-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir;
      if (!dir) return;
      const jobs: Promise<void>[] = [];
      for (const [fileName, output] of Object.entries(bundle)) {
        if (!COMPRESSIBLE_EXTENSIONS.has(extname(fileName))) continue;
        const source = output.type === 'chunk' ? output.code : output.source;
        const body = typeof source === 'string' ? new TextEncoder().encode(source) : source;
        if (body.byteLength < MIN_COMPRESSIBLE_BYTES) continue;
        for (const encoding of ENCODINGS) {
          jobs.push(
            compressBody(body, encoding, 'max').then((compressed) =>
              writeFile(join(dir, `${fileName}${ENCODING_SUFFIX[encoding]}`), compressed),
            ),
          );
        }
      }
      await Promise.all(jobs);
    },
  };
}
