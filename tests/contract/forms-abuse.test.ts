// @vitest-environment node
/**
 * Contract of what public-form visitors may do to the stored instances, run through the same scenarios against the
 * fake and the reference server: the status table (who may make which change; data checked on the way into
 * Completed), soft delete (invisible to all but those who may restore), the body cap of instance writes, and the
 * bounds of anonymous writes (429 with Retry-After). Each fact is asserted on both backends.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, isApiError } from '../../src/api';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormLayout, JsonObject } from '../../src/api/types';
import { DELETED_FORM_CODE, FORM_LINK_TOKEN_HEADER, SUBMITTED_MESSAGE, VISITOR_COMPLETE_MESSAGE } from '../../src/domain/forms';
import { fileSchema } from '../../src/engine/files';
import { startFakeTarget, startServerTarget, type ContractTarget, type TargetOptions } from './targets';

const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 } },
  required: ['name'],
};
const layout: FormLayout = {
  pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }],
};

/** 'ok', or the status, detail and code of a refusal. */
async function outcome(call: () => Promise<unknown>): Promise<unknown> {
  try {
    await call();
    return 'ok';
  } catch (error) {
    if (!isApiError(error)) throw error;
    const result = error.result as { detail?: string; code?: string } | null;
    return { status: error.status, detail: result?.detail, ...(result?.code ? { code: result.code } : {}) };
  }
}

interface Raw {
  status: number;
  retryAfter: string | null;
  code?: string;
  token: string | null;
  id?: string;
}

