// @vitest-environment node
/**
 * The forms half of the reference server: CRUD of form, formgroup, formschema and
 * forminstance with the claims of the route table, schema-version immutability, the engine's checks
 * of schemas and instance data, versions (ETag / If-Match → 412), and the four OData reads.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormInstanceStatus, Permission } from '../../src/api/enums';
import type { Form, FormGroup, FormInstance, FormLayout, FormSchema, JsonObject } from '../../src/api/types';
import { FORM_LIMITS } from '../../src/engine';
import { ODATA_LIMITS } from '../../src/domain/odata';
import { INVALID_DATA_MESSAGE, SCHEMA_IN_USE_MESSAGE, STALE_WRITE_MESSAGE } from '../../src/domain/forms';
import { generateForm, generateFormData } from '../../src/forms/generateForm';
import { SEED_IDS } from '../../example-host/server/db/seed';
import { SCHEMA_PATTERNS_BUDGET_MS } from '../../example-host/server/forms/patterns';
import { checkSchemaShape, SCHEMA_CHECK_IN_PLACE_MAX_CHARS, SCHEMA_CHECK_UNAVAILABLE_CODE } from '../../example-host/server/forms/schema-check';
import { PdfParseAbort, pdfWorkers, type PdfWorkerPool } from '../../example-host/server/pdf/worker';
import { call, callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { handWrittenSchema } from './forms-large-schema';
import { holdsDuring } from '../support/event-loop-holds';
import { feedbackSchema, starRatingWidget } from '../../stories/forms/starRating';
import { matrixSchema } from '../../src/engine/matrix';
import { hostWidgetKinds, setHostWidgetKinds } from '../../example-host/server/forms/schema-check';

type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  errors?: { path: string; message: string }[];
  currentETag?: string;
  code?: string;
}

let server: TestServer;
let admin: string;
let editor: string;
let reader: string;

beforeAll(async () => {
  // The worker that checks large schemas starts with the server, as `npm start` starts it (main.ts): the times below
  // are a save's, not a worker's start.
  const warming = pdfWorkers().warm();
  // The host's star rating (the story's widget) is declared to the server by the value kind it stores.
  server = await startTestServer({ hostWidgetKinds: { [starRatingWidget.kind]: starRatingWidget.value } });
  await warming;
  admin = await server.mintAccessToken({ sub: 'admin' });
  editor = await server.mintAccessToken({ sub: 'editor' });
  reader = await server.mintAccessToken({ sub: 'reader' });
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

const send = <T>(method: string, path: string, body?: unknown, token: string | null = admin, headers: Record<string, string> = {}) =>
  callJson<T>(server, path, { method, body, token, headers });

const layout: FormLayout = {
  pages: [
    {
      id: 'p1',
      title: 'Page 1',
      sections: [
        {
          id: 's1',
          title: 'About you',
          fields: [
            { id: 'name', path: '/name', widget: 'text', label: 'Name' },
            { id: 'age', path: '/age', widget: 'integer', label: 'Age' },
          ],
        },
      ],
    },
  ],
};
const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { name: { type: 'string', minLength: 1, maxLength: 50 }, age: { type: 'integer', minimum: 0, maximum: 150 } },
  required: ['name'],
};

async function newForm(name: string): Promise<Wire<Form>> {
  const { status, body } = await send<Wire<Form>>('POST', '/api/crud/form/post', { name });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

async function newSchema(formId: string, extra: Record<string, unknown> = {}): Promise<Wire<FormSchema>> {
  const { status, body } = await send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId, jsonSchema, layout, ...extra });
  expect(status, JSON.stringify(body)).toBe(200);
  return body;
}

describe('CRUD of the four entities', () => {
  it('posts a form group and a form in it: new ids, trimmed names, timestamps, an ETag', async () => {
    const group = await send<Wire<FormGroup>>('POST', '/api/crud/formgroup/post', { name: ' Partners ', description: 'Forms for partners' });
    expect(group.status).toBe(200);
    expect(group.body).toMatchObject({ name: 'Partners', description: 'Forms for partners', isDeleted: false });
    expect(group.headers.get('etag')).toBe('"1"');
    expect(Number.isNaN(Date.parse(group.body.createdDateTime))).toBe(false);

    const form = await send<Wire<Form>>('POST', '/api/crud/form/post', {
      formId: '00000000-0000-0000-0000-000000000000',
      name: 'Partner Agreement',
      formGroupId: group.body.formGroupId,
    });
    expect(form.status).toBe(200);
    expect(form.body).toMatchObject({ name: 'Partner Agreement', description: null, currentFormSchemaId: null, formGroupId: group.body.formGroupId });
    expect(form.body.formId).not.toBe('00000000-0000-0000-0000-000000000000');
    expect(Object.keys(form.body).sort()).toEqual(
      ['createdDateTime', 'currentFormSchemaId', 'description', 'formGroupId', 'formId', 'isDeleted', 'lastUpdatedDateTime', 'name', 'pdfTemplate', 'publicBaseUrl'].sort(),
    );
  });

  it('numbers schema versions, makes the first one current, and keeps a requested newer number', async () => {
    const form = await newForm('Survey');
    const v1 = await newSchema(form.formId, { isPublic: true });
    const v2 = await send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, name: 'Survey 2' });
    const v7 = await send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, version: 7 });
    expect([v1.version, v2.body.version, v7.body.version]).toEqual([1, 2, 7]);
    expect(v1).toMatchObject({ name: 'Survey', isPublic: true, layout });
    expect(v2.body.jsonSchema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    const reread = await send<{ value: Wire<Form>[] }>('GET', `/odata/FormOData?$filter=formId eq ${form.formId}`);
    expect(reread.body.value[0]?.currentFormSchemaId).toBe(v1.formSchemaId);
  });

  it('refuses bad bodies with 400, unknown rows with 404, used ids with 409', async () => {
    const expectStatus = async (status: number, method: string, path: string, body?: unknown) => {
      const res = await send<Problem>(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      if (status >= 400) expect(res.headers.get('content-type')).toContain('application/problem+json');
      return res.body;
    };
    expect((await expectStatus(400, 'POST', '/api/crud/form/post', { name: '  ' })).detail).toBe("'name' must not be blank.");
    expect((await expectStatus(400, 'POST', '/api/crud/form/post', { name: 'X', formGroupId: 'nope' })).detail).toBe(
      "'formGroupId' must be an id (a UUID string).",
    );
    const missingGroup = crypto.randomUUID();
    expect((await expectStatus(400, 'POST', '/api/crud/form/post', { name: 'X', formGroupId: missingGroup })).detail).toBe(
      `Unknown form group '${missingGroup}'.`,
    );
    await expectStatus(409, 'POST', '/api/crud/form/post', { name: 'X', formId: SEED_IDS.forms.contactDetails });
    await expectStatus(400, 'POST', '/api/crud/formschema/post', { formId: crypto.randomUUID() });
    await expectStatus(400, 'POST', '/api/crud/forminstance/post', { formSchemaId: crypto.randomUUID() });
    await expectStatus(400, 'POST', '/api/crud/forminstance/post', { formSchemaId: SEED_IDS.formSchemas.contactDetailsV1, status: 9 });
    await expectStatus(400, 'PATCH', '/api/crud/form/patch', { name: 'no key' });
    await expectStatus(404, 'PATCH', '/api/crud/formgroup/patch', { formGroupId: crypto.randomUUID(), name: 'x' });
    await expectStatus(404, 'DELETE', '/api/crud/form/delete?Id=nope');
    await expectStatus(400, 'DELETE', '/api/crud/form/delete');
    await expectStatus(404, 'PATCH', `/api/crud/formschema/softdelete?Id=${crypto.randomUUID()}`);
    await expectStatus(400, 'POST', '/api/crud/form/post', ['not', 'an', 'object']);
  });

  it('patches with merge semantics, case-insensitive names, a new version and a fresh lastUpdatedDateTime', async () => {
    const form = await newForm('Mergeable');
    const patched = await send<Wire<Form>>('PATCH', '/api/crud/form/patch', { FormId: form.formId, description: 'Updated' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ name: 'Mergeable', description: 'Updated' });
    expect(patched.headers.get('etag')).toBe('"2"');
    expect(Date.parse(patched.body.lastUpdatedDateTime)).toBeGreaterThanOrEqual(Date.parse(form.lastUpdatedDateTime));
    const other = await newForm('Other');
    const schema = await newSchema(other.formId);
    const wrong = await send<Problem>('PATCH', '/api/crud/form/patch', { formId: form.formId, currentFormSchemaId: schema.formSchemaId });
    expect(wrong.status).toBe(400);
    expect(wrong.body.detail).toBe(`Form schema '${schema.formSchemaId}' belongs to another form.`);
  });

  it('soft-deletes (hidden from OData unless asked), restores with a patch, and hard-deletes with cascades', async () => {
    const form = await newForm('Doomed');
    const schema = await newSchema(form.formId);
    const instance = await send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', { formSchemaId: schema.formSchemaId, data: { name: 'A' } });
    expect(instance.status).toBe(200);

    const soft = await send<boolean>('PATCH', `/api/crud/form/softdelete?Id=${form.formId}`);
    expect(soft).toMatchObject({ status: 200, body: true });
    const ids = async (filter: string) =>
      (await send<{ value: Wire<Form>[] }>('GET', `/odata/FormOData?$filter=${encodeURIComponent(filter)}`)).body.value.map((f) => f.formId);
    expect(await ids(`formId eq ${form.formId}`)).toEqual([]);
    expect(await ids(`formId eq ${form.formId} and isDeleted eq true`)).toEqual([form.formId]);
    await send('PATCH', '/api/crud/form/patch', { formId: form.formId, isDeleted: false });
    expect(await ids(`formId eq ${form.formId}`)).toEqual([form.formId]);

    const deleted = await call(server, `/api/crud/form/delete?Id=${form.formId}`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(204);
    const instances = await send<{ value: unknown[] }>('GET', `/odata/FormInstanceOData?$filter=formInstanceId eq ${instance.body.formInstanceId} and (isDeleted eq true or isDeleted eq false)`);
    expect(instances.body.value).toEqual([]);
  });

  it('deleting the current schema makes the newest one left current', async () => {
    const form = await newForm('Versions');
    const v1 = await newSchema(form.formId);
    const v2 = await newSchema(form.formId);
    await send('PATCH', '/api/crud/form/patch', { formId: form.formId, currentFormSchemaId: v2.formSchemaId });
    expect((await call(server, `/api/crud/formschema/delete?Id=${v2.formSchemaId}`, { method: 'DELETE', token: admin })).status).toBe(204);
    const after = await send<{ value: Wire<Form>[] }>('GET', `/odata/FormOData?$filter=formId eq ${form.formId}`);
    expect(after.body.value[0]?.currentFormSchemaId).toBe(v1.formSchemaId);
  });

  it('checks claims: the editor may not hard delete, the reader may only read, a user without claims gets 403', async () => {
    const form = await newForm('Claims');
    const refused = await send<Problem>('DELETE', `/api/crud/form/delete?Id=${form.formId}`, undefined, editor);
    expect(refused.status).toBe(403);
    expect(refused.body.detail).toBe("The claim 'Form_Delete' is required.");
    expect((await send('PATCH', `/api/crud/form/softdelete?Id=${form.formId}`, undefined, editor)).status).toBe(200);
    expect((await send('POST', '/api/crud/form/post', { name: 'R' }, reader)).status).toBe(403);
    expect((await send('GET', '/odata/FormOData', undefined, reader)).status).toBe(200);
    const nobody = await userWithClaims(server, 'forms-no-claims', []);
    expect((await send('GET', '/odata/FormGroupOData', undefined, nobody.token)).status).toBe(403);
    const single = await userWithClaims(server, 'forms-group-add', [Permission.FormGroup_Add]);
    expect((await send('POST', '/api/crud/formgroup/post', { name: 'Mine' }, single.token)).status).toBe(200);
    expect((await send('POST', '/api/crud/form/post', { name: 'Mine' }, single.token)).status).toBe(403);
  });
});

describe('schemas: immutability once used, and the engine’s checks on save', () => {
  it('refuses to change the shape of a version an instance uses (409), but renames it', async () => {
    const form = await newForm('Immutable');
    const schema = await newSchema(form.formId);
    await send('POST', '/api/crud/forminstance/post', { formSchemaId: schema.formSchemaId, data: {} });
    const changed = await send<Problem>('PATCH', '/api/crud/formschema/patch', {
      formSchemaId: schema.formSchemaId,
      jsonSchema: { ...jsonSchema, required: [] },
    });
    expect(changed.status).toBe(409);
    expect(changed.body.detail).toBe(SCHEMA_IN_USE_MESSAGE);
    const renamed = await send<Wire<FormSchema>>('PATCH', '/api/crud/formschema/patch', { formSchemaId: schema.formSchemaId, name: 'Renamed', isPublic: true });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed', isPublic: true, jsonSchema });
  });

  it('refuses a catastrophic pattern with a clear message, quickly', async () => {
    const form = await newForm('Patterns');
    // The CPU the server process spends (every thread), not the wall clock: the refusal is quick whatever the load.
    const started = process.cpuUsage();
    const res = await send<Problem>('POST', '/api/crud/formschema/post', {
      formId: form.formId,
      layout,
      jsonSchema: { ...jsonSchema, properties: { name: { type: 'string', pattern: '^(a+)+$' }, age: { type: 'integer' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/pattern/i);
    expect(res.body.detail).toBe(
      "The pattern '^(a+)+$' at /properties/name/pattern is not allowed: matching it can take time growing exponentially with the input (catastrophic backtracking). Rewrite it without nested or overlapping repetition.",
    );
    const spent = process.cpuUsage(started);
    expect((spent.user + spent.system) / 1000).toBeLessThan(1000);
    const safe = await send('POST', '/api/crud/formschema/post', {
      formId: form.formId,
      layout,
      jsonSchema: { ...jsonSchema, properties: { name: { type: 'string', pattern: '^[a-z]+@[a-z]+\\.[a-z]{2,}$' }, age: { type: 'integer' } } },
    });
    expect(safe.status).toBe(200);
  });

  it('analyses patterns off the request thread within a budget: slow ones are refused, the server keeps answering', async () => {
    const form = await newForm('Slow patterns');
    const properties: JsonObject = {};
    const fields = [];
    for (let i = 0; i < 60; i++) {
      properties[`f${i}`] = { type: 'string', pattern: `^[a-z]{1,${300 + i}}-[0-9]{1,${200 + i}}x$` };
      fields.push({ id: `f${i}`, path: `/f${i}`, widget: 'text' as const, label: `F${i}` });
    }
    const started = performance.now();
    const saving = send<Problem>('POST', '/api/crud/formschema/post', {
      formId: form.formId,
      jsonSchema: { type: 'object', properties },
      layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields }] }] },
    });
    const health = performance.now();
    expect((await call(server, '/api/HealthCheck/Get')).status).toBe(200);
    const healthMs = performance.now() - health;
    const res = await saving;
    const total = performance.now() - started;
    console.log(`60 slow patterns: answered ${res.status} in ${total.toFixed(0)} ms; a health check meanwhile took ${healthMs.toFixed(0)} ms`);
    expect(total).toBeLessThan(SCHEMA_PATTERNS_BUDGET_MS + 2_000);
    expect(healthMs).toBeLessThan(1_000);
    // Each of these takes recheck longer than its bound (two long bounded repetitions).
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/^The pattern '.*' at \/properties\/f\d+\/pattern is not allowed: it could not be checked for catastrophic backtracking in time\. Simplify it\.$/);
  });

  it('refuses data paths and schema keys that could pollute prototypes (400)', async () => {
    const form = await newForm('Pollution');
    const badLayout = structuredClone(layout);
    const section = badLayout.pages[0]?.sections[0];
    if (section?.fields[0]) section.fields[0].path = '/__proto__/polluted';
    const res = await send<Problem>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema, layout: badLayout });
    expect(res.status).toBe(400);
    expect(res.body.detail).toMatch(/__proto__/);
    const schema = await newSchema(form.formId);
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const data = JSON.parse(`{"name":"A","${key}":{"polluted":true}}`) as JsonObject;
      const refused = await send<Problem>('POST', '/api/crud/forminstance/post', { formSchemaId: schema.formSchemaId, data });
      expect(refused.status, key).toBe(400);
      expect(refused.body.detail, key).toContain(key);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses schemas over the documented limits within a second: size 413, depth and field count 400', async () => {
    const form = await newForm('Limits');
    const timed = async (body: unknown) => {
      const started = performance.now();
      const res = await send<Problem>('POST', '/api/crud/formschema/post', body);
      expect(performance.now() - started).toBeLessThan(1000);
      return res;
    };
    const big = await timed({ formId: form.formId, layout, jsonSchema: { ...jsonSchema, description: 'x'.repeat(FORM_LIMITS.maxSchemaSize + 10) } });
    expect(big.status).toBe(413);
    expect(big.body.detail).toBe(`The form schema is too large: at most ${FORM_LIMITS.maxSchemaSize} characters are allowed.`);
    let deep: JsonObject = { type: 'string' };
    for (let i = 0; i < FORM_LIMITS.maxSchemaDepth + 2; i++) deep = { type: 'object', properties: { a: deep } };
    const tooDeep = await timed({ formId: form.formId, layout, jsonSchema: deep });
    expect(tooDeep.status).toBe(400);
    expect(tooDeep.body.detail).toBe(`The form schema is nested too deeply: at most ${FORM_LIMITS.maxSchemaDepth} levels are allowed.`);
    const many = generateForm(FORM_LIMITS.maxFields + 10);
    const tooMany = await timed({ formId: form.formId, layout: many.layout, jsonSchema: many.jsonSchema });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.detail).toBe(`The form has too many fields: at most ${FORM_LIMITS.maxFields} are allowed.`);
  });
});


/**
 * The most CPU time a save of the largest schema may hold the server's thread at a time. Its check runs in a worker;
 * what is left on the thread (parsing the body, reading the shape, the database's statements, the answer), a turn of
 * the event loop each, took at most 40-65 ms of CPU at a load of 20 on 2 cores. Checked on the thread (twice, as
 * before), the same saves held it 258 ms (post) and 331 ms (patch) at a time, at the same load.
 */
