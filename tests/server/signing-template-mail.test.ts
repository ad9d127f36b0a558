// @vitest-environment node
/**
 * Signing a form with a PDF template, with mail that really goes out: the server sends over SMTP to its development
 * sink, which parses what arrives and keeps it in the outbox (the test reads the messages there, as received). The
 * links go out by mail (the signers open the envelope from them), the template's answers are filled and flattened, the
 * first signer signs in the template's signature field and the second on an added signatures page, the sealed file
 * validates and the completion mail carries it to every party; a decline tells the earlier signers and the sender.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EnvelopeStatus } from '../../src/api/enums';
import type { FormLayout, SigningEnvelope, SigningSession } from '../../src/api/types';
import { saveFormPdf } from '../../example-host/server/pdf/store';
import { loadOrCreateDevelopmentCertificate } from '../../example-host/server/signing/certificates';
import { simpleParser } from 'mailparser';
import { eq } from 'drizzle-orm';
import { mailOutbox, mailQueue } from '../../example-host/server/db/schema';
import { drizzleMailQueueStore } from '../../example-host/server/mail/store';
import { mailQueueOf } from '../../example-host/server/signing/routes';
import { MailQueue } from '../../example-host/server/mail/queue';
import type { MailMessage } from '../../src/service/mail';
import { call, callJson, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';
import { pdfsig, pdfText, pngDataUrl, signingPage, templateFields } from './signing-helpers';
import { toolOutput } from './tools';

// The queue sends on timers after the call answers: wait for what it did (vi.waitFor's 1 s default is short on a busy
// machine), never for a fixed time.
const QUEUE_WAIT = { timeout: 30_000, interval: 20 };

const FIXTURE = fileURLToPath(new URL('../fixtures/pdfs/sample_form.pdf', import.meta.url));
let server: TestServer;
let editor: string;
let admin: string;
let formSchemaId: string;
let signatureRect: { x: number; y: number };

beforeAll(async () => {
  server = await startTestServer({ signing: { sweepIntervalMs: null, smtpSink: true } });
  editor = await server.mintAccessToken({ sub: 'editor' });
  admin = await server.mintAccessToken({ sub: 'admin' });
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

/** A message as the sink received it, parsed again from the raw message it kept. */
interface ReceivedMail {
  kind: string;
  envelopeId: string;
  to: { name: string; email: string };
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The signing link in the text part, if any. */
  link: string | undefined;
  attachments: { fileName: string; contentType: string; bytes: Uint8Array }[];
}

/** Every message the sink has received, oldest first, once the server's mail queue has sent what it holds. */
async function received(): Promise<ReceivedMail[]> {
  await mailQueueOf(server.config)?.idle();
  const rows = await server.db.select().from(mailOutbox).orderBy(mailOutbox.receivedDateTime);
  return Promise.all(
    rows.map(async (row) => {
      const parsed = await simpleParser(Buffer.from(row.raw));
      const to = (Array.isArray(parsed.to) ? parsed.to[0] : parsed.to)?.value[0];
      return {
        kind: String(parsed.headers.get('x-forms-mail-kind') ?? ''),
        envelopeId: String(parsed.headers.get('x-forms-envelope-id') ?? ''),
        to: { name: to?.name ?? '', email: to?.address ?? '' },
        from: row.fromAddress,
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: typeof parsed.html === 'string' ? parsed.html : '',
        link: /https?:\/\/\S+\/sign\?token=[A-Za-z0-9_-]+/.exec(parsed.text ?? '')?.[0],
        attachments: parsed.attachments.map((a) => ({ fileName: a.filename ?? '', contentType: a.contentType, bytes: new Uint8Array(a.content) })),
      };
    }),
  );
}

const tokenOf = (mail: ReceivedMail | undefined) => new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
const mailsOf = async (envelopeId: string, kind: string) => (await received()).filter((m) => m.envelopeId === envelopeId && m.kind === kind);

