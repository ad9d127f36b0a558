// @vitest-environment node
/**
 * The hostile-file corpus of FormGenerator/UploadPdf: every real-world fixture plus generated malformed and hostile
 * files (truncated, broken xref, wrong magic, 10,000 pages, deeply nested objects, a compression bomb, JavaScript
 * actions, XFA-only, a PNG named .pdf, zero bytes…). Each is handled (a form) or refused with a 4xx problem detail,
 * never a 5xx; meanwhile the health check keeps answering (p95 measured) and the server's memory stays under a cap.
 */
import { readdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { fixture, PDF_FIXTURES } from './pdf-test-helpers';

/** Resident memory the test process (server, database and parse worker) may reach during the corpus, MiB. */
const MEMORY_CAP_MB = 1536;
/** p95 of the health check while the corpus is uploaded, ms (the machine is shared: a generous bound). */
const HEALTH_P95_CAP_MS = 1000;

const latin1 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));

/** A PDF from object bodies (numbered from 1), with a correct xref table. */
function buildPdf(objects: (string | Uint8Array)[], root = 1, extraTrailer = ''): Uint8Array {
  const parts: Uint8Array[] = [latin1('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(offset);
    const head = latin1(`${i + 1} 0 obj\n`);
    const content = typeof body === 'string' ? latin1(body) : body;
    const tail = latin1('\nendobj\n');
    parts.push(head, content, tail);
    offset += head.length + content.length + tail.length;
  });
  const xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  parts.push(latin1(`${xref}trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R ${extraTrailer}>>\nstartxref\n${offset}\n%%EOF\n`));
  return Buffer.concat(parts);
}

function stream(dict: string, data: Uint8Array): Uint8Array {
  return Buffer.concat([latin1(`<< ${dict} /Length ${data.length} >>\nstream\n`), data, latin1('\nendstream')]);
}