const MAX_SAVE_HOLD_CPU_MS = 150;

describe('schemas of the largest size: checked off the request thread', () => {
  it('posts and patches a hand-written schema of FORM_LIMITS.maxFields fields without holding the event loop, and refuses a bad pattern in it the same way', async () => {
    const form = await newForm('Largest');
    const big = handWrittenSchema(FORM_LIMITS.maxFields);
    expect(JSON.stringify(big).length).toBeLessThan(FORM_LIMITS.maxSchemaSize);
    const post = await holdsDuring(() => send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, ...big }));
    expect(post.result.status, JSON.stringify(post.result.body).slice(0, 500)).toBe(200);
    expect(post.result.body.layout).toEqual(big.layout);

    const changed = structuredClone(big);
    const first = changed.layout.pages[0]?.sections[1]?.fields[0];
    if (first) first.label = 'Changed reference';
    const patch = await holdsDuring(() =>
      send<Wire<FormSchema>>('PATCH', '/api/crud/formschema/patch', { formSchemaId: post.result.body.formSchemaId, layout: changed.layout }),
    );
    expect(patch.result.status, JSON.stringify(patch.result.body).slice(0, 500)).toBe(200);
    expect(patch.result.body.layout.pages[0]?.sections[1]?.fields[0]?.label).toBe('Changed reference');

    // A catastrophic pattern deep in it: refused with the engine's message at its field, among the form's problems.
    const bad = structuredClone(big);
    const properties = (bad.jsonSchema.properties as Record<string, { properties: Record<string, Record<string, unknown>> }>)['group198'];
    if (properties?.properties.f1) properties.properties.f1.pattern = '^(a+)+$';
    const refused = await holdsDuring(() => send<Problem & { problems: { fieldId: string | null }[] }>('POST', '/api/crud/formschema/post', { formId: form.formId, ...bad }));
    expect(refused.result.status).toBe(400);
    expect(refused.result.body.detail).toMatch(/^The pattern '\^\(a\+\)\+\$' at \/properties\/group198\/properties\/f1\/pattern is not allowed: .*catastrophic backtracking/);
    expect(refused.result.body.problems.map((p) => p.fieldId)).toEqual(['g198f1']);

    console.log(
      `${FORM_LIMITS.maxFields}-field schema (${JSON.stringify(big).length} characters): longest hold of the server's thread, wall / CPU ms: ` +
        `post ${post.maxGapMs} / ${post.maxGapCpuMs}, patch ${patch.maxGapMs} / ${patch.maxGapCpuMs}, refused post ${refused.maxGapMs} / ${refused.maxGapCpuMs}`,
    );
    expect(post.maxGapCpuMs, 'post').toBeLessThan(MAX_SAVE_HOLD_CPU_MS);
    expect(patch.maxGapCpuMs, 'patch').toBeLessThan(MAX_SAVE_HOLD_CPU_MS);
    expect(refused.maxGapCpuMs, 'refused post').toBeLessThan(MAX_SAVE_HOLD_CPU_MS);
  });

  it('answers 503 with a sentence when the check of a large schema cannot run (the workers busy, or past its time), never a 500', async () => {
    // A schema too large to be checked on the thread.
    const shape = handWrittenSchema(200);
    expect(JSON.stringify(shape).length).toBeGreaterThan(SCHEMA_CHECK_IN_PLACE_MAX_CHARS);
    for (const reason of ['busy', 'timeout', 'crash'] as const) {
      const pool = { run: () => Promise.reject(new PdfParseAbort(reason, 'The PDF workers could not take it.')) } as unknown as PdfWorkerPool;
      const failed = await checkSchemaShape({ ...shape }, shape, undefined, pool).catch((error: unknown) => error);
      expect(failed, reason).toMatchObject({ status: 503, extensions: { code: SCHEMA_CHECK_UNAVAILABLE_CODE } });
      expect((failed as Error).message, reason).toMatch(/^The server is too busy to check this form schema now\. .*\.$/);
    }
  });
});

