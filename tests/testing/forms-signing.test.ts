import { describe, expect, it } from 'vitest';
import type { FormInstance, JsonObject } from '../../src/api/types';
import { EnvelopeStatus, FormInstanceStatus } from '../../src/api/enums';
import { SEED_PRIMITIVE_PATHS, seedIds } from '../../src/testing';
import { call, getJson, send, sendJson, startFakeBackend, type Wire } from './helpers';

const { backend } = startFakeBackend();

describe('dynamic form linking', () => {
  it('answers the primitive paths and the example application', async () => {
    const paths = await getJson<string[]>('/api/DynamicFormLinking/GetAllPrimitivePaths');
    expect(paths).toEqual([...SEED_PRIMITIVE_PATHS]);
    expect(paths).toEqual(expect.arrayContaining(['/applicant/name', '/applicant/email', '/applicant/dateOfBirth', '/address/street']));
    const example = await getJson<JsonObject>('/api/DynamicFormLinking/GetExampleApplication');
    expect(example).toMatchObject({ applicant: { name: 'Grace Hopper' }, address: { city: 'Halifax' } });
  });

  it("creates an instance pre-filled with the schema's paths from a posted application", async () => {
    const example = await getJson<JsonObject>('/api/DynamicFormLinking/GetExampleApplication');
    const created = await sendJson<Wire<FormInstance>>(
      'POST',
      `/api/DynamicFormLinking/Create?schemaId=${seedIds.formSchemas.contactRequestV1}`,
      { ...example, unrelated: { secret: 1 } },
    );
    expect(created).toMatchObject({
      formSchemaId: seedIds.formSchemas.contactRequestV1,
      formId: seedIds.forms.contactRequest,
      status: FormInstanceStatus.Created,
      envelopeId: null,
    });
    expect(created.data).toEqual({ applicant: { name: 'Grace Hopper', email: 'grace.hopper@example.com', phone: '+1 555 0100' } });

    const loan = await sendJson<Wire<FormInstance>>('POST', `/api/DynamicFormLinking/Create?schemaId=${seedIds.formSchemas.loanApplicationV1}`, example);
    expect(loan.data).toMatchObject({ loan: { amount: 25000 }, coApplicants: [{ name: 'Howard Aiken' }], employment: { employerName: 'Navy Computing Ltd' } });
    expect(loan.data).not.toHaveProperty('employment.startDate');
    expect(backend.db.formInstances.map((i) => i.formInstanceId)).toContain(loan.formInstanceId);

    expect((await send('POST', '/api/DynamicFormLinking/Create?schemaId=nope', {})).status).toBe(404);
    expect((await send('POST', `/api/DynamicFormLinking/Create?schemaId=${seedIds.formSchemas.loanApplicationV1}`, [1])).status).toBe(400);
    expect((await send('POST', '/api/DynamicFormLinking/Create', {})).status).toBe(400);
  });

  it('duplicates an instance without its envelope', async () => {
    const copy = await getJson<Wire<FormInstance>>(`/api/DynamicFormLinking/Duplicate?formInstanceId=${seedIds.formInstances.loanCompleted}`);
    const source = backend.db.formInstances.find((i) => i.formInstanceId === seedIds.formInstances.loanCompleted);
    expect(copy.formInstanceId).not.toBe(source?.formInstanceId);
    expect(copy).toMatchObject({ status: FormInstanceStatus.Created, envelopeId: null, envelopeStatus: null, data: source?.data });
    expect((await call('/api/DynamicFormLinking/Duplicate?formInstanceId=nope')).status).toBe(404);
  });
});