/** A raw JSON request (the typed client does not show response headers). */
async function raw(target: ContractTarget, method: string, path: string, body: unknown, token?: string): Promise<Raw> {
  const res = await fetch(`${target.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { code?: string; formInstanceId?: string } | null;
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    ...(json?.code ? { code: json.code } : {}),
    token: res.headers.get(FORM_LINK_TOKEN_HEADER),
    ...(json?.formInstanceId ? { id: json.formInstanceId } : {}),
  };
}

async function setUp(target: ContractTarget) {
  const admin = target.client;
  const form = await admin.crud.form.post({ name: `Abuse ${target.name}` });
  const formId = form?.formId ?? '';
  const schema = await admin.crud.formschema.post({ formId, jsonSchema, layout, isPublic: true });
  return { admin, formId, formSchemaId: schema?.formSchemaId ?? '' };
}

const linkToken = (url: string | null) => new URL(url ?? '').searchParams.get('token') ?? '';

async function statusScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const { admin, formSchemaId } = await setUp(target);
  const clientWith = (token: string) => createApiClient({ baseUrl: target.baseUrl, retry: { retries: 0 }, getAccessToken: () => token });
  const anonymous = target.clientAs(null);

  const empty = await admin.crud.forminstance.post({ formSchemaId, data: {} });
  const id = empty?.formInstanceId ?? '';
  const editor = clientWith(linkToken(await admin.forms.getEditUrl(id)));
  facts.set('markCompleted.link.empty', await outcome(() => editor.forms.markCompleted(id)));
  facts.set('markCompleted.staff.empty', await outcome(() => admin.forms.markCompleted(id)));
  facts.set('link.submit', await outcome(() => editor.crud.forminstance.patch({ formInstanceId: id, data: { name: 'Ada' }, status: FormInstanceStatus.Submitted })));
  facts.set('link.submitted.back', await outcome(() => editor.crud.forminstance.patch({ formInstanceId: id, status: FormInstanceStatus.InProgress })));
  facts.set('link.submitted.change', await outcome(() => editor.crud.forminstance.patch({ formInstanceId: id, data: { name: 'Eve' } })));
  facts.set('markCompleted.link.submitted', await outcome(() => editor.forms.markCompleted(id)));
  facts.set('markCompleted.staff.submitted', await outcome(() => admin.forms.markCompleted(id)));
  const done = await admin.odata.formInstances.list({ filter: `formInstanceId eq ${id}`, select: ['status', 'data'] });
  facts.set('completed', done?.value.map((i) => [i.status, i.data]));
  facts.set('staff.reopen.completed', await outcome(() => admin.crud.forminstance.patch({ formInstanceId: id, status: FormInstanceStatus.Submitted })));

  facts.set('anonymous.post.completed', await outcome(() => anonymous.crud.forminstance.post({ formSchemaId, data: { name: 'Mallory' }, status: FormInstanceStatus.Completed })));
  facts.set('staff.post.completed', await outcome(() => admin.crud.forminstance.post({ formSchemaId, data: { name: 'Mallory' }, status: FormInstanceStatus.Completed })));

  // An instance write's body is its data (at most 1 MiB) and a little more: 2 MiB is refused whatever it holds.
  const padded = JSON.stringify({ formSchemaId, data: { name: 'Big' }, padding: 'x'.repeat(2 * 1024 * 1024) });
  facts.set('anonymous.post.2MiB', (await raw(target, 'POST', '/api/crud/forminstance/post', padded)).status);
  facts.set('staff.post.2MiB', (await raw(target, 'POST', '/api/crud/forminstance/post', padded, target.adminToken)).status);
  return facts;
}

async function softDeleteScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const { admin, formId, formSchemaId } = await setUp(target);
  const clientWith = (token: string) => createApiClient({ baseUrl: target.baseUrl, retry: { retries: 0 }, getAccessToken: () => token });
  const anonymous = target.clientAs(null);
  const reader = target.clientAs('reader');

  const started = await anonymous.crud.forminstance.post({ formSchemaId, data: { name: 'V' }, status: FormInstanceStatus.InProgress });
  const id = started?.formInstanceId ?? '';
  const viewer = clientWith(linkToken(await admin.forms.getViewUrl(id)));
  const readByLink = async () => outcome(async () => facts.set('link.rows', (await viewer.odata.formInstances.list())?.value.length));
  facts.set('link.read.live', await readByLink());

  await admin.crud.form.softDelete(formId);
  facts.set('form.deleted.anonymous.post', await outcome(() => anonymous.crud.forminstance.post({ formSchemaId, data: {} })));
  // Staff start no instance of a soft-deleted form either (restore it first), by either call.
  facts.set('form.deleted.staff.post', await outcome(() => admin.crud.forminstance.post({ formSchemaId, data: {} })));
  facts.set('form.deleted.staff.create', await outcome(() => admin.dynamicFormLinking.create(formSchemaId, {})));
  const deletedForms = await anonymous.odata.forms.list({ filter: `formId eq ${formId} and isDeleted eq true` });
  facts.set('form.deleted.anonymous.odata', deletedForms?.value.length);
  const deletedSchemas = await anonymous.odata.formSchemas.list({ filter: `formSchemaId eq ${formSchemaId}` });
  facts.set('form.deleted.anonymous.schemas', deletedSchemas?.value.length);
  facts.set('form.deleted.link.read', await readByLink());
  facts.set('form.deleted.reader.odata', (await reader.odata.forms.list({ filter: `formId eq ${formId} and isDeleted eq true` }))?.value.length);
  facts.set('form.deleted.admin.odata', (await admin.odata.forms.list({ filter: `formId eq ${formId} and isDeleted eq true` }))?.value.length);

  await admin.crud.form.patch({ formId, isDeleted: false });
  facts.set('form.restored.link.read', await readByLink());
  facts.set('form.restored.staff.post', await outcome(() => admin.crud.forminstance.post({ formSchemaId, data: {} })));
  await admin.crud.formschema.softDelete(formSchemaId);
  facts.set('schema.deleted.staff.post', await outcome(() => admin.crud.forminstance.post({ formSchemaId, data: {} })));
  await admin.crud.formschema.patch({ formSchemaId, isDeleted: false });
  await admin.crud.forminstance.softDelete(id);
  facts.set('instance.deleted.editUrl', await outcome(() => admin.forms.getEditUrl(id)));
  facts.set('instance.deleted.viewUrl', await outcome(() => admin.forms.getViewUrl(id)));
  facts.set('instance.deleted.link.read', await readByLink());
  const filter = `formInstanceId eq ${id} and isDeleted eq true`;
  facts.set('instance.deleted.reader.odata', (await reader.odata.formInstances.list({ filter }))?.value.length);
  facts.set('instance.deleted.admin.odata', (await admin.odata.formInstances.list({ filter }))?.value.length);
  facts.set('instance.deleted.markCompleted', await outcome(() => admin.forms.markCompleted(id)));
  return facts;
}

async function limitScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const { formSchemaId } = await setUp(target);
  const post = (status: FormInstanceStatus) => raw(target, 'POST', '/api/crud/forminstance/post', { formSchemaId, data: { name: 'D' }, status });
  const first = await post(FormInstanceStatus.InProgress);
  const second = await post(FormInstanceStatus.InProgress);
  facts.set('drafts.ok', [first.status, second.status]);
  const third = await post(FormInstanceStatus.InProgress);
  facts.set('drafts.third', { status: third.status, code: third.code, retryAfter: third.retryAfter !== null && Number(third.retryAfter) > 0 });
  // Submitting a draft frees its place.
  const submitted = await raw(target, 'PATCH', '/api/crud/forminstance/patch', { formInstanceId: first.id, status: FormInstanceStatus.Submitted }, first.token ?? '');
  facts.set('drafts.submit', submitted.status);
  facts.set('drafts.after.submit', (await post(FormInstanceStatus.InProgress)).status);
  // Five writes so far from this address (the refused one counts too): the sixth waits.
  const sixth = await post(FormInstanceStatus.Submitted);
  const wait = Number(sixth.retryAfter);
  facts.set('address.rate', { status: sixth.status, code: sixth.code, retryAfter: wait > 0 && wait <= 60 });
  return facts;
}

async function bytesScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const { formSchemaId } = await setUp(target);
  const name = 'y'.repeat(60_000);
  const first = await raw(target, 'POST', '/api/crud/forminstance/post', { formSchemaId, data: { name }, status: FormInstanceStatus.InProgress });
  facts.set('bytes.first', first.status);
  // 60 kB more would pass 100 kB within the minute: refused, and told when it fits.
  const second = await raw(target, 'PATCH', '/api/crud/forminstance/patch', { formInstanceId: first.id, data: { name } }, first.token ?? '');
  const wait = Number(second.retryAfter);
  facts.set('bytes.second', { status: second.status, code: second.code, retryAfter: wait > 0 && wait <= 60 });
  // A small save still fits.
  facts.set('bytes.small', (await raw(target, 'PATCH', '/api/crud/forminstance/patch', { formInstanceId: first.id, data: { name: 'Ada' } }, first.token ?? '')).status);
  return facts;
}

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../fixtures/files/${name}`, import.meta.url)));

