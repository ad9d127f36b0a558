// @vitest-environment node
/**
 * The PDF worker pool: a job over its time limit is refused and stopped (it ends itself when asked, or its worker is
 * terminated after a grace period) and the next job runs (pdf-worker-stop.test.ts stops jobs inside the inflated-size
 * check); a worker that runs out of its bounded heap is stopped with a memory refusal, never taking the process down;
 * a file whose streams inflate past the limit is refused before the library inflates them; a field tree deeper than
 * the limit is refused whether the reader follows it or overflows its stack.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PDF_UPLOAD_LIMITS } from '../../src/domain/pdf';
import { PdfParseAbort, PdfWorkerPool } from '../../example-host/server/pdf/worker';
import { inflatedSize } from '../../example-host/server/pdf/inflate';
import { deepFieldTreePdf, deflateBombPdf } from '../support/hostile-pdfs';
import { fixture } from './pdf-test-helpers';

const limits = { maxPages: 1000, maxFields: 1000, maxInflatedBytes: PDF_UPLOAD_LIMITS.maxInflatedBytes, timeoutMs: 30_000 };
const pools: PdfWorkerPool[] = [];
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe('PdfWorkerPool', () => {
  it('stops a job over the time limit and runs the next one', async () => {
    const pool = new PdfWorkerPool({ heapMb: 256, size: 1 });
    pools.push(pool);
    await pool.parse(fixture('create_form.pdf'), limits); // warm: the limit below is for the parse itself
    // A field tree whose parse takes 300 ms and more: the job is stopped inside the library.
    const slow = pool.parse(deepFieldTreePdf(20_000), { ...limits, timeoutMs: 50 });
    await expect(slow).rejects.toBeInstanceOf(PdfParseAbort);
    await expect(slow).rejects.toMatchObject({ reason: 'timeout', message: 'Reading this PDF took longer than 50 ms.' });
    // A warm worker may follow a very deep field tree; the depth is refused all the same.
    await expect(pool.parse(deepFieldTreePdf(20_000), limits)).resolves.toMatchObject({ ok: false, code: 'too-deep' });
    await expect(pool.parse(deepFieldTreePdf(PDF_UPLOAD_LIMITS.maxFieldDepth + 1), limits)).resolves.toMatchObject({ ok: false, code: 'too-deep' });
    await expect(pool.parse(deepFieldTreePdf(PDF_UPLOAD_LIMITS.maxFieldDepth), limits)).resolves.toMatchObject({ ok: true });
    const next = await pool.parse(fixture('sample_form.pdf'), limits);
    expect(next.ok && next.pageCount).toBe(1);
    expect(next.ok && (JSON.parse(next.generatedJson) as { form: { pdfTemplate: { fields: unknown[] } } }).form.pdfTemplate.fields.length).toBe(28);
    // The stopped job ended, by itself at a step of the reader or by its worker's termination.
    const { stopped, refused } = pool.stats();
    expect(stopped.byThemselves + stopped.terminated).toBe(1);
    expect(refused.timeout).toBe(1);
  }, 60_000);

  it('refuses a job at once as busy when too many wait', async () => {
    const pool = new PdfWorkerPool({ heapMb: 256, size: 1, maxQueued: 1 });
    pools.push(pool);
    const running = pool.parse(fixture('create_form.pdf'), limits);
    const waiting = pool.parse(fixture('create_form.pdf'), limits);
    await expect(pool.parse(fixture('create_form.pdf'), limits)).rejects.toMatchObject({ reason: 'busy' });
    await expect(Promise.all([running, waiting])).resolves.toMatchObject([{ ok: true }, { ok: true }]);
  }, 60_000);

  it('stops a worker that runs out of its heap', async () => {
    const pool = new PdfWorkerPool({ heapMb: 16, size: 1 });
    pools.push(pool);
    const outcome = await pool.parse(fixture('with_combed_fields.pdf'), limits).then(
      () => 'parsed',
      (error: unknown) => (error instanceof PdfParseAbort ? error.reason : 'other'),
    );
    expect(outcome).toBe('memory');
    expect(process.memoryUsage().rss).toBeGreaterThan(0); // still here
  }, 60_000);

  it('refuses a file whose streams inflate past the limit, reading and filling alike', async () => {
    const bomb = await deflateBombPdf(PDF_UPLOAD_LIMITS.maxInflatedBytes + 16 * 1024 * 1024);
    expect(bomb.byteLength).toBeLessThan(1024 * 1024);
    expect(inflatedSize(bomb, PDF_UPLOAD_LIMITS.maxInflatedBytes).over).toBe(true);
    const pool = new PdfWorkerPool({ heapMb: 256, size: 1 });
    pools.push(pool);
    await expect(pool.parse(bomb, limits)).resolves.toMatchObject({ ok: false, code: 'inflated-size' });
    await expect(pool.run('fill', { bytes: bomb, values: { name: 'x' }, flatten: true, limits })).resolves.toMatchObject({ ok: false, code: 'inflated-size' });
    // The fixtures are far below it.
    expect(inflatedSize(fixture('with_combed_fields.pdf'), PDF_UPLOAD_LIMITS.maxInflatedBytes).over).toBe(false);
  }, 60_000);
});