describe('forms', () => {
  it('answers edit and view links as JSON strings carrying a token', async () => {
    const id = seedIds.formInstances.loanSubmitted;
    const edit = await getJson<string>(`/api/Forms/GetEditUrl?formInstanceId=${id}`);
    const url = new URL(edit);
    expect(`${url.origin}${url.pathname}`).toBe(`http://localhost/form-instance/${seedIds.formSchemas.loanApplicationV1}`);
    expect(url.searchParams.get('mode')).toBe('edit');
    expect(url.searchParams.get('formInstanceId')).toBe(id);
    expect(url.searchParams.get('token')).toMatch(/^[0-9a-f]{32}$/);
    const view = new URL(await getJson<string>(`/api/Forms/GetViewUrl?formInstanceId=${id}`));
    expect(view.searchParams.get('mode')).toBe('view');
    expect(view.searchParams.get('token')).not.toBe(url.searchParams.get('token'));
    expect((await call('/api/Forms/GetEditUrl?formInstanceId=nope')).status).toBe(404);
  });

  it('marks a submitted instance completed (200, empty), a draft not (409), and records deletion notices', async () => {
    expect((await call(`/api/Forms/MarkCompleted?formInstanceId=${seedIds.formInstances.loanInProgress}`)).status).toBe(409);
    const response = await call(`/api/Forms/MarkCompleted?formInstanceId=${seedIds.formInstances.loanSubmitted}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
    expect(backend.db.formInstances.find((i) => i.formInstanceId === seedIds.formInstances.loanSubmitted)?.status).toBe(FormInstanceStatus.Completed);
    // The instance may already be gone; its id must still be one (400 otherwise, as the server answers).
    const gone = '0b9c1a52-6f0e-4c43-9d57-2a4f7e3c8d10';
    const notice = await call(`/api/Forms/NotifyDeleted?formInstanceId=${gone}`);
    expect(notice.status).toBe(200);
    expect((await call('/api/Forms/NotifyDeleted?formInstanceId=gone')).status).toBe(400);
    expect(backend.db.deletionNotices.map((n) => n.formInstanceId)).toEqual([gone]);
  });

  it('never lets an anonymous caller mark completed: 401 without a link, 403 with an edit link', async () => {
    const token = new URL(await getJson<string>(`/api/Forms/GetEditUrl?formInstanceId=${seedIds.formInstances.loanCreated}`)).searchParams.get('token');
    backend.setCurrentUser(null);
    expect((await call(`/api/Forms/MarkCompleted?formInstanceId=${seedIds.formInstances.loanCreated}`)).status).toBe(401);
    const refused = await call(`/api/Forms/MarkCompleted?formInstanceId=${seedIds.formInstances.loanCreated}`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(403);
  });
});

describe('health check', () => {
  it('is public and reports db.health', async () => {
    backend.setCurrentUser(null);
    // The server's answer: the status, the database's and the time.
    expect(await getJson('/api/HealthCheck/Get')).toEqual({ status: 'Healthy', database: 'Healthy', timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    backend.db.health = 'Unhealthy';
    const down = await call('/api/HealthCheck/Get');
    expect(down.status).toBe(503);
    expect(await down.json()).toMatchObject({ status: 'Unhealthy', database: 'Unhealthy' });
  });
});

describe('signing', () => {
  it('requests a signature: a Sent envelope on the instance, answered as JSON (the spec’s client reads no body)', async () => {
    const response = await send('POST', '/api/Signing/RequestSignature', {
      formInstanceId: seedIds.formInstances.loanInProgress,
      signers: [{ name: 'Alan Turing', email: 'alan.turing@example.com' }],
      emailSubject: 'Please sign',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: EnvelopeStatus.Sent, signers: [{ name: 'Alan Turing', routingOrder: 1, status: 'Sent' }] });
    const instance = backend.db.formInstances.find((i) => i.formInstanceId === seedIds.formInstances.loanInProgress);
    expect(instance?.envelopeStatus).toBe(EnvelopeStatus.Sent);
    const envelope = backend.db.envelopes.find((e) => e.envelopeId === instance?.envelopeId);
    expect(envelope).toMatchObject({ status: EnvelopeStatus.Sent, emailSubject: 'Please sign', signers: [{ name: 'Alan Turing', routingOrder: 1 }] });

    backend.setEnvelopeStatus(envelope?.envelopeId ?? '', EnvelopeStatus.Completed);
    expect(instance?.envelopeStatus).toBe(EnvelopeStatus.Completed);
    expect(backend.db.pdfs.some((p) => p.envelopeId === envelope?.envelopeId && p.kind === 'signed')).toBe(true);
  });

  it('validates signature requests', async () => {
    const base = { formInstanceId: seedIds.formInstances.loanCreated, signers: [{ name: 'A', email: 'a@example.com' }] };
    expect((await send('POST', '/api/Signing/RequestSignature', { ...base, signers: [] })).status).toBe(400);
    expect((await send('POST', '/api/Signing/RequestSignature', { ...base, signers: [{ name: 'A', email: 'nope' }] })).status).toBe(400);
    expect((await send('POST', '/api/Signing/RequestSignature', { ...base, formInstanceId: 'nope' })).status).toBe(400);
    expect((await send('POST', '/api/Signing/RequestSignature', { ...base, formInstanceId: crypto.randomUUID() })).status).toBe(404);
    expect((await send('POST', '/api/Signing/RequestSignature', { signers: base.signers })).status).toBe(400);
  });

  it('downloads the signed document with an RFC 5987 file name, named as the server names it', async () => {
    const response = await call(`/api/Signing/DownloadDocument?envelopeId=${seedIds.envelopes.loanCompleted}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const disposition = response.headers.get('content-disposition') ?? '';
    expect(disposition).toBe(`attachment; filename="Loan Application - signed.pdf"; filename*=UTF-8''Loan%20Application%20-%20signed.pdf`);
    const encoded = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(encoded)).toBe('Loan Application - signed.pdf');
    expect(response.headers.get('access-control-expose-headers')).toContain('Content-Disposition');
    const blob = await response.blob();
    expect(new TextDecoder().decode(await blob.arrayBuffer()).startsWith('%PDF-1.4')).toBe(true);
    expect(blob.size).toBe(Number(response.headers.get('content-length')));
  });

  it('has no signed document before the envelope is completed (409), and 404s unknown envelopes', async () => {
    const response = await call(`/api/Signing/DownloadDocument?envelopeId=${seedIds.envelopes.loanSubmittedSent}`);
    expect(response.status).toBe(409);
    expect((await call('/api/Signing/DownloadDocument?envelopeId=nope')).status).toBe(404);
    expect((await call('/api/Signing/DownloadDocument')).status).toBe(400);
  });
});
