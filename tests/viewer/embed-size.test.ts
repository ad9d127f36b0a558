// @vitest-environment node
/**
 * The size budget of the public form viewer for an integrator who embeds only it: `APIProvider` and
 * `FormInstanceViewer` from the `/viewer` entry, bundled and minified as a host's bundler would (esbuild, peers left
 * out, as bench/size.mjs does), with its chunks split as a host's bundler splits them: what the page loads at once is
 * the entry and the chunks it imports statically, gzipped together; what it imports on demand (the file upload
 * question's picker and upload, which most forms do not have) is not counted, and is checked to be on demand. The
 * provider builds no API area and no text: the viewer carries the OData area and its own texts, never the other areas
 * (Claim, Forms, Signing…) or the administration screens' texts. scripts/check-pack.mjs checks the same budget on the
 * built package.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { expect, it } from 'vitest';
import { defaultLabels } from '../../src/query/labels';
import { viewerLabels } from '../../src/query/viewer-client';
import { defaultFormUiLabels } from '../../src/forms/labels';
import { defaultValidationMessages } from '../../src/engine/messages';
import budget from '../../scripts/viewer-embed-budget.json';

const root = path.resolve(__dirname, '../..');
const PEERS = ['react', 'react-dom', 'react/jsx-runtime', '@mantine/*', '@tanstack/react-query', 'oidc-client-ts', 'msw', 'msw/*'];

const unescape = (written: string): string =>
  // The minifier writes non-ASCII characters as \uXXXX escapes: undone, so that texts like 'Loading…' can be found.
  written.replace(/\\u([0-9a-fA-F]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The bundle, split: what loads at once (the entry and its static imports, as written for its size and with its
 * escapes undone to look for texts) and each chunk loaded on demand (escapes undone).
 */
async function embedBundle(): Promise<{ written: string; code: string; onDemand: string[] }> {
  const result = await build({
    stdin: { contents: `export { APIProvider, FormInstanceViewer } from './src/viewer';`, resolveDir: root, loader: 'ts' },
    bundle: true,
    splitting: true,
    outdir: path.join(root, '.tmp', 'embed-size'),
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    external: PEERS,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const text = new Map(result.outputFiles.map((file) => [path.relative(root, file.path), file.text]));
  // The entry is stdin's output (each chunk imported on demand is an entry point of the metafile too).
  const entry = Object.keys(outputs).find((name) => outputs[name]?.entryPoint === '<stdin>');
  expect(entry, 'the entry chunk').toBeDefined();
  const atOnce: string[] = [];
  for (const queue = [entry as string]; queue.length > 0; ) {
    const name = queue.shift() as string;
    if (atOnce.includes(name)) continue;
    atOnce.push(name);
    for (const imported of outputs[name]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) queue.push(imported.path);
  }
  const written = atOnce.map((name) => text.get(name) ?? '').join('\n');
  const onDemand = [...text.keys()].filter((name) => !atOnce.includes(name)).map((name) => unescape(text.get(name) ?? ''));
  return { written, code: unescape(written), onDemand };
}

it(`the viewer an integrator embeds stays within ${budget.gzipBytes} bytes gzipped and carries no other API area or admin text`, async () => {
  const { written, code, onDemand } = await embedBundle();
  const gzipped = gzipSync(written, { level: 9 }).byteLength;
  // Texts the viewer never shows; only sentences of four words and more (a word or two, like 'Close' or 'form
  // instance', may well be written elsewhere in the viewer's own code). A text that is also one of the form's own
  // (its renderer's labels and validation messages, which the viewer shows) is the viewer's, wherever else it is said:
  // the signed document's "{value} of {max} stars" is worded as view mode words a rating.
  const formOwn = new Set<string>([...Object.values(defaultFormUiLabels), ...Object.values(defaultValidationMessages)]);
  const adminTexts = Object.entries(defaultLabels)
    .filter(([key, text]) => !(key in viewerLabels) && !formOwn.has(text) && text.length >= 20 && text.split(' ').length >= 4)
    .map(([, text]) => text);
  expect(adminTexts.length).toBeGreaterThan(80);
  expect(adminTexts.filter((text) => code.includes(text))).toEqual([]);
  expect(budget.absentApiPaths.filter((apiPath) => code.includes(apiPath))).toEqual([]);
  // It is the viewer: its own texts and OData reads are there (booleans: a failure must not print the whole bundle).
  expect(code.includes(viewerLabels.formLoading), 'the viewer texts').toBe(true);
  expect(code.includes('/odata/FormSchemaOData'), 'the OData area').toBe(true);
  // The file upload question's picker and the viewer's upload are loaded on demand: not at once, but in a chunk.
  for (const onlyOnDemand of ['/api/FormFiles/Upload', 'FileButton']) {
    expect(code.includes(onlyOnDemand), `${onlyOnDemand} loaded at once`).toBe(false);
    expect(onDemand.some((chunk) => chunk.includes(onlyOnDemand)), `${onlyOnDemand} in a chunk loaded on demand`).toBe(true);
  }
  expect(gzipped).toBeLessThanOrEqual(budget.gzipBytes);
}, 60_000);
