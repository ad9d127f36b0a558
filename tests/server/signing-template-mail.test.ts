// @vitest-environment node
/**
 * Signing a form with a PDF template, with a host's mail sender: the links go out by mail (the signers open the
 * envelope from them), the template's answers are filled and flattened, the first signer signs in the template's
 * signature field and the second on an added signatures page, the sealed file validates; a decline tells the earlier
 * signers and the sender.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvelopeStatus } from '../../src/api/enums';
import type { FormLayout, SigningEnvelope, SigningSession } from '../../src/api/types';
import { saveFormPdf } from '../../example-host/server/pdf/store';
import { loadOrCreateDevelopmentCertificate } from '../../example-host/server/signing/certificates';
import type { SigningMail } from '../../example-host/server/signing/provider';
import { call, callJson, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { pdfsig, pdfText, pngDataUrl, signingPage, templateFields } from './signing-helpers';
import { toolOutput } from './tools';

const FIXTURE = fileURLToPath(new URL('../fixtures/pdfs/sample_form.pdf', import.meta.url));
let server: TestServer;
let editor: string;
const mails: SigningMail[] = [];
let formSchemaId: string;
let signatureRect: { x: number; y: number };

beforeAll(async () => {
  server = await startTestServer({ signing: { sweepIntervalMs: null, mailSender: { send: async (mail) => void mails.push(mail) } } });
  editor = await server.mintAccessToken({ sub: 'editor' });
  const bytes = new Uint8Array(readFileSync(FIXTURE));
  const { pageCount, fields } = await templateFields(bytes);
  const text = fields.find((f) => f.name === 'Name_Last')!;
  const signature = fields.find((f) => f.type === 'signature')!;
  signatureRect = signature.rect;
  const form = await callJson<{ formId: string }>(server, '/api/crud/form/post', {
    token: editor,
    method: 'POST',
    body: { name: 'Sample form', pdfTemplate: { fileName: 'sample_form.pdf', pageCount, fields } },
  });
  await saveFormPdf(server.db, { formId: form.body.formId, fileName: 'sample_form.pdf', bytes, pageCount });
  const layout: FormLayout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'n', path: '/name', widget: 'text', label: 'Name', pdfFieldName: text.name }] }] }] };
  const schema = await callJson<{ formSchemaId: string }>(server, '/api/crud/formschema/post', {
    token: editor,
    method: 'POST',
    body: { formId: form.body.formId, jsonSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { name: { type: 'string' } } }, layout },
  });
  formSchemaId = schema.body.formSchemaId;
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const SIGNERS = [
  { name: 'Grace Hopper', email: 'grace@example.com' },
  { name: 'Alan Turing', email: 'alan@example.com' },
];

async function send(): Promise<SigningEnvelope> {
  const instance = await callJson<{ formInstanceId: string }>(server, '/api/crud/forminstance/post', { token: editor, method: 'POST', body: { formSchemaId, data: { name: 'Zebulon Quartz' } } });
  const request = await callJson<SigningEnvelope>(server, '/api/Signing/RequestSignature', {
    token: editor,
    method: 'POST',
    body: { formInstanceId: instance.body.formInstanceId, signers: SIGNERS, emailSubject: 'Sign the sample', emailMessage: 'Thanks!' },
  });
  expect(request.status).toBe(200);
  return request.body;
}

const tokenOf = (mail: SigningMail | undefined) => new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
const mailsOf = (envelopeId: string, kind: SigningMail['kind']) => mails.filter((m) => m.envelopeId === envelopeId && m.kind === kind);

describe('a PDF template signed through mailed links', () => {
  it('mails each signer a link when their turn comes, fills the template and places the signatures', async () => {
    const envelope = await send();
    const [first] = mailsOf(envelope.envelopeId, 'signing-request');
    expect(mailsOf(envelope.envelopeId, 'signing-request')).toHaveLength(1);
    expect(first).toMatchObject({ to: SIGNERS[0], subject: 'Sign the sample', text: 'Thanks!' });
    expect(first?.link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/sign\?token=[A-Za-z0-9_-]{43}$/);

    const open = await signingPage<SigningSession>(server, 'Open', { token: tokenOf(first) });
    expect(open.status).toBe(200);
    expect(open.body.places).toEqual([{ page: 0, x: signatureRect.x, y: signatureRect.y, width: expect.any(Number), height: expect.any(Number) }]);
    expect((await signingPage(server, 'Sign', { token: tokenOf(first), kind: 'drawn', image: pngDataUrl() })).status).toBe(200);

    const second = mailsOf(envelope.envelopeId, 'signing-request')[1];
    expect(second?.to).toEqual(SIGNERS[1]);
    const open2 = await signingPage<SigningSession>(server, 'Open', { token: tokenOf(second) });
    // The template has one signature field: the second signer signs on the signatures page added after its page.
    expect(open2.body.places[0]?.page).toBe(1);
    const done = await signingPage<SigningEnvelope>(server, 'Sign', { token: tokenOf(second), kind: 'typed', typedName: 'Alan Turing', image: pngDataUrl() });
    expect(done.body.status).toBe(EnvelopeStatus.Completed);

    const response = await call(server, '/api/Signing/DownloadDocument', { token: editor, query: { envelopeId: envelope.envelopeId } });
    const signed = new Uint8Array(await response.arrayBuffer());
    expect(decodeURIComponent(response.headers.get('content-disposition')?.split("UTF-8''")[1] ?? '')).toBe('Sample form - signed.pdf');
    const report = await pdfsig(signed, (await loadOrCreateDevelopmentCertificate(server.db)).caPem);
    expect(report.valid && report.trusted && report.wholeDocument, report.output).toBe(true);
    const text = await pdfText(signed);
    expect(text).toContain('Zebulon Quartz');
    expect(text).toContain('Signing certificate');
    const dir = mkdtempSync(join(tmpdir(), 'signed-'));
    try {
      writeFileSync(join(dir, 'f.pdf'), signed);
      expect((await toolOutput('pdfinfo', [join(dir, 'f.pdf')])).toString('utf8')).toMatch(/Pages:\s+3\n/);
      // Flattened: no text field is left to fill.
      const json = JSON.parse((await toolOutput('qpdf', ['--json', '--json-key=acroform', join(dir, 'f.pdf')])).toString('utf8')) as { acroform: { fields: { fieldtype: string }[] } };
      expect(json.acroform.fields.filter((f) => f.fieldtype === '/Tx')).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('tells the earlier signers and the sender when a signer declines', async () => {
    const envelope = await send();
    const first = mailsOf(envelope.envelopeId, 'signing-request')[0];
    await signingPage(server, 'Open', { token: tokenOf(first) });
    await signingPage(server, 'Sign', { token: tokenOf(first), kind: 'drawn', image: pngDataUrl() });
    const second = mailsOf(envelope.envelopeId, 'signing-request')[1];
    await signingPage(server, 'Open', { token: tokenOf(second) });
    expect((await signingPage(server, 'Decline', { token: tokenOf(second), reason: 'Not my form.' })).status).toBe(200);
    const told = mailsOf(envelope.envelopeId, 'declined');
    expect(told.map((m) => m.to.email).sort()).toEqual(['editor@example.com', 'grace@example.com'].sort());
    expect(told[0]?.text).toBe('Alan Turing declined to sign: Not my form.');
  }, 60_000);
});
