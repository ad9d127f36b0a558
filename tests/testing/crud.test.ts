import { describe, expect, it } from 'vitest';
import type { Form, FormGroup, FormInstance, FormSchema } from '../../src/api/types';
import { FormInstanceStatus } from '../../src/api/enums';
import { createFakeBackend, seedIds } from '../../src/testing';
import { feedbackSchema } from '../../stories/forms/starRating';
import { BASE, call, getJson, send, sendJson, startFakeBackend, type Wire } from './helpers';

const startedFor = startFakeBackend();
const { backend } = startedFor;

const odataIds = async (set: string, key: string, filter?: string): Promise<string[]> => {
  const query = filter ? `?$filter=${encodeURIComponent(filter)}` : '';
  const answer = await getJson<{ value: Record<string, string>[] }>(`/odata/${set}${query}`);
  return answer.value.map((row) => row[key] ?? '');
};

describe('CRUD', () => {
  it('posts a form group and a form: new ids, timestamps, visible to OData', async () => {
    const group = await sendJson<Wire<FormGroup>>('POST', '/api/crud/formgroup/post', { name: ' Partners ', description: 'Forms for partners' });
    expect(group.formGroupId).toBe('f0000000-0000-4000-8000-000000000001');
    expect(group).toMatchObject({ name: 'Partners', description: 'Forms for partners', isDeleted: false });
    expect(Number.isNaN(Date.parse(group.createdDateTime))).toBe(false);
    expect(group.lastUpdatedDateTime).toBe(group.createdDateTime);

    const form = await sendJson<Wire<Form>>('POST', '/api/crud/form/post', {
      formId: '00000000-0000-0000-0000-000000000000',
      name: 'Partner Agreement',
      formGroupId: group.formGroupId,
    });
    expect(form).toMatchObject({ name: 'Partner Agreement', description: null, currentFormSchemaId: null, formGroupId: group.formGroupId });
    expect(await odataIds('FormOData', 'formId', `formGroupId eq ${group.formGroupId}`)).toEqual([form.formId]);
  });

  it('posts schema versions: numbers them and makes the first one current', async () => {
    const form = await sendJson<Wire<Form>>('POST', '/api/crud/form/post', { name: 'Survey' });
    const layout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'f', path: '/q1', widget: 'text', label: 'Q1' }] }] }] };
    const v1 = await sendJson<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, layout, isPublic: true });
    const v2 = await sendJson<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, name: 'Survey 2' });
    expect([v1.version, v2.version]).toEqual([1, 2]);
    expect(v1).toMatchObject({ name: 'Survey', isPublic: true, layout });
    expect(v1.jsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(backend.db.forms.find((f) => f.formId === form.formId)?.currentFormSchemaId).toBe(v1.formSchemaId);
  });

  it('patches with merge semantics and a fresh lastUpdatedDateTime', async () => {
    const before = backend.db.forms.find((f) => f.formId === seedIds.forms.contactRequest);
    const patched = await sendJson<Wire<Form>>('PATCH', '/api/crud/form/patch', { formId: seedIds.forms.contactRequest, description: 'Updated' });
    expect(patched).toMatchObject({ name: 'Contact Request', description: 'Updated', formGroupId: seedIds.formGroups.publicEnquiries });
    expect(patched.createdDateTime).toBe(before?.createdDateTime.toISOString());
    expect(Date.parse(patched.lastUpdatedDateTime)).toBeGreaterThan(Date.parse(patched.createdDateTime));
    const instance = await sendJson<Wire<FormInstance>>('PATCH', '/api/crud/forminstance/patch', {
      FormInstanceId: seedIds.formInstances.loanCreated, // property names are case-insensitive, as in ASP.NET Core
      data: { applicant: { name: 'New Name' } },
      status: FormInstanceStatus.InProgress,
    });
    expect(instance).toMatchObject({ status: FormInstanceStatus.InProgress, data: { applicant: { name: 'New Name' } } });
  });

  it('validates bodies: 400 for bad input, 404 for unknown rows, 409 for used ids', async () => {
    expect((await send('POST', '/api/crud/form/post', { name: '  ' })).status).toBe(400);
    expect((await send('POST', '/api/crud/form/post', { name: 'X', formGroupId: 'nope' })).status).toBe(400);
    expect((await send('POST', '/api/crud/form/post', { name: 'X', formId: seedIds.forms.expenseClaim })).status).toBe(409);
    expect((await send('POST', '/api/crud/formschema/post', { formId: 'nope' })).status).toBe(400);
    expect((await send('POST', '/api/crud/forminstance/post', { formSchemaId: seedIds.formSchemas.loanApplicationV1, status: 9 })).status).toBe(400);
    expect((await send('POST', '/api/crud/formschema/post', {
      formId: seedIds.forms.expenseClaim,
      layout: { pages: [{ sections: [{ fields: [{ path: '/__proto__/x' }] }] }] },
    })).status).toBe(400);
    expect((await send('PATCH', '/api/crud/form/patch', { name: 'no id' })).status).toBe(400);
    expect((await send('PATCH', '/api/crud/formgroup/patch', { formGroupId: 'nope', name: 'x' })).status).toBe(404);
    expect((await call('/api/crud/form/post', { method: 'POST', headers: { 'content-type': 'application/json' }, body: 'not json' })).status).toBe(400);
    // A body not sent as JSON (fetch says text/plain for a string) is refused before it is read.
    expect((await call('/api/crud/form/post', { method: 'POST', body: 'not json' })).status).toBe(415);
    expect((await send('DELETE', '/api/crud/form/delete?Id=nope')).status).toBe(404);
    expect((await send('DELETE', '/api/crud/form/delete')).status).toBe(400);
  });

  it('refuses to change the shape of a schema version that instances use (409)', async () => {
    const changed = await send('PATCH', '/api/crud/formschema/patch', {
      formSchemaId: seedIds.formSchemas.loanApplicationV1,
      layout: { pages: [] },
    });
    expect(changed.status).toBe(409);
    const renamed = await sendJson<Wire<FormSchema>>('PATCH', '/api/crud/formschema/patch', { formSchemaId: seedIds.formSchemas.loanApplicationV1, name: 'Loan' });
    expect(renamed.name).toBe('Loan');
  });

  it('soft deletes (true), hides from OData, and restores by patch', async () => {
    const response = await send('PATCH', `/api/crud/formgroup/softdelete?Id=${seedIds.formGroups.publicEnquiries}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toBe(true);
    expect(await odataIds('FormGroupOData', 'formGroupId')).not.toContain(seedIds.formGroups.publicEnquiries);
    expect(await odataIds('FormGroupOData', 'formGroupId', 'isDeleted eq true')).toEqual([seedIds.formGroups.publicEnquiries]);
    await sendJson('PATCH', '/api/crud/formgroup/patch', { formGroupId: seedIds.formGroups.publicEnquiries, isDeleted: false });
    expect(await odataIds('FormGroupOData', 'formGroupId')).toContain(seedIds.formGroups.publicEnquiries);
  });

  it('hard deletes (204) with cascades', async () => {
    const response = await send('DELETE', `/api/crud/form/delete?Id=${seedIds.forms.loanApplication}`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const { db } = backend;
    expect(db.forms.map((f) => f.formId)).not.toContain(seedIds.forms.loanApplication);
    expect(db.formSchemas.some((s) => s.formId === seedIds.forms.loanApplication)).toBe(false);
    expect(db.formInstances.some((i) => i.formId === seedIds.forms.loanApplication)).toBe(false);
    expect(db.envelopes.map((e) => e.envelopeId)).not.toContain(seedIds.envelopes.loanCompleted);
    expect(db.pdfs).toHaveLength(0);

    await send('DELETE', `/api/crud/formgroup/delete?Id=${seedIds.formGroups.humanResources}`);
    expect(db.forms.filter((f) => f.formGroupId === null).map((f) => f.name)).toEqual(['Employee Onboarding', 'Expense Claim']);

    await send('DELETE', `/api/crud/formschema/delete?Id=${seedIds.formSchemas.expenseClaimV2}`);
    expect(db.forms.find((f) => f.formId === seedIds.forms.expenseClaim)?.currentFormSchemaId).toBe(seedIds.formSchemas.expenseClaimV1);
    expect(db.formInstances.map((i) => i.formInstanceId)).not.toContain(seedIds.formInstances.expenseDeleted);

    await send('DELETE', `/api/crud/forminstance/delete?Id=${seedIds.formInstances.contactSubmitted}`);
    expect(db.formInstances.map((i) => i.formInstanceId)).not.toContain(seedIds.formInstances.contactSubmitted);
  });

  it('lets anonymous callers post instances of public schemas only', async () => {
    backend.setCurrentUser(null);
    const created = await sendJson<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', {
      formSchemaId: seedIds.formSchemas.contactRequestV1,
      // A submitted instance must pass the engine's validation (src/domain/forms).
      data: { applicant: { name: 'Ada', email: 'ada@example.com' }, contactPreference: 'email', message: 'Hello' },
      status: FormInstanceStatus.Submitted,
    });
    expect(created).toMatchObject({ formId: seedIds.forms.contactRequest, status: FormInstanceStatus.Submitted });
    const refused = await send('POST', '/api/crud/forminstance/post', { formSchemaId: seedIds.formSchemas.loanApplicationV1 });
    expect(refused.status).toBe(404); // a non-public schema is not there for anonymous callers
    expect((await send('POST', '/api/crud/form/post', { name: 'X' })).status).toBe(401);
    expect((await send('PATCH', '/api/crud/forminstance/patch', { formInstanceId: created.formInstanceId, data: {} })).status).toBe(401);
  });

  it('hands an anonymous creator an edit link token for the new instance, as the server does', async () => {
    backend.setCurrentUser(null);
    const res = await send('POST', '/api/crud/forminstance/post', { formSchemaId: seedIds.formSchemas.contactRequestV1, data: {} });
    expect(res.status).toBe(200);
    const token = res.headers.get('X-Form-Link-Token');
    expect(token).toBeTruthy();
    const created = (await res.json()) as Wire<FormInstance>;
    const patched = await call('/api/crud/forminstance/patch', {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ formInstanceId: created.formInstanceId, data: { message: 'Later' } }),
    });
    expect(patched.status).toBe(200);
  });

  it('lets an edit link patch the data and status of its one instance', async () => {
    const url = new URL(await getJson<string>(`/api/Forms/GetEditUrl?formInstanceId=${seedIds.formInstances.loanInProgress}`));
    const token = url.searchParams.get('token') ?? '';
    backend.setCurrentUser(null);
    const init = (body: unknown): RequestInit => ({
      method: 'PATCH',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const patched = await getJson<Wire<FormInstance>>('/api/crud/forminstance/patch', init({
      formInstanceId: seedIds.formInstances.loanInProgress,
      data: { applicant: { name: 'Alan M. Turing' } },
      status: FormInstanceStatus.InProgress, // a draft: Submitted needs complete data
      isDeleted: true, // ignored for link callers
    }));
    expect(patched).toMatchObject({ status: FormInstanceStatus.InProgress, isDeleted: false });
    const other = await call('/api/crud/forminstance/patch', init({ formInstanceId: seedIds.formInstances.loanCreated, data: {} }));
    expect(other.status).toBe(401);
  });
});

describe("a host's widget kind, declared to the fake by its value kind", () => {
  it('stores a form using the star-rating story\'s widget and an instance filled with it; without the declaration the save is refused (400)', async () => {
    const { server } = startedFor;
    const story = feedbackSchema();
    const refused = await send('POST', '/api/crud/formschema/post', { formId: seedIds.forms.contactRequest, jsonSchema: story.jsonSchema, layout: story.layout });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'schema-binding', detail: expect.stringMatching(/uses the widget 'star-rating', which is not known/) });

    const host = createFakeBackend({ hostWidgetKinds: { 'star-rating': 'number' } });
    server.use(...host.handlers(BASE));
    const form = await sendJson<Wire<Form>>('POST', '/api/crud/form/post', { name: 'Feedback' });
    const saved = await sendJson<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema: story.jsonSchema, layout: story.layout });
    expect(saved.layout.pages[0]?.sections[0]?.fields[0]).toMatchObject({ id: 'rating', widget: 'star-rating' });
    const filled = await sendJson<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', {
      formSchemaId: saved.formSchemaId,
      data: { rating: 4, comment: 'Friendly staff.' },
      status: FormInstanceStatus.Submitted,
    });
    expect(host.db.formInstances.find((i) => i.formInstanceId === filled.formInstanceId)?.data).toEqual({ rating: 4, comment: 'Friendly staff.' });
    // The declared kind is checked as the number it stores: bound to a text path it cannot be filled.
    const wrongType = await send('POST', '/api/crud/formschema/post', {
      formId: form.formId,
      jsonSchema: { type: 'object', properties: { rating: { type: 'string' } } },
      layout: story.layout,
    });
    expect(wrongType.status).toBe(400);
  });
});