describe('instances: data checked by the engine, versions', () => {
  it('saves drafts as typed, but a submitted instance must pass validateSubmission (400 with per-path messages)', async () => {
    const form = await newForm('Validated');
    const schema = await newSchema(form.formId);
    const draft = await send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', {
      formSchemaId: schema.formSchemaId,
      data: { age: 200 },
      status: FormInstanceStatus.InProgress,
    });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ formId: form.formId, status: FormInstanceStatus.InProgress, data: { age: 200 } });
    const submitted = await send<Problem>('PATCH', '/api/crud/forminstance/patch', {
      formInstanceId: draft.body.formInstanceId,
      status: FormInstanceStatus.Submitted,
    });
    expect(submitted.status).toBe(400);
    expect(submitted.body.detail.startsWith(INVALID_DATA_MESSAGE)).toBe(true);
    expect(submitted.body.errors?.map((e) => e.path).sort()).toEqual(['/age', '/name']);
    const fixed = await send<Wire<FormInstance>>('PATCH', '/api/crud/forminstance/patch', {
      formInstanceId: draft.body.formInstanceId,
      data: { name: 'Ada', age: 36 },
      status: FormInstanceStatus.Submitted,
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body).toMatchObject({ status: FormInstanceStatus.Submitted, data: { name: 'Ada', age: 36 } });
  });

  it('answers 412 to a save based on a stale version, and keeps the newer data', async () => {
    const form = await newForm('Concurrent');
    const schema = await newSchema(form.formId);
    const created = await send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', { formSchemaId: schema.formSchemaId, data: { name: 'v1' } });
    const etag = created.headers.get('etag') ?? '';
    expect(etag).toBe('"1"');
    const first = await send<Wire<FormInstance>>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: created.body.formInstanceId, data: { name: 'tab A' } }, admin, { 'If-Match': etag });
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"2"');
    const stale = await send<Problem>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: created.body.formInstanceId, data: { name: 'tab B' } }, admin, { 'If-Match': etag });
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ title: 'Precondition Failed', detail: STALE_WRITE_MESSAGE, currentETag: '"2"' });
    const read = await send<{ value: Wire<FormInstance>[] }>('GET', `/odata/FormInstanceOData?$filter=formInstanceId eq ${created.body.formInstanceId}`);
    expect(read.body.value[0]?.data).toEqual({ name: 'tab A' });
    // Concurrent saves with the same version: exactly one wins (the row lock orders them).
    const both = await Promise.all(
      ['x', 'y'].map((name) =>
        send('PATCH', '/api/crud/forminstance/patch', { formInstanceId: created.body.formInstanceId, data: { name } }, admin, { 'If-Match': '"2"' }),
      ),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 412]);
  });

  it('saves and reloads a 1000-field instance (timing printed)', async () => {
    const generated = generateForm(1000);
    const form = await newForm('Thousand');
    const schema = await newSchema(form.formId, { jsonSchema: generated.jsonSchema, layout: generated.layout });
    const data = generateFormData(generated);
    const created = await send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', { formSchemaId: schema.formSchemaId, data, status: FormInstanceStatus.InProgress });
    expect(created.status).toBe(200);
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const saved = await send<Wire<FormInstance>>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: created.body.formInstanceId, data, status: FormInstanceStatus.Submitted });
      expect(saved.status, JSON.stringify(saved.body).slice(0, 500)).toBe(200);
      const reloaded = await send<{ value: Wire<FormInstance>[] }>('GET', `/odata/FormInstanceOData?$filter=formInstanceId eq ${created.body.formInstanceId}`);
      expect(reloaded.body.value[0]?.data).toEqual(saved.body.data);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`1000-field instance: save (validated, Submitted) + reload, median of 5: ${times[2]?.toFixed(1)} ms (min ${times[0]?.toFixed(1)}, max ${times[4]?.toFixed(1)}); data ${JSON.stringify(data).length} chars`);
  });
});

