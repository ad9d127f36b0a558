// @vitest-environment node
/**
 * Contract of following up an instance on the fake and the reference server:
 * - the receipt to a visitor: one who sends a public form and gave an e-mail address gets one message, with a text
 *   and an HTML part, whose view link shows their answers read-only; a visitor who gave none, a draft, and staff's
 *   own writes send nothing;
 * - the status history: every change of an instance's status, oldest first, with who made it (a visitor: nobody).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, isApiError, type ApiClient } from '../../src/api';
import type { FormLayout, JsonObject, OutboxMessage } from '../../src/api/types';
import { FormInstanceStatus } from '../../src/contract/enums';
import { FORM_LINK_TOKEN_HEADER } from '../../src/domain/forms';
import { receiptAddress, receiptMail, signingMailTextsOf } from '../../src/service/mail';
import { englishLabels } from '../../src/labels/english';
import { germanLabels } from '../../src/locales/de';
import { startFakeTarget, startServerTarget, type ContractTarget } from './targets';

const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { name: { type: 'string' }, contact: { type: 'object', properties: { email: { type: 'string', format: 'email' } } } },
};
const layout: FormLayout = {
  pages: [
    {
      id: 'p',
      title: 'P',
      sections: [
        {
          id: 's',
          title: 'S',
          fields: [
            { id: 'name', path: '/name', widget: 'text', label: 'Name' },
            { id: 'email', path: '/contact/email', widget: 'email', label: 'E-mail' },
          ],
        },
      ],
    },
  ],
};

/** The Outbox's messages `wanted` finds, once there are `count` (the server sends after it answers; 20 s at most). */
async function mailOf(client: ApiClient, wanted: (message: OutboxMessage) => boolean, count = 1): Promise<OutboxMessage[]> {
  for (const deadline = Date.now() + 20_000; ; ) {
    const found = ((await client.signing.listOutbox(1, 100)).list ?? []).filter(wanted);
    if (found.length >= count || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A visitor's post: the status and the edit link token the answer brings. */
async function visitorPost(target: ContractTarget, body: JsonObject): Promise<{ id: string; token: string }> {
  const res = await fetch(`${target.baseUrl}/api/crud/forminstance/post`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const row = (await res.json()) as { formInstanceId: string };
  return { id: row.formInstanceId, token: res.headers.get(FORM_LINK_TOKEN_HEADER) ?? '' };
}

async function runScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const formName = `Receipt ${target.name}`;
  const form = await admin.crud.form.post({ name: formName });
  const schema = await admin.crud.formschema.post({ formId: form?.formId ?? '', jsonSchema, layout, isPublic: true });
  const formSchemaId = schema?.formSchemaId ?? '';
  const mine = (email: string) => (m: OutboxMessage) => m.toAddress.includes(email);

  // A draft sends nothing; its submit through the visitor's edit link sends the receipt.
  const draft = await visitorPost(target, { formSchemaId, data: { name: 'Zoë', contact: { email: 'zoe@example.com' } }, status: FormInstanceStatus.InProgress });
  const visitor = createApiClient({ baseUrl: target.baseUrl, retry: { retries: 0 }, getAccessToken: () => draft.token });
  await visitor.crud.forminstance.patch({ formInstanceId: draft.id, status: FormInstanceStatus.Submitted });
  const [receipt] = await mailOf(admin, mine('zoe@example.com'));
  const link = /^(http\S+\/form-instance\/[^?\s]+\?mode=view&formInstanceId=[^&\s]+&token=[A-Za-z0-9_-]+)$/m.exec(receipt?.textBody ?? '')?.[1] ?? '';
  facts.set('receipt', [receipt?.subject, receipt?.textBody.includes('Thank you: your answers to'), link !== '', receipt?.attachments.length]);
  const url = new URL(link || 'http://x/');
  facts.set('receipt.link', [url.pathname.endsWith(`/form-instance/${formSchemaId}`), url.searchParams.get('formInstanceId') === draft.id]);
  // The link shows the visitor's answers and changes nothing.
  const viewer = createApiClient({ baseUrl: target.baseUrl, retry: { retries: 0 }, getAccessToken: () => url.searchParams.get('token') ?? '' });
  const seen = await viewer.odata.formInstances.list({ filter: `formInstanceId eq ${draft.id}`, select: ['data', 'status'] });
  facts.set('receipt.view', seen?.value.map((i) => [i.status, i.data]));
  facts.set(
    'receipt.view.write',
    await viewer.crud.forminstance.patch({ formInstanceId: draft.id, data: { name: 'Eve' } }).then(
      () => 'ok',
      (error: { status?: number }) => error.status,
    ),
  );

  // Sent at once as Submitted: one receipt. Without an address, and staff's own submit: none.
  await visitorPost(target, { formSchemaId, data: { name: 'Ada', contact: { email: 'ada@example.com' } }, status: FormInstanceStatus.Submitted });
  await visitorPost(target, { formSchemaId, data: { name: 'Nobody' }, status: FormInstanceStatus.Submitted });
  await admin.crud.forminstance.post({ formSchemaId, data: { name: 'Staff', contact: { email: 'staff@example.com' } }, status: FormInstanceStatus.Submitted });
  // A last receipt: once it has arrived, so has any the writes before it sent (the queue sends the oldest first).
  await visitorPost(target, { formSchemaId, data: { name: 'Last', contact: { email: 'last@example.com' } }, status: FormInstanceStatus.Submitted });
  await mailOf(admin, mine('last@example.com'));
  facts.set('receipt.once', (await mailOf(admin, mine('ada@example.com'))).length);
  facts.set('receipt.all', (await mailOf(admin, (m) => m.subject.includes(formName), 0)).map((m) => /[^\s<>"]+@[^\s<>"]+/.exec(m.toAddress)?.[0]).sort());

  // The status history of Zoë's instance: created In progress by a visitor, submitted by them, completed by staff.
  await admin.forms.markCompleted(draft.id);
  const history = (await admin.forms.statusHistory(draft.id)) ?? [];
  facts.set(
    'history',
    history.map((c) => [c.fromStatus, c.toStatus, c.changedBy === null ? null : c.changedBy.name !== '', c.changedDateTime instanceof Date]),
  );
  facts.set('history.order', history.every((c, i) => i === 0 || c.changedDateTime.getTime() >= history[i - 1]!.changedDateTime.getTime()));
  // Staff's changes: a new instance, then its status set twice (the same status again records nothing).
  const staffMade = await admin.crud.forminstance.post({ formSchemaId, data: { name: 'Staff' } });
  const staffId = staffMade?.formInstanceId ?? '';
  await admin.crud.forminstance.patch({ formInstanceId: staffId, status: FormInstanceStatus.InProgress });
  await admin.crud.forminstance.patch({ formInstanceId: staffId, status: FormInstanceStatus.InProgress, data: { name: 'Staff 2' } });
  facts.set('history.staff', ((await admin.forms.statusHistory(staffId)) ?? []).map((c) => [c.fromStatus, c.toStatus, (c.changedBy?.name ?? '') !== '']));
  const status = (call: () => Promise<unknown>) =>
    call().then(
      () => 'ok',
      (error: unknown) => (isApiError(error) ? error.status : String(error)),
    );
  facts.set('history.refused', [
    await status(() => admin.forms.statusHistory('00000000-0000-4000-8000-000000000000')),
    await status(() => admin.forms.statusHistory('not-an-id')),
    await status(() => target.clientAs(null).forms.statusHistory(staffId)),
    await status(() => visitor.forms.statusHistory(draft.id)),
  ]);
  return facts;
}

let fake: Map<string, unknown>;
let server: Map<string, unknown>;
const targets: ContractTarget[] = [];

beforeAll(async () => {
  const fakeTarget = await startFakeTarget();
  targets.push(fakeTarget);
  fake = await runScenario(fakeTarget);
  const serverTarget = await startServerTarget({ signing: { smtpSink: true } });
  targets.push(serverTarget);
  server = await runScenario(serverTarget);
}, 180_000);

afterAll(async () => {
  for (const target of targets) await target.stop();
});

describe('receipt to a visitor — the fake and the server agree', () => {
  it('sends one receipt with the visitor\'s view link when they submit with an e-mail address', () => {
    expect(fake.get('receipt')).toEqual(['We received your answers to “Receipt fake”', true, true, 0]);
    expect(fake.get('receipt.link')).toEqual([true, true]);
    expect(fake.get('receipt.view')).toEqual([[FormInstanceStatus.Submitted, { name: 'Zoë', contact: { email: 'zoe@example.com' } }]]);
    expect(fake.get('receipt.view.write')).toBe(403);
    expect(fake.get('receipt.once')).toBe(1);
    expect(fake.get('receipt.all')).toEqual(['ada@example.com', 'last@example.com', 'zoe@example.com']);
    expect(server.get('receipt')).toEqual(['We received your answers to “Receipt server”', true, true, 0]);
    for (const key of ['receipt.link', 'receipt.view', 'receipt.view.write', 'receipt.once', 'receipt.all']) expect(server.get(key), key).toEqual(fake.get(key));
  });
});

describe('status history — the fake and the server agree', () => {
  it('lists every change of an instance\'s status oldest first, with who made it; 404 for no instance, 401 without sign-in', () => {
    const { InProgress, Submitted, Completed } = FormInstanceStatus;
    expect(fake.get('history')).toEqual([
      [null, InProgress, null, true],
      [InProgress, Submitted, null, true],
      [Submitted, Completed, true, true],
    ]);
    expect(fake.get('history.order')).toBe(true);
    expect(fake.get('history.refused')).toEqual([404, 404, 401, 401]);
    for (const key of ['history', 'history.order', 'history.refused']) expect(server.get(key), key).toEqual(fake.get(key));
    expect(fake.get('history.staff')).toEqual([
      [null, FormInstanceStatus.Created, true],
      [FormInstanceStatus.Created, InProgress, true],
    ]);
    expect(server.get('history.staff')).toEqual(fake.get('history.staff'));
  });
});

describe('receipt message', () => {
  it('finds the address a visitor gave, nested or not, and none when it is not an address', () => {
    expect(receiptAddress(jsonSchema, { contact: { email: ' zoe@example.com ' } })).toBe('zoe@example.com');
    expect(receiptAddress(jsonSchema, { contact: { email: 'not an address' } })).toBeNull();
    expect(receiptAddress(jsonSchema, { name: 'zoe@example.com' })).toBeNull();
    expect(receiptAddress({ properties: { mail: { type: 'string', format: 'idn-email' } } }, { mail: 'zoë@exämple.de' })).toBe('zoë@exämple.de');
  });

  it('writes text and HTML from the labels, in German too, and escapes what it is given', () => {
    const facts = { formName: 'Café <b>', email: 'zoe@example.com', link: 'https://forms.example/form-instance/s?mode=view&token=t', submittedAt: new Date('2030-01-31T12:00:00Z') };
    const english = receiptMail({ ...facts, texts: signingMailTextsOf(englishLabels) });
    expect(english.subject).toBe('We received your answers to “Café <b>”');
    expect(english.text).toContain('were received on January 31, 2030 at 12:00 PM UTC.');
    expect(english.text).toContain('View your answers:\nhttps://forms.example/form-instance/s?mode=view&token=t');
    expect(english.html).toContain('Café &lt;b&gt;');
    expect(english.html).toContain('href="https://forms.example/form-instance/s?mode=view&amp;token=t"');
    expect([english.kind, english.envelopeId, english.to]).toEqual(['receipt', '', { name: '', email: 'zoe@example.com' }]);
    const german = receiptMail({ ...facts, texts: signingMailTextsOf(germanLabels), locale: 'de' });
    expect(german.subject).toBe('Ihre Antworten zu „Café <b>“ sind eingegangen');
    expect(german.text).toContain('am 31. Januar 2030 um 12:00 UTC eingegangen');
  });
});