/** A one-page form with one text field; `extra` objects follow (numbered from 5), `catalogExtra` goes in the catalog. */
function oneFieldForm(options: { catalogExtra?: string; acroExtra?: string; fieldExtra?: string; extra?: (string | Uint8Array)[]; fields?: string } = {}): Uint8Array {
  return buildPdf([
    `<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields ${options.fields ?? '[4 0 R]'} ${options.acroExtra ?? ''} >> ${options.catalogExtra ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Annots [4 0 R] >>',
    `<< /Type /Annot /Subtype /Widget /FT /Tx /T (Name) /TU (Your name) /Rect [50 700 250 720] /P 3 0 R ${options.fieldExtra ?? ''} >>`,
    ...(options.extra ?? []),
  ]);
}

function manyPages(count: number): Uint8Array {
  const kids = Array.from({ length: count }, (_, i) => `${i + 3} 0 R`).join(' ');
  const pages = Array.from({ length: count }, () => '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>');
  return buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', `<< /Type /Pages /Kids [${kids}] /Count ${count} >>`, ...pages]);
}

function generated(): [string, Uint8Array][] {
  const sample = fixture('sample_form.pdf');
  const text = Buffer.from(sample).toString('latin1');
  const brokenXref = latin1(text.replace(/startxref\s+\d+/g, 'startxref\n999999999').replace(/(\n\d{10}) 00000 n/g, (_m, o: string) => `${o.slice(0, -3)}123 00000 n`));
  const bomb = deflateSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
  const nested = `<< /Type /Catalog /Pages 2 0 R /Deep ${'['.repeat(100_000)}${']'.repeat(100_000)} >>`;
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f5a3cc0000000049454e44ae426082', 'hex');
  return [
    ['zero-bytes.pdf', new Uint8Array(0)],
    ['png-named.pdf', new Uint8Array(png)],
    ['wrong-magic.pdf', latin1(text.replace('%PDF-', '%PDX-'))],
    ['truncated-40.pdf', sample.slice(0, Math.floor(sample.length * 0.4))],
    ['truncated-header.pdf', sample.slice(0, 16)],
    ['broken-xref.pdf', brokenXref],
    ['header-only-garbage.pdf', latin1(`%PDF-1.7\n${'garbage '.repeat(2000)}`)],
    ['pages-10000.pdf', manyPages(10_000)],
    ['pages-1001.pdf', manyPages(1_001)],
    ['deeply-nested.pdf', buildPdf([nested, '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>'])],
    ['compression-bomb.pdf', oneFieldForm({ fieldExtra: '/AP << /N 5 0 R >>', extra: [stream('/Filter /FlateDecode', bomb)] })],
    ['object-stream-bomb.pdf', oneFieldForm({ extra: [stream('/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', bomb)] })],
    ['javascript-actions.pdf', oneFieldForm({ catalogExtra: '/OpenAction << /S /JavaScript /JS (app.alert\\(1\\)) >>', fieldExtra: '/AA << /K << /S /JavaScript /JS (while\\(true\\){}) >> >>' })],
    ['xfa-only.pdf', oneFieldForm({ fields: '[]', acroExtra: '/XFA 5 0 R /NeedsRendering true', extra: [stream('', latin1('<xdp:xdp xmlns:xdp="http://ns.adobe.com/xdp/"></xdp:xdp>'))] })],
    ['self-parent-field.pdf', oneFieldForm({ fieldExtra: '/Parent 4 0 R' })],
    ['field-cycle.pdf', oneFieldForm({ fieldExtra: '/Kids [4 0 R]' })],
    ['pages-cycle.pdf', buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R] /Count 1 >>'])],
    ['fields-1500.pdf', oneFieldForm({ fields: `[${Array.from({ length: 1500 }, (_, i) => `${i + 5} 0 R`).join(' ')}]`, extra: Array.from({ length: 1500 }, (_, i) => `<< /FT /Tx /T (F${i}) /Rect [0 0 10 10] /P 3 0 R >>`) })],
    ['encrypt-trailer.pdf', buildPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>', '<< /Filter /Standard /V 5 /R 6 /O (x) /U (y) >>'], 1, '/Encrypt 3 0 R ')],
  ];
}

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.mintAccessToken({ sub: 'admin' });
}, START_TIMEOUT_MS);
afterAll(async () => {
  await server?.stop();
});

describe('the hostile-file corpus', () => {
  it('handles or refuses each file with a 4xx, while the server keeps answering and stays under its memory cap', async () => {
    const corpus: [string, Uint8Array][] = [
      ...readdirSync(PDF_FIXTURES).filter((f) => f.endsWith('.pdf')).sort().map((f): [string, Uint8Array] => [f, fixture(f)]),
      ...generated(),
    ];
    expect(corpus.length).toBeGreaterThanOrEqual(30);

    const health: number[] = [];
    let peakRss = process.memoryUsage().rss;
    let running = true;
    const probe = (async () => {
      while (running) {
        const started = performance.now();
        const response = await fetch(new URL('/api/HealthCheck/Get', server.url));
        await response.arrayBuffer();
        health.push(performance.now() - started);
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 25));
      }
    })();

    const outcomes: Record<string, string> = {};
    for (const [name, bytes] of corpus) {
      const body = new FormData();
      body.append('Pdf', new Blob([bytes.slice()], { type: 'application/pdf' }), name);
      const response = await fetch(new URL('/api/FormGenerator/UploadPdf', server.url), { method: 'POST', body, headers: { authorization: `Bearer ${admin}` } });
      const answer = (await response.json()) as { detail?: string; code?: string; fields?: unknown[] };
      outcomes[name] = response.status === 200 ? `200 ${answer.fields?.length} fields` : `${response.status} ${answer.code ?? ''}`;
      expect(response.status, `${name}: ${JSON.stringify(answer).slice(0, 200)}`).toBeLessThan(500);
      if (response.status !== 200) expect(answer.detail, name).toMatch(/\w+ \w+/);
    }
    running = false;
    await probe;

    // What each kind of file gets.
    expect(outcomes['sample_form.pdf']).toBe('200 28 fields');
    expect(outcomes['with_combed_fields.pdf']).toMatch(/^200 /);
    expect(outcomes['javascript-actions.pdf']).toBe('200 1 fields');
    expect(outcomes['compression-bomb.pdf']).toMatch(/^200 1 fields|^422 /);
    expect(outcomes['zero-bytes.pdf']).toBe('400 pdf-empty');
    expect(outcomes['png-named.pdf']).toBe('415 pdf-not-pdf');
    expect(outcomes['wrong-magic.pdf']).toBe('415 pdf-not-pdf');
    expect(outcomes['pages-10000.pdf']).toBe('413 pdf-too-many-pages');
    expect(outcomes['xfa-only.pdf']).toBe('422 pdf-xfa-only');
    expect(outcomes['encrypted_new.pdf']).toBe('422 pdf-encrypted');
    expect(outcomes['us_constitution.pdf']).toBe('422 pdf-no-fields');
    expect(outcomes['fields-1500.pdf']).toBe('413 pdf-too-many-fields');
    expect(outcomes['broken-xref.pdf']).toBe('200 28 fields');
    expect(outcomes['truncated-40.pdf']).toBe('422 pdf-corrupt');

    const sorted = [...health].sort((a, b) => a - b);
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
    console.info(`PDF corpus: ${corpus.length} files, health checks ${health.length}, p95 ${p95.toFixed(1)} ms, peak RSS ${(peakRss / 1024 / 1024).toFixed(0)} MiB`, outcomes);
    expect(health.length).toBeGreaterThan(5);
    expect(p95).toBeLessThan(HEALTH_P95_CAP_MS);
    expect(peakRss / 1024 / 1024).toBeLessThan(MEMORY_CAP_MB);
  }, 60_000);
});