describe('OData reads', () => {
  it('answers value and @odata.count with the OData content type, $select, $orderby, $top, $skip and $expand', async () => {
    const res = await call(server, '/odata/FormSchemaOData', {
      token: admin,
      query: { $select: 'name,version', $orderby: 'name desc', $top: '2', $skip: '0', $count: 'true', $expand: 'form($select=name)' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('odata.metadata=none');
    const body = (await res.json()) as { '@odata.count': number; value: { name: string; version: number; form: { name: string } }[] };
    expect(body.value).toHaveLength(2);
    expect(body['@odata.count']).toBeGreaterThanOrEqual(2);
    // Each row, the expanded one too, answers its version (what a save sends back as If-Match).
    expect(Object.keys(body.value[0] ?? {}).sort()).toEqual(['@odata.etag', 'form', 'name', 'version']);
    expect(body.value[0]?.form).toEqual({ '@odata.etag': expect.stringMatching(/^"\d+"$/), name: expect.any(String) });
  });

  it('answers a malformed query with 400 naming the problem', async () => {
    for (const [query, pattern] of [
      [{ $filter: 'name eq' }, /\$filter/],
      [{ $filter: 'nope eq 1' }, /nope/],
      [{ $orderby: 'name sideways' }, /\$orderby/],
      [{ $top: '-1' }, /\$top/],
      [{ $expand: 'form($expand=formSchemas($expand=form))' }, /expand/i],
      [{ $bogus: '1' }, /\$bogus/],
    ] as const) {
      const res = await callJson<Problem>(server, '/odata/FormSchemaOData', { token: admin, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.detail, JSON.stringify(query)).toMatch(pattern);
    }
    const many = Array.from({ length: 120 }, (_, i) => `version eq ${i}`).join(' or ');
    const big = await callJson<Problem>(server, '/odata/FormSchemaOData', { token: admin, query: { $filter: many } });
    expect(big.status).toBe(400);
    expect(big.body.detail).toMatch(/100/);
  });

  it('caps $top (over the limit: 400) and applies the default page size without one', async () => {
    const over = await callJson<Problem>(server, '/odata/FormOData', { token: admin, query: { $top: String(ODATA_LIMITS.maxTop + 1) } });
    expect(over.status).toBe(400);
    expect(over.body.detail).toBe(`$top is ${ODATA_LIMITS.maxTop + 1}, over the limit of ${ODATA_LIMITS.maxTop} (maxTop).`);
    // More live forms than a page: the default page size applies, $count still counts them all.
    const form = await newForm('Paged');
    const existing = (await send<{ '@odata.count': number }>('GET', '/odata/FormOData?$count=true&$top=0')).body['@odata.count'];
    const needed = Math.max(0, ODATA_LIMITS.defaultPageSize + 1 - existing);
    for (let i = 0; i < needed; i++) await newForm(`Paged ${i}`);
    const page = await send<{ '@odata.count': number; value: unknown[] }>('GET', '/odata/FormOData?$count=true');
    expect(page.body.value).toHaveLength(ODATA_LIMITS.defaultPageSize);
    expect(page.body['@odata.count']).toBeGreaterThan(ODATA_LIMITS.defaultPageSize);
    expect(form.name).toBe('Paged');
  });
});

describe('a schema stored as sent', () => {
  it('keeps the keys of its JSON Schema and layout in the order they were sent, and OData still filters and searches inside them', async () => {
    const form = await newForm('Order kept');
    const properties = { middle: { type: 'integer' }, alpha: { type: 'string' }, zeta: { type: 'string' } };
    const fields = [
      { id: 'zeta', path: '/zeta', widget: 'text', label: 'Zeta answer' },
      { id: 'alpha', path: '/alpha', widget: 'text', label: 'Alpha answer' },
      { id: 'middle', path: '/middle', widget: 'integer', label: 'Middle answer' },
    ];
    const sentLayout: FormLayout = { pages: [{ id: 'p1', title: 'Page 1', sections: [{ id: 's1', title: 'Ordered', fields }] }] };
    const saved = await send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema: { type: 'object', title: 'Kept order', properties }, layout: sentLayout });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Object.keys((saved.body.jsonSchema as { properties: object }).properties)).toEqual(['middle', 'alpha', 'zeta']);
    const read = await send<{ value: Wire<FormSchema>[] }>('GET', `/odata/FormSchemaOData?$filter=formSchemaId eq ${saved.body.formSchemaId}`);
    expect(Object.keys((read.body.value[0]?.jsonSchema as { properties: object }).properties)).toEqual(['middle', 'alpha', 'zeta']);
    expect(Object.keys(read.body.value[0]?.layout.pages[0]?.sections[0]?.fields[0] ?? {})).toEqual(['id', 'path', 'widget', 'label']);
    const byTitle = await send<{ value: Wire<FormSchema>[] }>('GET', `/odata/FormSchemaOData?$filter=jsonSchema/title eq 'Kept order'&$select=formSchemaId`);
    expect(byTitle.status, JSON.stringify(byTitle.body)).toBe(200);
    expect(byTitle.body.value.map((s) => s.formSchemaId)).toEqual([saved.body.formSchemaId]);
  });
});

describe("a host's widget kind, declared to the server by its value kind", () => {
  it('stores a form using the star-rating story\'s widget, an instance filled with it, and reads both back', async () => {
    const story = feedbackSchema();
    const form = await newForm('Feedback');
    const saved = await send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema: story.jsonSchema, layout: story.layout });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const filled = await send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', {
      formSchemaId: saved.body.formSchemaId,
      data: { rating: 4, comment: 'Friendly staff.' },
      status: FormInstanceStatus.Submitted,
    });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    const schemaRead = await send<{ value: Wire<FormSchema>[] }>('GET', `/odata/FormSchemaOData?$filter=formSchemaId eq ${saved.body.formSchemaId}`);
    expect(schemaRead.body.value[0]?.layout.pages[0]?.sections[0]?.fields[0]).toMatchObject({ id: 'rating', widget: 'star-rating' });
    const read = await send<{ value: Wire<FormInstance>[] }>('GET', `/odata/FormInstanceOData?$filter=formInstanceId eq ${filled.body.formInstanceId}`);
    expect(read.body.value[0]).toMatchObject({ status: FormInstanceStatus.Submitted, data: { rating: 4, comment: 'Friendly staff.' } });
    // The rating's path holds an integer from 1 to 5: a value out of it is refused like any other field's.
    const tooHigh = await send<Problem>('POST', '/api/crud/forminstance/post', {
      formSchemaId: saved.body.formSchemaId,
      data: { rating: 9 },
      status: FormInstanceStatus.Submitted,
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.errors?.map((e) => e.path)).toEqual(['/rating']);
  });

  it('stores a built-in matrix answered row by row, and refuses an unknown row or column and a required matrix with a row left', async () => {
    const rows = [
      { value: 'room', label: 'Room' },
      { value: 'food', label: 'Food' },
    ];
    const columns = [
      { value: 'poor', label: 'Poor' },
      { value: 'good', label: 'Good' },
    ];
    const form = await newForm('Stay grid');
    const saved = await send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', {
      formId: form.formId,
      jsonSchema: { type: 'object', properties: { stay: matrixSchema(rows, columns) }, required: ['stay'] },
      layout: { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: '', fields: [{ id: 'stay', path: '/stay', widget: 'matrix', label: 'Rate the stay', rows, options: columns }] }] }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const post = (stay: JsonObject) => send<Problem>('POST', '/api/crud/forminstance/post', { formSchemaId: saved.body.formSchemaId, data: { stay }, status: FormInstanceStatus.Submitted });
    const filled = await post({ room: 'good', food: 'poor' });
    expect(filled.status, JSON.stringify(filled.body)).toBe(200);
    for (const stay of [{ room: 'good', food: 'poor', pool: 'good' }, { room: 'great', food: 'poor' }, { room: 'good' }] as JsonObject[]) {
      const refused = await post(stay);
      expect(refused.status, JSON.stringify(stay)).toBe(400);
      expect(refused.body.errors?.map((e) => e.path), JSON.stringify(stay)).toEqual(['/stay']);
    }
    expect((await post({ room: 'good' })).body.errors?.[0]?.message).toBe('Choose an answer in each row');
  });

  it('checks the declared kind as the value kind it stores, and refuses a kind nobody declared with a sentence (400, not 500)', async () => {
    const story = feedbackSchema();
    const form = await newForm('Feedback kinds');
    // A number kind bound to a string path cannot be filled.
    const wrongType = await send<Problem>('POST', '/api/crud/formschema/post', {
      formId: form.formId,
      jsonSchema: { type: 'object', properties: { rating: { type: 'string' } } },
      layout: story.layout,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({ code: 'schema-binding' });
    expect(wrongType.body.detail).toMatch(/^The field 'rating' uses the widget 'star-rating', which stores a number .* but the data path '\/rating' is of type 'string'\./);
    const unknown = structuredClone(story.layout);
    unknown.pages[0]!.sections[0]!.fields[0]!.widget = 'thumbs-up';
    const refused = await send<Problem>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema: story.jsonSchema, layout: unknown });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe('schema-binding');
    expect(refused.body.detail).toMatch(/^The field 'rating' uses the widget 'thumbs-up', which is not known\. Known widgets: text, .*star-rating\.$/);
  });

  it('accepts a host kind only while it is declared: the built-in kinds alone refuse it, in place and in the worker', async () => {
    expect(hostWidgetKinds()).toEqual({ 'star-rating': 'number' });
    const story = feedbackSchema();
    const shape = { jsonSchema: story.jsonSchema, layout: story.layout };
    const refusal = await checkSchemaShape({}, shape, undefined, pdfWorkers(), null).catch((e: unknown) => e);
    expect(refusal).toMatchObject({ status: 400, message: expect.stringMatching(/uses the widget 'star-rating', which is not known/) });
    // A shape too large for the server's thread goes to the worker, which is told the declared kinds.
    const padded = { ...shape, jsonSchema: { ...story.jsonSchema, description: 'x'.repeat(SCHEMA_CHECK_IN_PLACE_MAX_CHARS) } };
    await expect(checkSchemaShape({}, padded)).resolves.toMatchObject({ shape: padded });
    const inWorker = await checkSchemaShape({}, padded, undefined, pdfWorkers(), null).catch((e: unknown) => e);
    expect(inWorker).toMatchObject({ status: 400, message: expect.stringMatching(/'star-rating', which is not known/) });
    // A declaration is checked as the registry checks a host's entry: a built-in kind keeps its value kind.
    expect(() => setHostWidgetKinds({ text: 'number' })).toThrow(/The built-in widget 'text' stores string values/);
    expect(hostWidgetKinds()).toEqual({ 'star-rating': 'number' });
  });
});