/** An upload of `bytes` named `name` (declared as `type`) to the file upload field `fieldId`: status, code and body. */
async function upload(target: ContractTarget, formInstanceId: string, fieldId: string, file: { bytes: Uint8Array; name: string; type: string }, token?: string) {
  const form = new FormData();
  form.append('File', new Blob([file.bytes.slice()], { type: file.type }), file.name);
  const query = new URLSearchParams({ formInstanceId, fieldId });
  const res = await fetch(`${target.baseUrl}/api/FormFiles/Upload?${query}`, { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json().catch(() => null)) as { code?: string } | null;
  return { status: res.status, ...(res.status === 200 ? { body } : body?.code ? { code: body.code } : {}) };
}

/**
 * File upload answers: a visitor uploads to their own instance only, the type is read from the content (a renamed
 * text file is no PDF: 415), a file over the field's size is refused (413), staff download the stored bytes with their
 * type and name, and the answer keeps only the reference.
 */
async function filesScenario(target: ContractTarget): Promise<Map<string, unknown>> {
  const facts = new Map<string, unknown>();
  const admin = target.client;
  const form = await admin.crud.form.post({ name: `Files ${target.name}` });
  const filesJson: JsonObject = {
    type: 'object',
    properties: { name: { type: 'string' }, papers: fileSchema({ accepted: ['application/pdf', 'image/png'], maxBytes: 4096, maxFiles: 2 }) },
  };
  const filesLayout: FormLayout = {
    pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'papers', path: '/papers', widget: 'file', label: 'Payslips' }] }] }],
  };
  const schema = await admin.crud.formschema.post({ formId: form?.formId ?? '', jsonSchema: filesJson, layout: filesLayout, isPublic: true });
  const formSchemaId = schema?.formSchemaId ?? '';
  const mine = await raw(target, 'POST', '/api/crud/forminstance/post', { formSchemaId, data: {}, status: FormInstanceStatus.InProgress });
  const other = await raw(target, 'POST', '/api/crud/forminstance/post', { formSchemaId, data: {}, status: FormInstanceStatus.InProgress });
  const id = mine.id ?? '';
  const png = { bytes: fixture('tiny.png'), name: 'scan.png', type: 'image/png' };

  const stored = await upload(target, id, 'papers', png, mine.token ?? '');
  facts.set('upload.png', stored);
  facts.set('upload.renamed.text', await upload(target, id, 'papers', { bytes: fixture('note.txt'), name: 'payslip.pdf', type: 'application/pdf' }, mine.token ?? ''));
  facts.set('upload.gif.not.accepted', await upload(target, id, 'papers', { bytes: fixture('tiny.gif'), name: 'a.gif', type: 'image/gif' }, mine.token ?? ''));
  const big = new Uint8Array(5000).fill(0x20);
  big.set(new TextEncoder().encode('%PDF-1.7\n'));
  facts.set('upload.too.large', await upload(target, id, 'papers', { bytes: big, name: 'big.pdf', type: 'application/pdf' }, mine.token ?? ''));
  facts.set('upload.no.link', await upload(target, id, 'papers', png));
  facts.set('upload.other.instance', await upload(target, other.id ?? '', 'papers', png, mine.token ?? ''));
  facts.set('upload.unknown.field', await upload(target, id, 'name', png, mine.token ?? ''));
  facts.set('upload.staff', (await upload(target, id, 'papers', png, target.adminToken)).status);

  const reference = (stored as { body?: { fileId?: string } }).body;
  const download = (token?: string) =>
    fetch(`${target.baseUrl}/api/FormFiles/Download?fileId=${reference?.fileId ?? ''}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const staff = await download(target.adminToken);
  const bytes = new Uint8Array(await staff.arrayBuffer());
  facts.set('download.staff', {
    status: staff.status,
    type: staff.headers.get('content-type'),
    disposition: staff.headers.get('content-disposition'),
    same: bytes.length === png.bytes.length && bytes.every((b, i) => b === png.bytes[i]),
  });
  facts.set('download.anonymous', (await download()).status);
  facts.set('download.link', (await download(mine.token ?? '')).status);
  // Submitted, the answer is checked: a reference carrying the bytes is refused by the schema; the reference passes.
  const submit = (papers: unknown) => raw(target, 'PATCH', '/api/crud/forminstance/patch', { formInstanceId: id, data: { papers }, status: FormInstanceStatus.Submitted }, mine.token ?? '');
  facts.set('save.bytes', (await submit([{ ...reference, bytes: 'iVBORw0K' }])).status);
  facts.set('save.reference', (await submit([reference])).status);
  return facts;
}

const LOW_LIMITS: TargetOptions = {
  anonymousWriteLimits: { perAddress: { max: 5, windowSeconds: 60 }, draftsPerAddressAndSchema: { max: 2, windowSeconds: 3600 } },
};

type Scenario = (target: ContractTarget) => Promise<Map<string, unknown>>;
const results: Record<'fake' | 'server', Record<string, Map<string, unknown>>> = { fake: {}, server: {} };

async function runOn(start: (options: TargetOptions) => Promise<ContractTarget>, name: 'fake' | 'server'): Promise<void> {
  const scenarios: [string, Scenario, TargetOptions, [string, Scenario]?][] = [
    // The files scenario runs on the status scenario's backend (no start of its own).
    ['status', statusScenario, { anonymousWriteLimits: null }, ['files', filesScenario]],
    ['softDelete', softDeleteScenario, { anonymousWriteLimits: null }],
    ['limits', limitScenario, LOW_LIMITS],
    ['bytes', bytesScenario, { anonymousWriteLimits: { bytesPerAddress: { max: 100_000, windowSeconds: 60 } } }],
  ];
  for (const [key, scenario, options, also] of scenarios) {
    const target = await start(options);
    try {
      // First: the status scenario's 2 MiB body leaves the server closing that connection.
      if (also) results[name][also[0]] = await also[1](target);
      results[name][key] = await scenario(target);
    } finally {
      await target.stop();
    }
  }
}

beforeAll(async () => {
  await runOn(startFakeTarget, 'fake');
  await runOn(startServerTarget, 'server');
}, 240_000);

// Ids differ between the backends; everything else must not.
const noIds = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value).replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '<id>')) as unknown);
const facts = (backend: 'fake' | 'server', scenario: string): Record<string, unknown> =>
  Object.fromEntries([...(results[backend][scenario] ?? new Map<string, unknown>())].map(([k, v]) => [k, noIds(v)]));

describe.each(['fake', 'server'] as const)('public-form writes on the %s', (backend) => {
  it('follow the status table: a link never completes or reopens, staff complete only a valid Submitted instance', () => {
    const f = facts(backend, 'status');
    expect(f['markCompleted.link.empty']).toEqual({ status: 403, detail: VISITOR_COMPLETE_MESSAGE });
    expect(f['markCompleted.staff.empty']).toEqual({ status: 409, detail: 'Only a Submitted form instance can be completed; this one is Created.' });
    expect(f['link.submit']).toBe('ok');
    expect(f['link.submitted.back']).toEqual({ status: 409, detail: SUBMITTED_MESSAGE });
    expect(f['link.submitted.change']).toEqual({ status: 409, detail: SUBMITTED_MESSAGE });
    expect(f['markCompleted.link.submitted']).toMatchObject({ status: 409 });
    expect(f['markCompleted.staff.submitted']).toBe('ok');
    expect(f.completed).toEqual([[FormInstanceStatus.Completed, { name: 'Ada' }]]);
    expect(f['staff.reopen.completed']).toMatchObject({ status: 409 });
    expect(f['anonymous.post.completed']).toEqual({ status: 403, detail: VISITOR_COMPLETE_MESSAGE });
    expect(f['staff.post.completed']).toMatchObject({ status: 400 });
  });

  it('refuse an instance body over 1 MiB plus envelope (413), for anyone', () => {
    const f = facts(backend, 'status');
    expect(f['anonymous.post.2MiB']).toBe(413);
    expect(f['staff.post.2MiB']).toBe(413);
  });

  it('treat soft-deleted forms and instances as gone for visitors, links and readers; restorers still see them', () => {
    const f = facts(backend, 'softDelete');
    expect(f['link.read.live']).toBe('ok');
    expect(f['form.deleted.anonymous.post']).toMatchObject({ status: 404 });
    expect(f['form.deleted.staff.post']).toEqual({
      status: 404,
      detail: "The form of form schema '<id>' is deleted: restore the form before starting a form instance of it.",
      code: DELETED_FORM_CODE,
    });
    expect(f['form.deleted.staff.create']).toMatchObject({ status: 404 });
    expect(f['form.restored.staff.post']).toBe('ok');
    expect(f['schema.deleted.staff.post']).toEqual({
      status: 404,
      detail: "Form schema '<id>' is deleted: restore it before starting a form instance of it.",
      code: DELETED_FORM_CODE,
    });
    expect(f['form.deleted.anonymous.odata']).toBe(0);
    expect(f['form.deleted.anonymous.schemas']).toBe(0);
    expect(f['form.deleted.link.read']).toMatchObject({ status: 401 });
    expect(f['form.deleted.reader.odata']).toBe(0);
    expect(f['form.deleted.admin.odata']).toBe(1);
    expect(f['form.restored.link.read']).toBe('ok');
    expect(f['instance.deleted.editUrl']).toMatchObject({ status: 404 });
    expect(f['instance.deleted.viewUrl']).toMatchObject({ status: 404 });
    expect(f['instance.deleted.link.read']).toMatchObject({ status: 401 });
    expect(f['instance.deleted.reader.odata']).toBe(0);
    expect(f['instance.deleted.admin.odata']).toBe(1);
    expect(f['instance.deleted.markCompleted']).toMatchObject({ status: 404 });
  });

  it('bound anonymous writes: drafts per address and schema, writes per address, each a 429 with Retry-After', () => {
    const f = facts(backend, 'limits');
    expect(f['drafts.ok']).toEqual([200, 200]);
    expect(f['drafts.third']).toEqual({ status: 429, code: 'draft-limit', retryAfter: true });
    expect(f['drafts.submit']).toBe(200);
    expect(f['drafts.after.submit']).toBe(200);
    expect(f['address.rate']).toEqual({ status: 429, code: 'address-rate', retryAfter: true });
  });

  it('bound the bytes an address writes: a large save waits (429 with Retry-After), a small one passes', () => {
    const f = facts(backend, 'bytes');
    expect(f['bytes.first']).toBe(200);
    expect(f['bytes.second']).toEqual({ status: 429, code: 'address-bytes', retryAfter: true });
    expect(f['bytes.small']).toBe(200);
  });
});

describe.each(['fake', 'server'] as const)('file upload answers on the %s', (backend) => {
  it('store a file a visitor uploads to their own instance, its type read from the content, within the size', () => {
    const f = facts(backend, 'files');
    expect(f['upload.png']).toEqual({ status: 200, body: { fileId: '<id>', name: 'scan.png', size: 93, type: 'image/png' } });
    expect(f['upload.renamed.text']).toEqual({ status: 415, code: 'file-type' });
    expect(f['upload.gif.not.accepted']).toEqual({ status: 415, code: 'file-type' });
    expect(f['upload.too.large']).toEqual({ status: 413, code: 'file-size' });
    expect(f['upload.no.link']).toMatchObject({ status: 401 });
    expect(f['upload.other.instance']).toMatchObject({ status: 401 });
    expect(f['upload.unknown.field']).toMatchObject({ status: 404 });
    expect(f['upload.staff']).toBe(200);
  });

  it('let staff download the stored bytes with their type and name; visitors may not', () => {
    const f = facts(backend, 'files');
    expect(f['download.staff']).toEqual({ status: 200, type: 'image/png', disposition: expect.stringContaining('filename="scan.png"'), same: true });
    expect(f['download.anonymous']).toBe(401);
    expect(f['download.link']).toBe(401);
    expect(f['save.reference']).toBe(200);
    expect(f['save.bytes']).toBe(400);
  });
});

describe('the fake and the server agree', () => {
  it.each(['status', 'softDelete', 'limits', 'bytes', 'files'])('on the %s scenario', (scenario) => {
    expect(facts('server', scenario)).toEqual(facts('fake', scenario));
  });
});
