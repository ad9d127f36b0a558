// @vitest-environment node
/**
 * The PDF parse worker: a parse over its time limit is stopped (the worker terminated) and the next parse gets a new
 * worker; a worker that runs out of its bounded heap is stopped with a memory refusal, never taking the process down.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { PdfParseAbort, PdfParser } from '../../example-host/server/pdf/worker';
import { fixture } from './pdf-test-helpers';

const limits = { maxPages: 1000, maxFields: 1000, timeoutMs: 30_000, maxHeapMb: 256 };
const parsers: PdfParser[] = [];
afterAll(async () => {
  await Promise.all(parsers.map((p) => p.close()));
});

describe('PdfParser', () => {
  it('stops a parse over the time limit and replaces the worker for the next one', async () => {
    const parser = new PdfParser(256);
    parsers.push(parser);
    await parser.parse(fixture('create_form.pdf'), limits); // warm: the limit below is for the parse itself
    const slow = parser.parse(fixture('with_combed_fields.pdf'), { ...limits, timeoutMs: 5 });
    await expect(slow).rejects.toBeInstanceOf(PdfParseAbort);
    await expect(slow).rejects.toMatchObject({ reason: 'timeout' });
    const next = await parser.parse(fixture('sample_form.pdf'), limits);
    expect(next.ok && next.fields.length).toBe(28);
  }, 60_000);

  it('stops a worker that runs out of its heap', async () => {
    const parser = new PdfParser(16);
    parsers.push(parser);
    const outcome = await parser.parse(fixture('with_combed_fields.pdf'), limits).then(
      () => 'parsed',
      (error: unknown) => (error instanceof PdfParseAbort ? error.reason : 'other'),
    );
    expect(outcome).toBe('memory');
    expect(process.memoryUsage().rss).toBeGreaterThan(0); // still here
  }, 60_000);
});
