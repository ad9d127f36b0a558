// @vitest-environment node
/**
 * The size budget of the public form viewer for an integrator who embeds only it: `APIProvider` and
 * `FormInstanceViewer` from the `/viewer` entry, bundled and minified as a host's bundler would (esbuild, peers left
 * out, as bench/size.mjs does). The provider builds no API area and no text: the viewer carries the OData area and its
 * own texts, never the other areas (Claim, Forms, Signing…) or the administration screens' texts.
 * scripts/check-pack.mjs checks the same budget on the built package.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { defaultLabels } from '../../src/query/labels';
import { viewerLabels } from '../../src/query/viewer-client';
import budget from '../../scripts/viewer-embed-budget.json';

const root = path.resolve(__dirname, '../..');
const PEERS = ['react', 'react-dom', 'react/jsx-runtime', '@mantine/*', '@tanstack/react-query', 'oidc-client-ts', 'msw', 'msw/*'];

/** The bundle as written (for its size) and with its escapes undone (to look for texts). */
async function embedBundle(): Promise<{ written: string; code: string }> {
  const result = await build({
    stdin: { contents: `export { APIProvider, FormInstanceViewer } from './src/viewer';`, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    external: PEERS,
    logLevel: 'silent',
  });
  const written = (result.outputFiles[0] as { text: string }).text;
  // The minifier writes non-ASCII characters as \uXXXX escapes: undone, so that texts like 'Loading…' can be found.
  const code = written.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { written, code };
}

it(`the viewer an integrator embeds stays within ${budget.gzipBytes} bytes gzipped and carries no other API area or admin text`, async () => {
  const { written, code } = await embedBundle();
  const gzipped = gzipSync(written, { level: 9 }).byteLength;
  // Texts the viewer never shows; only sentences of four words and more (a word or two, like 'Close' or 'form
  // instance', may well be written elsewhere in the viewer's own code).
  const adminTexts = Object.entries(defaultLabels)
    .filter(([key, text]) => !(key in viewerLabels) && text.length >= 20 && text.split(' ').length >= 4)
    .map(([, text]) => text);
  expect(adminTexts.length).toBeGreaterThan(80);
  expect(adminTexts.filter((text) => code.includes(text))).toEqual([]);
  expect(budget.absentApiPaths.filter((apiPath) => code.includes(apiPath))).toEqual([]);
  // It is the viewer: its own texts and OData reads are there (booleans: a failure must not print the whole bundle).
  expect(code.includes(viewerLabels.formLoading), 'the viewer texts').toBe(true);
  expect(code.includes('/odata/FormSchemaOData'), 'the OData area').toBe(true);
  expect(gzipped).toBeLessThanOrEqual(budget.gzipBytes);
}, 60_000);