describe('a PDF template signed through mailed links', () => {
  it('mails each signer a link when their turn comes, fills the template and places the signatures', async () => {
    const envelope = await send();
    const requests = await mailsOf(envelope.envelopeId, 'signing-request');
    expect(requests).toHaveLength(1);
    const [first] = requests;
    expect(first).toMatchObject({ to: SIGNERS[0], from: '"Forms" <forms@localhost>', subject: 'Sign the sample' });
    expect(first?.text).toContain('> Thanks!');
    expect(first?.link).toMatch(/^http:\/\/127\.0\.0\.1:5173\/sign\?token=[A-Za-z0-9_-]{43}$/);
    expect(first?.html).toContain(`<a href="${first?.link}"`);
    // The Outbox lists it with its text.
    const listed = await callJson<{ list: { subject: string; toAddress: string; textBody: string }[]; totalRecCount: number }>(server, '/api/Mail/Outbox', { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.list.find((m) => m.textBody.includes(first?.link ?? '?'))).toMatchObject({ subject: 'Sign the sample', toAddress: '"Grace Hopper" <grace@example.com>' });

    const open = await signingPage<SigningSession>(server, 'Open', { token: tokenOf(first) });
    expect(open.status).toBe(200);
    expect(open.body.places).toEqual([{ page: 0, x: signatureRect.x, y: signatureRect.y, width: expect.any(Number), height: expect.any(Number) }]);
    expect((await signingPage(server, 'Sign', { token: tokenOf(first), kind: 'drawn', image: pngDataUrl() })).status).toBe(200);

    const second = (await mailsOf(envelope.envelopeId, 'signing-request'))[1];
    expect(second?.to).toEqual(SIGNERS[1]);
    const open2 = await signingPage<SigningSession>(server, 'Open', { token: tokenOf(second) });
    // The template has one signature field: the second signer signs on the signatures page added after its page.
    expect(open2.body.places[0]?.page).toBe(1);
    const done = await signingPage<SigningEnvelope>(server, 'Sign', { token: tokenOf(second), kind: 'typed', typedName: 'Alan Turing', image: pngDataUrl() });
    expect(done.body.status).toBe(EnvelopeStatus.Completed);

    const response = await call(server, '/api/Signing/DownloadDocument', { token: editor, query: { envelopeId: envelope.envelopeId } });
    const signed = new Uint8Array(await response.arrayBuffer());
    // The completion goes to both signers and the sender, each with the signed document as downloaded.
    const completed = await mailsOf(envelope.envelopeId, 'completed');
    expect(completed.map((m) => m.to.email).sort()).toEqual(['alan@example.com', 'editor@example.com', 'grace@example.com']);
    for (const m of completed) {
      expect(m.subject).toBe('Signed by everyone: “Sample form”');
      expect(m.attachments.map((a) => [a.fileName, a.contentType])).toEqual([['Sample form - signed.pdf', 'application/pdf']]);
      expect(Buffer.from(m.attachments[0]!.bytes).equals(Buffer.from(signed))).toBe(true);
    }
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
    const first = (await mailsOf(envelope.envelopeId, 'signing-request'))[0];
    await signingPage(server, 'Open', { token: tokenOf(first) });
    await signingPage(server, 'Sign', { token: tokenOf(first), kind: 'drawn', image: pngDataUrl() });
    const second = (await mailsOf(envelope.envelopeId, 'signing-request'))[1];
    await signingPage(server, 'Open', { token: tokenOf(second) });
    expect((await signingPage(server, 'Decline', { token: tokenOf(second), reason: 'Not my form.' })).status).toBe(200);
    const told = await mailsOf(envelope.envelopeId, 'declined');
    expect(told.map((m) => m.to.email).sort()).toEqual(['editor@example.com', 'grace@example.com'].sort());
    for (const m of told) {
      expect(m.subject).toBe('Alan Turing declined to sign “Sample form”');
      expect(m.text).toContain('Alan Turing declined to sign “Sample form”. The signing has stopped. The reason given:\n\n> Not my form.');
    }
    // The sender's message links to the instance's page, where the signature can be requested again; a signer's does not.
    const link = `/admin/form-instance/${envelope.formInstanceId}`;
    const sender = told.find((m) => m.to.email === 'editor@example.com');
    expect(sender?.text).toMatch(new RegExp(`Open the form instance to request the signature again:\\nhttps?://[^\\s/]+${link}\\n`));
    expect(sender?.html).toMatch(new RegExp(`<a href="https?://[^"/]+${link}"[^>]*>Open the form instance to request the signature again</a>`));
    expect(told.find((m) => m.to.email === 'grace@example.com')?.text).not.toContain('/admin/');
  }, 60_000);
});

describe('the mail queue', () => {
  const message: MailMessage = { kind: 'reminder', to: { name: 'Ada', email: 'ada@example.com' }, subject: 'S', text: 'T', html: '<p>T</p>', attachments: [], envelopeId: 'e' };

  it('answers before it sends, and retries a message that failed until it goes', async () => {
    const attempts: string[] = [];
    const logs: string[] = [];
    const queue = new MailQueue(
      {
        async send(m) {
          attempts.push(m.subject);
          if (attempts.length < 3) throw new Error('421 try again later');
        },
      },
      (entry) => logs.push(`${entry.level} ${entry.msg}`),
      [1, 1],
    );
    await queue.send(message);
    // Queued, not sent: the caller (a request) did not wait for the SMTP server.
    expect(attempts).toEqual([]);
    await vi.waitFor(() => expect(attempts).toHaveLength(3), QUEUE_WAIT);
    await queue.idle();
    expect(queue.failed).toEqual([]);
    expect(logs).toEqual(['warn mail failed, retrying', 'warn mail failed, retrying']);
    await queue.stop();
  });

  it('gives up after the last retry, keeping the message and why', async () => {
    let attempts = 0;
    const logs: string[] = [];
    const queue = new MailQueue(
      {
        async send() {
          attempts += 1;
          throw new Error('550 mailbox unavailable');
        },
      },
      (entry) => logs.push(`${entry.level} ${entry.msg}`),
      [1, 1],
    );
    await queue.send(message);
    await vi.waitFor(() => expect(queue.failed).toHaveLength(1), QUEUE_WAIT);
    expect(attempts).toBe(3);
    expect(queue.failed[0]).toMatchObject({ message, attempts: 3, error: 'Error: 550 mailbox unavailable' });
    expect(logs.at(-1)).toBe('error mail not sent');
    await queue.stop();
    await queue.send(message);
    expect(attempts).toBe(3);
  });

  it("loses nothing on a restart: what waited in the database's queue goes out from the next start; a 5xx is not retried and stays failed", async () => {
    const store = drizzleMailQueueStore(server.db);
    const envelopeId = crypto.randomUUID();
    const waiting: MailMessage = { ...message, envelopeId, subject: 'Left in the queue', attachments: [{ fileName: 'a.pdf', contentType: 'application/pdf', bytes: new Uint8Array([37, 80, 68, 70]) }] };
    // The clocks of these queues are an hour and more ahead, so the test server's own worker (on the same table, on
    // the real clock) never finds these messages due.
    const t1 = new Date(Date.now() + 3600_000);
    // A server stopped before its worker sent the message (its mail server was down for the only try).
    const down = new MailQueue({ send: async () => Promise.reject(new Error('421 try again later')) }, () => undefined, [60_000], { store, now: () => t1, pollMs: null });
    await down.send(waiting);
    await vi.waitFor(async () => {
      const [id] = await rowsOf(envelopeId);
      expect((await store.find(id ?? ''))?.attempts).toBe(1);
    }, QUEUE_WAIT);
    await down.stop();
    const [mailId] = await rowsOf(envelopeId);
    expect((await store.find(mailId ?? ''))).toMatchObject({ status: 'pending', attempts: 1, lastError: '421 try again later' });
    // The next start: the retry comes due and the new worker sends it, attachment and all; the row is gone.
    const sent: MailMessage[] = [];
    const later = new Date(t1.getTime() + 61_000);
    const next = new MailQueue({ send: async (m) => void sent.push(m) }, () => undefined, [60_000], { store, now: () => later, pollMs: null });
    next.wake();
    await vi.waitFor(() => expect(sent).toHaveLength(1), QUEUE_WAIT);
    await next.idle();
    expect(sent[0]).toMatchObject({ subject: 'Left in the queue', envelopeId, to: message.to });
    expect(Array.from(sent[0]!.attachments[0]!.bytes)).toEqual([37, 80, 68, 70]);
    expect(await rowsOf(envelopeId)).toEqual([]);
    // Refused for good (550): one try, kept as failed with the server's words, shown for its envelope.
    const refusing = new MailQueue({ send: async () => Promise.reject(Object.assign(new Error('550 5.1.1 no such user'), { responseCode: 550 })) }, () => undefined, [1, 1], {
      store,
      now: () => new Date(t1.getTime() + 7200_000),
      pollMs: null,
    });
    await refusing.send({ ...message, envelopeId });
    await vi.waitFor(() => expect(refusing.failed).toHaveLength(1), QUEUE_WAIT);
    expect(await store.failures([envelopeId])).toMatchObject([{ status: 'failed', attempts: 1, lastError: '550 5.1.1 no such user' }]);
    await refusing.stop();
    await next.stop();
  });
});

/** The ids of the queued messages about an envelope. */
async function rowsOf(envelopeId: string): Promise<string[]> {
  return (await server.db.select({ id: mailQueue.id }).from(mailQueue).where(eq(mailQueue.envelopeId, envelopeId))).map((r) => r.id);
}
