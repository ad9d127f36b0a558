/**
 * Helpers of the signing tests: a signature PNG, a duplicated instance to send, and the standard validator (poppler's
 * `pdfsig` with the development CA in an NSS database made by `certutil`), whose output is read (it exits 0 on a
 * digest mismatch too). The tools run asynchronously, beside the test server in this process (see `runTool`).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { PDF } from '@libpdf/core';
import type { FormInstance, PdfField, SignerLink, SigningEnvelope } from '../../src/api/types';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { callJson, type TestServer } from './helpers';
import { runTool, toolOutput } from './tools';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG of `width` × `height` (RGBA) with a dark diagonal stroke on transparency: a drawn signature. */
export function signaturePng(width = 300, height = 100): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const onStroke = Math.abs(y - (x * height) / width) < 3;
      if (onStroke) row.writeUInt32BE(0x1a1a6eff, 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The PNG as the signing page sends it. */
export const pngDataUrl = (png: Buffer = signaturePng()): string => `data:image/png;base64,${png.toString('base64')}`;

/** A fresh copy of the seeded contact-details instance (each envelope needs an instance not out for signature). */
export async function freshInstance(server: TestServer, token: string): Promise<FormInstance> {
  const { status, body } = await callJson<FormInstance>(server, '/api/DynamicFormLinking/Duplicate', {
    token,
    query: { formInstanceId: SEED_IDS.formInstances.contactDetailsSample },
  });
  if (status !== 200) throw new Error(`Duplicate answered ${status}`);
  return body;
}

/** Requests a signature; returns the status and the envelope. */
export async function requestSignature(server: TestServer, token: string, body: Record<string, unknown>) {
  return callJson<SigningEnvelope & { detail?: string }>(server, '/api/Signing/RequestSignature', { token, method: 'POST', body });
}

/** A signer's link (its token). */
export async function signerLink(server: TestServer, token: string, envelopeId: string, signerId: string): Promise<SignerLink> {
  const { status, body } = await callJson<SignerLink>(server, '/api/Signing/GetSignerLink', { token, method: 'POST', body: { envelopeId, signerId } });
  if (status !== 200) throw new Error(`GetSignerLink answered ${status}: ${JSON.stringify(body)}`);
  return body;
}

/** A signing page call (Open, Sign, Decline) with a browser's user agent. */
export function signingPage<T>(server: TestServer, call: 'Open' | 'Sign' | 'Decline', body: Record<string, unknown>) {
  return callJson<T & { detail?: string; status?: number }>(server, `/api/Signing/${call}`, {
    method: 'POST',
    body,
    headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36' },
  });
}

/** What pdfsig reports of a file, with the CA trusted. */
export interface PdfsigReport {
  output: string;
  valid: boolean;
  trusted: boolean;
  cades: boolean;
  wholeDocument: boolean;
}

/** Runs pdfsig on PDF bytes with `caPem` trusted (an NSS database made for the call), and reads its output. */
export async function pdfsig(pdf: Uint8Array, caPem: string | null): Promise<PdfsigReport> {
  const dir = await mkdtemp(join(tmpdir(), 'pdfsig-'));
  try {
    const nss = join(dir, 'nss');
    await mkdir(nss);
    await toolOutput('certutil', ['-N', '-d', `sql:${nss}`, '--empty-password']);
    if (caPem) {
      await writeFile(join(dir, 'ca.pem'), caPem);
      await toolOutput('certutil', ['-A', '-d', `sql:${nss}`, '-n', 'forms-admin-dev-ca', '-t', 'CT,C,C', '-i', join(dir, 'ca.pem')]);
    }
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const run = await runTool('pdfsig', ['-nssdir', `sql:${nss}`, join(dir, 'doc.pdf')]);
    const output = `${run.stdout.toString('utf8')}\n${run.stderr}`;
    return {
      output,
      valid: output.includes('Signature is Valid.'),
      trusted: output.includes('Certificate is Trusted.'),
      cades: output.includes('ETSI.CAdES.detached'),
      wholeDocument: output.includes('Total document signed'),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a poppler tool prints of a PDF (the file written to a folder of its own for the call). */
async function popplerOutput(tool: 'pdftotext' | 'pdfinfo', options: readonly string[], pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), `${tool}-`));
  try {
    await writeFile(join(dir, 'doc.pdf'), pdf);
    const file = join(dir, 'doc.pdf');
    return (await toolOutput(tool, tool === 'pdftotext' ? [...options, file, '-'] : [...options, file])).toString('utf8');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The text of a PDF (poppler's pdftotext). */
export function pdfText(pdf: Uint8Array): Promise<string> {
  return popplerOutput('pdftotext', ['-layout'], pdf);
}

/** The document information of a PDF (poppler's pdfinfo: Title, Subject, Pages …). */
export function pdfInfo(pdf: Uint8Array): Promise<string> {
  return popplerOutput('pdfinfo', [], pdf);
}

/** The AcroForm fields of a PDF as a form's `pdfTemplate` keeps them (name, type, page, rectangle). */
export async function templateFields(bytes: Uint8Array): Promise<{ pageCount: number; fields: PdfField[] }> {
  const pdf = await PDF.load(bytes);
  const pages = pdf.getPages();
  const fields: PdfField[] = [];
  for (const field of pdf.getForm()?.getFields() ?? []) {
    const widget = field.getWidgets()[0];
    if (!widget) continue;
    const [x1, y1, x2, y2] = widget.rect;
    const page = Math.max(0, pages.findIndex((p) => widget.pageRef !== null && p.ref.objectNumber === widget.pageRef.objectNumber));
    const type = field.type === 'listbox' ? 'optionList' : field.type;
    if (!['text', 'checkbox', 'radio', 'dropdown', 'optionList', 'signature'].includes(type)) continue;
    fields.push({ name: field.name, type: type as PdfField['type'], page, rect: { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) } });
  }
  return { pageCount: pdf.getPageCount(), fields };
}
