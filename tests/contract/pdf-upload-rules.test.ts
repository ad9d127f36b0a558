// @vitest-environment node
/**
 * The PDF upload's body rules and field-name limit, written once in the domain (src/domain/pdf/upload.ts, limits.ts)
 * and run by both backends: the fake in its handler, the reference server in its PDF worker (which parses the raw
 * multipart body off the server's thread). The rules themselves at their boundaries; then the same requests to the
 * fake and the server answer alike: a multipart body that cannot be parsed, a body whose boundary is not the one
 * declared, the part named in another case, and the last of two `Pdf` parts taken. The field-name limit needs the
 * file read, which only the server does (the fake makes its fields up): the server refuses a name one character over
 * the limit with the domain's sentence and code.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MULTIPART_UNREADABLE_MESSAGE,
  overlongPdfFieldName,
  pdfFromMultipart,
  pdfFromMultipartBody,
  PDF_EMPTY_MESSAGE,
  PDF_FIELD_NAME_TOO_LONG_MESSAGE,
  PDF_PART_MISSING_MESSAGE,
  PDF_TOO_LARGE_MESSAGE,
  PDF_UPLOAD_LIMITS,
  NOT_A_PDF_MESSAGE,
} from '../../src/domain/pdf';
import { longFieldNamesPdf, paddedPdf } from '../support/hostile-pdfs';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const pdf = () => paddedPdf(4096);

function multipart(parts: { field: string; bytes: Uint8Array; fileName?: string }[]): FormData {
  const form = new FormData();
  for (const part of parts) form.append(part.field, new Blob([part.bytes.slice()], { type: 'application/pdf' }), part.fileName ?? 'upload.pdf');
  return form;
}

describe('the upload rules of the domain', () => {
  it('take a name of exactly the limit and name the first one over it', () => {
    const max = PDF_UPLOAD_LIMITS.maxFieldNameLength;
    expect(max).toBe(1000);
    expect(overlongPdfFieldName(['a', 'b'.repeat(max)])).toBeUndefined();
    expect(overlongPdfFieldName(['a', 'b'.repeat(max + 1), 'c'.repeat(max + 2)])).toBe('b'.repeat(max + 1));
    expect(PDF_FIELD_NAME_TOO_LONG_MESSAGE).toMatch(/^A form field of this PDF has a name longer than 1,000 characters/);
  });

  it('find the Pdf part in any case, refuse a missing, empty, oversized or non-PDF part', async () => {
    const bytes = pdf();
    const found = await pdfFromMultipart(multipart([{ field: 'pdf', bytes, fileName: 'a.pdf' }]));
    expect(found).toMatchObject({ ok: true, fileName: 'a.pdf', type: 'application/pdf' });
    expect(found.ok && [...found.bytes]).toEqual([...bytes]);
    expect(await pdfFromMultipart(multipart([{ field: 'File', bytes }]))).toEqual({ ok: false, status: 400, message: PDF_PART_MISSING_MESSAGE });
    expect(await pdfFromMultipart(multipart([{ field: 'Pdf', bytes: new Uint8Array(0) }]))).toEqual({
      ok: false,
      status: 400,
      message: PDF_EMPTY_MESSAGE,
      code: 'pdf-empty',
    });
    expect(await pdfFromMultipart(multipart([{ field: 'Pdf', bytes: new TextEncoder().encode('GIF89a') }]))).toEqual({
      ok: false,
      status: 415,
      message: NOT_A_PDF_MESSAGE,
      code: 'pdf-not-pdf',
    });
    expect(await pdfFromMultipart(multipart([{ field: 'Pdf', bytes: paddedPdf(PDF_UPLOAD_LIMITS.maxBytes + 1) }]))).toEqual({
      ok: false,
      status: 413,
      message: PDF_TOO_LARGE_MESSAGE,
      code: 'pdf-size',
    });
  });

  it('parse a raw body by its declared boundary, and refuse one that cannot be parsed', async () => {
    const request = new Request('http://x.test/', { method: 'POST', body: multipart([{ field: 'Pdf', bytes: pdf(), fileName: 'raw.pdf' }]) });
    const contentType = request.headers.get('content-type') ?? '';
    const body = new Uint8Array(await request.arrayBuffer());
    expect(await pdfFromMultipartBody(body, contentType)).toMatchObject({ ok: true, fileName: 'raw.pdf' });
    expect(await pdfFromMultipartBody(body, 'multipart/form-data; boundary=not-the-one')).toEqual({
      ok: false,
      status: 400,
      message: MULTIPART_UNREADABLE_MESSAGE,
    });
  });
});

let fake: ContractTarget;
let server: ContractTarget;
beforeAll(async () => {
  fake = await startFakeTarget();
  server = await startServerTarget();
}, 120_000);
afterAll(async () => {
  await fake?.stop();
  await server?.stop();
});

async function send(target: ContractTarget, body: BodyInit, contentType?: string) {
  const response = await fetch(`${target.baseUrl.replace(/\/$/, '')}/api/FormGenerator/UploadPdf`, {
    method: 'POST',
    body,
    headers: { authorization: `Bearer ${target.adminToken}`, ...(contentType ? { 'content-type': contentType } : {}) },
  });
  const answer = (await response.json()) as { detail?: string; code?: string; form?: { name?: string } };
  return { status: response.status, detail: answer.detail, code: answer.code, formName: answer.form?.name };
}

async function scenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  facts.set('unparsable', await send(target, '--x\r\nnot a part at all', 'multipart/form-data; boundary=x'));
  const request = new Request('http://x.test/', { method: 'POST', body: multipart([{ field: 'Pdf', bytes: pdf() }]) });
  facts.set('other boundary', await send(target, new Uint8Array(await request.arrayBuffer()), 'multipart/form-data; boundary=not-the-one'));
  facts.set('lower-case part', await send(target, multipart([{ field: 'pdf', bytes: pdf(), fileName: 'lower_case.pdf' }])));
  facts.set(
    'last of two parts',
    await send(
      target,
      multipart([
        { field: 'Pdf', bytes: pdf(), fileName: 'first_one.pdf' },
        { field: 'Pdf', bytes: new TextEncoder().encode('not a pdf'), fileName: 'second_one.pdf' },
      ]),
    ),
  );
  return facts;
}

describe('the upload rules on the fake and the reference server', () => {
  it('answer alike', async () => {
    const onFake = await scenario(fake);
    const onServer = await scenario(server);
    expect(onFake.get('unparsable')).toEqual({ status: 400, detail: MULTIPART_UNREADABLE_MESSAGE, code: undefined, formName: undefined });
    expect(onFake.get('other boundary')).toMatchObject({ status: 400, detail: MULTIPART_UNREADABLE_MESSAGE });
    expect(onFake.get('lower-case part')).toMatchObject({ status: 200, formName: 'Lower Case' });
    expect(onFake.get('last of two parts')).toMatchObject({ status: 415, code: 'pdf-not-pdf', detail: NOT_A_PDF_MESSAGE });
    for (const key of onFake.keys()) expect(onServer.get(key), key).toEqual(onFake.get(key));
  }, 60_000);

  it('the server, which reads the file, refuses a field name one character over the limit with the domain sentence and code', async () => {
    const over = await send(server, multipart([{ field: 'Pdf', bytes: longFieldNamesPdf(1, PDF_UPLOAD_LIMITS.maxFieldNameLength + 1) }]));
    expect(over).toEqual({ status: 422, detail: PDF_FIELD_NAME_TOO_LONG_MESSAGE, code: 'pdf-field-name', formName: undefined });
  }, 30_000);
});
