// @vitest-environment node
/**
 * The forms CRUD use cases on their own ports: a store of a few lines over maps, a fixed clock, counted ids, a schema
 * check that only records its calls. Both backends run them (tests/contract holds the fake and the server to the same
 * answers); here, what they decide: ids, versions, 412, soft and hard delete and what follows them, visitors.
 */
import { describe, expect, it } from 'vitest';
import type { CrudEntityName, Form, FormInstance, FormSchema } from '../../src/contract/types';
import { FormInstanceStatus } from '../../src/contract/enums';
import { DomainError } from '../../src/domain';
import { deleteFormsRow, patchFormsRow, postFormsRow, softDeleteFormsRow, type FormsCaller, type FormsPorts } from '../../src/service/forms';
import { completeInstance, duplicateInstance, instanceFromApplication, instanceLink } from '../../src/service/forms-instances';
import type { FormsRow, FormsStorage, FormsStore, Versioned } from '../../src/service/forms-ports';
import { HEALTH_ROUTE } from '../../src/service/routes-health';
import { AnonymousWriteLimiter } from '../../src/service/anonymous-writes';
import { resolveAnonymousWriteLimits, retryAfterOf } from '../../src/domain/forms/anonymous-writes';
import type { RouteRequest } from '../../src/service/routes';

const at = new Date('2026-01-02T03:04:05Z');
const later = new Date('2026-01-02T04:00:00Z');
const KEYS = { form: 'formId', formgroup: 'formGroupId', formschema: 'formSchemaId', forminstance: 'formInstanceId' } as const;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A store over one map of versioned rows per entity; it logs its writes and the transactions opened. */
function mapStorage() {
  const tables = Object.fromEntries(Object.keys(KEYS).map((k) => [k, new Map<string, Versioned<FormsRow>>()])) as Record<CrudEntityName, Map<string, Versioned<FormsRow>>>;
  const log: string[] = [];
  const schemas = () => [...tables.formschema.values()].map((v) => v.row as FormSchema);
  const store: FormsStore = {
    find: async (entity, id) => tables[entity].get(id) as never,
    newestSchema: async (formId) => schemas().filter((s) => s.formId === formId).sort((a, b) => b.version - a.version)[0],
    schemaUsed: async (id) => [...tables.forminstance.values()].some((v) => (v.row as FormInstance).formSchemaId === id),
    async insert(entity, row, createdBy) {
      log.push(`insert ${entity} by ${createdBy}`);
      tables[entity].set(String((row as unknown as Record<string, unknown>)[KEYS[entity]]), { row, version: 1 });
    },
    async update(entity, id, values, version) {
      log.push(`update ${entity} ${Object.keys(values).sort().join(',')}`);
      tables[entity].set(id, { row: { ...tables[entity].get(id)!.row, ...values } as FormsRow, version });
    },
    async updateWhere(entity, column, value, values) {
      if (column === 'formId') log.push(`current ${value} ${(values as Partial<Form>).currentFormSchemaId}`);
      for (const { row } of tables[entity].values()) if ((row as unknown as Record<string, unknown>)[column] === value) Object.assign(row, values);
    },
    async remove(entity, id) {
      log.push(`remove ${entity} ${id}`);
      tables[entity].delete(id);
    },
    async recordStatusChange({ formInstanceId, fromStatus, toStatus, changedBy }) {
      log.push(`status ${formInstanceId} ${fromStatus} -> ${toStatus} by ${changedBy}`);
    },
    statusHistory: async () => [],
  };
  const storage: FormsStorage = {
    ...store,
    async transaction(work) {
      log.push('transaction');
      return work(store);
    },
  };
  return { storage, tables, log };
}

function setUp() {
  const { storage, tables, log } = mapStorage();
  const checked: string[] = [];
  const places: string[] = [];
  let next = 0;
  let now = at;
  const ports: FormsPorts = {
    storage,
    clock: { now: () => now },
    ids: { newId: () => uuid(++next) },
    schemas: {
      async check(body, shape, json) {
        checked.push(json ?? 'post');
        if ('refuse' in body) throw new DomainError(400, 'Refused by the check.');
        return { body, shape, json: json ?? JSON.stringify(shape) };
      },
      pause: async () => undefined,
    },
    links: { issue: async (instance, mode) => `${mode}:${instance.formInstanceId}` },
    anonymousWrites: {
      write: async (schemaId) => void places.push(`write ${schemaId}`),
      beginNew: async (schemaId, isDraft) => ({
        commit: (id: string) => void places.push(`commit ${schemaId} ${id} draft=${isDraft}`),
        cancel: () => void places.push(`cancel ${schemaId}`),
      }),
    },
  };
  return { ports, tables, log, checked, places, setNow: (date: Date) => (now = date) };
}

const staff: FormsCaller = { userId: 'u1', link: null };
const visitor: FormsCaller = { userId: null, link: null };
const jsonSchema = { type: 'object', properties: { name: { type: 'string' } } };
const layout = { pages: [] };

/** A form with one public schema (made by the use cases themselves). */
async function formWithSchema(ports: FormsPorts) {
  const form = await postFormsRow(ports, 'form', { name: 'Leave' }, staff);
  const schema = await postFormsRow(ports, 'formschema', { formId: form.row.formId, jsonSchema, layout, isPublic: true }, staff);
  return { formId: form.row.formId, schemaId: schema.row.formSchemaId };
}

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

describe('postFormsRow', () => {
  it('names a new row with the ids port, stamps it with the clock, stores it at version 1 in one transaction', async () => {
    const { ports, log } = setUp();
    const saved = await postFormsRow(ports, 'formgroup', { name: ' HR ' }, staff);
    expect(saved).toEqual({ row: { formGroupId: uuid(1), name: 'HR', description: null, isDeleted: false, createdDateTime: at, lastUpdatedDateTime: at }, version: 1 });
    expect(log).toEqual(['transaction', 'insert formgroup by u1']);
  });

  it('keeps an unused id the body brings and refuses a taken one (409) without storing', async () => {
    const { ports, log } = setUp();
    await postFormsRow(ports, 'formgroup', { formGroupId: uuid(77), name: 'A' }, staff);
    const error = await refusal(postFormsRow(ports, 'formgroup', { formGroupId: uuid(77), name: 'B' }, staff));
    expect(error.status).toBe(409);
    expect(log.filter((l) => l.startsWith('insert'))).toHaveLength(1);
  });

  it('numbers schema versions, makes the first one current, and checks the shape before the transaction', async () => {
    const { ports, tables, log, checked } = setUp();
    const { formId, schemaId } = await formWithSchema(ports);
    const second = await postFormsRow(ports, 'formschema', { formId, jsonSchema, layout }, staff);
    expect([(tables.formschema.get(schemaId)!.row as FormSchema).version, second.row.version]).toEqual([1, 2]);
    expect((tables.form.get(formId)!.row as Form).currentFormSchemaId).toBe(schemaId);
    expect(checked).toEqual(['post', 'post']);
    expect(log.filter((l) => l.startsWith('current'))).toEqual([`current ${formId} ${schemaId}`]);
    const before = log.length;
    const refused = await refusal(postFormsRow(ports, 'formschema', { formId, jsonSchema, layout, refuse: true }, staff));
    expect(refused.message).toBe('Refused by the check.');
    expect(log.length).toBe(before);
  });

  it("a visitor's instance: counted, its place committed, an edit link; a refused one gives its place back", async () => {
    const { ports, places, log } = setUp();
    const { schemaId } = await formWithSchema(ports);
    const saved = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: { name: 'Ada' } }, visitor);
    expect(saved.editLink).toBe(`edit:${saved.row.formInstanceId}`);
    expect(saved.row).toMatchObject({ formSchemaId: schemaId, status: FormInstanceStatus.Created, envelopeId: null });
    expect(log).toContain('insert forminstance by null');
    expect(places).toEqual([`write ${schemaId}`, `commit ${schemaId} ${saved.row.formInstanceId} draft=true`]);
    const missing = await refusal(postFormsRow(ports, 'forminstance', { formSchemaId: uuid(999), data: {} }, visitor));
    expect(missing.status).toBe(404);
    expect(places.at(-1)).toBe(`cancel ${uuid(999)}`);
    const staffSaved = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: {} }, staff);
    expect(staffSaved.editLink).toBeUndefined();
  });
});

describe('patchFormsRow', () => {
  it('merges the body, counts the version up, stamps the clock; a stale If-Match is 412 and changes nothing', async () => {
    const { ports, tables, setNow } = setUp();
    const group = await postFormsRow(ports, 'formgroup', { name: 'A', description: 'd' }, staff);
    setNow(later);
    const patched = await patchFormsRow(ports, 'formgroup', { formGroupId: group.row.formGroupId, name: 'B' }, staff, '"1"');
    expect(patched).toMatchObject({ version: 2, row: { name: 'B', description: 'd', lastUpdatedDateTime: later } });
    const stale = await refusal(patchFormsRow(ports, 'formgroup', { formGroupId: group.row.formGroupId, name: 'C' }, staff, '"1"'));
    expect(stale.status).toBe(412);
    expect(tables.formgroup.get(group.row.formGroupId)).toMatchObject({ version: 2, row: { name: 'B' } });
  });

  it('404 for no such row, and a visitor without a link for the instance is refused before any read', async () => {
    const { ports, log } = setUp();
    expect((await refusal(patchFormsRow(ports, 'form', { formId: uuid(5), name: 'X' }, staff, null))).status).toBe(404);
    const before = log.length;
    expect((await refusal(patchFormsRow(ports, 'forminstance', { formInstanceId: uuid(5), data: {} }, visitor, null))).status).toBe(401);
    expect(log.length).toBe(before);
  });

  it("records each change of an instance's status with who made it, in the write's transaction; a write that keeps the status records none", async () => {
    const { ports, log } = setUp();
    const { schemaId } = await formWithSchema(ports);
    const saved = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: {} }, staff);
    const id = saved.row.formInstanceId;
    await patchFormsRow(ports, 'forminstance', { formInstanceId: id, data: { name: 'Ada' } }, staff, null);
    await patchFormsRow(ports, 'forminstance', { formInstanceId: id, status: FormInstanceStatus.Created }, staff, null);
    await patchFormsRow(ports, 'forminstance', { formInstanceId: id, status: FormInstanceStatus.Submitted }, staff, null);
    const created = FormInstanceStatus.Created;
    expect(log.filter((l) => l.startsWith('status '))).toEqual([`status ${id} null -> ${created} by u1`, `status ${id} ${created} -> ${FormInstanceStatus.Submitted} by u1`]);
    // Each right after its row's write, inside the write's transaction.
    expect(log.slice(-3)).toEqual(['transaction', 'update forminstance data,formId,formSchemaId,isDeleted,lastUpdatedDateTime,status', `status ${id} ${created} -> ${FormInstanceStatus.Submitted} by u1`]);
  });

  it('restores a soft-deleted row with isDeleted: false', async () => {
    const { ports, tables } = setUp();
    const group = await postFormsRow(ports, 'formgroup', { name: 'A' }, staff);
    await softDeleteFormsRow(ports, 'formgroup', group.row.formGroupId);
    await patchFormsRow(ports, 'formgroup', { formGroupId: group.row.formGroupId, isDeleted: false }, staff, null);
    expect(tables.formgroup.get(group.row.formGroupId)).toMatchObject({ version: 3, row: { isDeleted: false } });
  });
});

describe('softDeleteFormsRow and deleteFormsRow', () => {
  it('a soft delete marks the row (version up, clock), 404 for no such row', async () => {
    const { ports, tables, setNow } = setUp();
    const group = await postFormsRow(ports, 'formgroup', { name: 'A' }, staff);
    setNow(later);
    await softDeleteFormsRow(ports, 'formgroup', group.row.formGroupId);
    expect(tables.formgroup.get(group.row.formGroupId)).toMatchObject({ version: 2, row: { isDeleted: true, lastUpdatedDateTime: later } });
    expect((await refusal(softDeleteFormsRow(ports, 'form', uuid(404)))).status).toBe(404);
  });

  it('removing the current schema makes the newest one left current (none when none is left)', async () => {
    const { ports, tables } = setUp();
    const { formId, schemaId } = await formWithSchema(ports);
    const second = await postFormsRow(ports, 'formschema', { formId, jsonSchema, layout }, staff);
    const third = await postFormsRow(ports, 'formschema', { formId, jsonSchema, layout }, staff);
    await deleteFormsRow(ports, 'formschema', second.row.formSchemaId);
    expect((tables.form.get(formId)!.row as Form).currentFormSchemaId).toBe(schemaId);
    await deleteFormsRow(ports, 'formschema', schemaId);
    expect((tables.form.get(formId)!.row as Form).currentFormSchemaId).toBe(third.row.formSchemaId);
    await deleteFormsRow(ports, 'formschema', third.row.formSchemaId);
    expect((tables.form.get(formId)!.row as Form).currentFormSchemaId).toBeNull();
  });

  it("removing a form group leaves its forms ungrouped, without a new version; 404 for no such row", async () => {
    const { ports, tables } = setUp();
    const group = await postFormsRow(ports, 'formgroup', { name: 'A' }, staff);
    const form = await postFormsRow(ports, 'form', { name: 'F', formGroupId: group.row.formGroupId }, staff);
    await deleteFormsRow(ports, 'formgroup', group.row.formGroupId);
    expect(tables.formgroup.size).toBe(0);
    expect(tables.form.get(form.row.formId)).toMatchObject({ version: 1, row: { formGroupId: null } });
    expect((await refusal(deleteFormsRow(ports, 'formgroup', group.row.formGroupId))).status).toBe(404);
  });
});

describe('the instance calls', () => {
  const instancePorts = (ports: FormsPorts) => ({ storage: ports.storage, clock: ports.clock, ids: ports.ids });

  it('completeInstance: staff complete a Submitted instance (version up); a Created one is refused, a visitor needs the edit link', async () => {
    const { ports, tables, setNow } = setUp();
    const { schemaId } = await formWithSchema(ports);
    const submitted = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: { name: 'Ada' }, status: FormInstanceStatus.Submitted }, staff);
    const draft = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: {} }, staff);
    expect((await refusal(completeInstance(instancePorts(ports), submitted.row.formInstanceId, visitor))).status).toBe(401);
    expect((await refusal(completeInstance(instancePorts(ports), draft.row.formInstanceId, staff))).status).toBe(409);
    setNow(later);
    await completeInstance(instancePorts(ports), submitted.row.formInstanceId, staff);
    expect(tables.forminstance.get(submitted.row.formInstanceId)).toMatchObject({ version: 2, row: { status: FormInstanceStatus.Completed, lastUpdatedDateTime: later } });
    expect((await refusal(completeInstance(instancePorts(ports), uuid(404), staff))).status).toBe(404);
  });

  it('instanceLink: a token of the mode asked for and what it grants; 404 once the schema is soft-deleted', async () => {
    const { ports } = setUp();
    const { formId, schemaId } = await formWithSchema(ports);
    const instance = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: {} }, staff);
    const { formInstanceId } = instance.row;
    const link = await instanceLink(ports, formInstanceId, 'view');
    expect(link).toMatchObject({ grant: { formInstanceId, formSchemaId: schemaId, mode: 'view' }, token: `view:${formInstanceId}`, form: { formId } });
    await softDeleteFormsRow(ports, 'formschema', schemaId);
    expect((await refusal(instanceLink(ports, formInstanceId, 'edit'))).status).toBe(404);
    expect((await refusal(instanceLink(ports, uuid(404), 'edit'))).status).toBe(404);
  });

  it('duplicateInstance: a new id, the same schema and data (a copy), status Created; 404 once the source is soft-deleted', async () => {
    const { ports, log } = setUp();
    const { schemaId } = await formWithSchema(ports);
    const source = await postFormsRow(ports, 'forminstance', { formSchemaId: schemaId, data: { name: 'Ada' }, status: FormInstanceStatus.Submitted }, staff);
    const copy = await duplicateInstance(instancePorts(ports), source.row.formInstanceId, staff);
    expect(copy.row).toMatchObject({ formSchemaId: schemaId, data: { name: 'Ada' }, status: FormInstanceStatus.Created, envelopeId: null, isDeleted: false });
    expect(copy.row.formInstanceId).not.toBe(source.row.formInstanceId);
    expect(copy.row.data).not.toBe(source.row.data);
    expect(log.slice(-2)).toEqual(['insert forminstance by u1', `status ${copy.row.formInstanceId} null -> ${FormInstanceStatus.Created} by u1`]);
    await softDeleteFormsRow(ports, 'forminstance', source.row.formInstanceId);
    expect((await refusal(duplicateInstance(instancePorts(ports), source.row.formInstanceId, staff))).status).toBe(404);
  });

  it('instanceFromApplication: a Created instance of a live schema; 404 while its form is soft-deleted', async () => {
    const { ports } = setUp();
    const { formId, schemaId } = await formWithSchema(ports);
    const { saved, problems } = await instanceFromApplication(instancePorts(ports), schemaId, { applicant: { name: 'Ada' } }, staff);
    expect(saved.row).toMatchObject({ formSchemaId: schemaId, formId, status: FormInstanceStatus.Created, createdDateTime: at });
    expect(problems).toEqual([]);
    await softDeleteFormsRow(ports, 'form', formId);
    expect((await refusal(instanceFromApplication(instancePorts(ports), schemaId, {}, staff))).status).toBe(404);
  });
});

describe('the health check', () => {
  const at = new Date('2026-03-04T05:06:07Z');
  const request = {} as RouteRequest; // the route reads nothing of its request
  it('answers the database\'s state with the time; a probe that fails is Unhealthy, 503', async () => {
    expect(await HEALTH_ROUTE.handle(request, { database: async () => 'Healthy', clock: { now: () => at } })).toEqual({
      status: 200,
      body: { status: 'Healthy', database: 'Healthy', timestamp: '2026-03-04T05:06:07.000Z' },
    });
    const down = { database: () => Promise.reject(new Error('connection refused')), clock: { now: () => at } };
    expect(await HEALTH_ROUTE.handle(request, down)).toEqual({
      status: 503,
      body: { status: 'Unhealthy', database: 'Unhealthy', timestamp: '2026-03-04T05:06:07.000Z' },
    });
  });
});

/** The refusal of an async call (a DomainError), or null when it passes. */
async function refusalOf(fn: () => Promise<unknown>): Promise<{ status: number; detail: string; extensions: Readonly<Record<string, unknown>> } | null> {
  try {
    await fn();
    return null;
  } catch (error) {
    if (error instanceof DomainError) return { status: error.status, detail: error.detail, extensions: error.extensions };
    throw error;
  }
}

describe('anonymous write limits (the fake\'s, in memory; the server runs the same rules over its database)', () => {
  const clock = () => {
    let now = 1_000_000;
    return { now: () => now, advance: (ms: number) => (now += ms) };
  };

  it('counts writes per address and per schema; the 429 says how long to wait', async () => {
    const time = clock();
    const limiter = new AnonymousWriteLimiter({ perAddress: { max: 2, windowSeconds: 60 }, perSchema: { max: 3, windowSeconds: 60 } }, time.now);
    await limiter.write('10.0.0.1', 'S');
    time.advance(10_000);
    await limiter.write('::ffff:10.0.0.1', 's');
    const refused = await refusalOf(() => limiter.write('10.0.0.1', 'S'));
    expect(refused).toMatchObject({ status: 429, extensions: { code: 'address-rate', retryAfterSeconds: 50 } });
    expect(refused?.detail).toBe('Too many requests from your address: at most 2 in a minute. Try again in 50 s.');
    await limiter.write('10.0.0.2', 'S');
    expect(await refusalOf(() => limiter.write('10.0.0.3', 'S'))).toMatchObject({ status: 429, extensions: { code: 'schema-rate' } });
    time.advance(50_001);
    await limiter.write('10.0.0.1', 'S');
    expect(retryAfterOf(new DomainError(429, 'x', { retryAfterSeconds: 1.2 }))).toBe('2');
    expect(retryAfterOf(new DomainError(400, 'x'))).toBeNull();
  });

  it('caps the drafts an address holds of a schema; a submitted or cancelled one frees its place', async () => {
    const time = clock();
    const submitted = new Set<string>();
    const limiter = new AnonymousWriteLimiter({ draftsPerAddressAndSchema: { max: 2, windowSeconds: 3600 } }, time.now, undefined, async (ids) =>
      new Set(ids.filter((id) => !submitted.has(id))));
    await (await limiter.beginNew('a', 'S', true)).commit('i1');
    await (await limiter.beginNew('a', 'S', true)).commit('i2');
    const refused = await refusalOf(() => limiter.beginNew('a', 'S', true));
    expect(refused).toMatchObject({ status: 429, extensions: { code: 'draft-limit', retryAfterSeconds: 3600 } });
    // Another schema, another address, or a new instance that is submitted at once: not a draft of this one.
    await (await limiter.beginNew('a', 'T', true)).cancel();
    await (await limiter.beginNew('b', 'S', true)).cancel();
    submitted.add('i3');
    await (await limiter.beginNew('a', 'S', false)).commit('i3');
    expect(await refusalOf(() => limiter.beginNew('a', 'S', true))).toMatchObject({ status: 429 });
    // i1 was submitted: its place is free.
    submitted.add('i1');
    await (await limiter.beginNew('a', 'S', true)).commit('i4');
    // A place held by a post still running counts.
    await limiter.beginNew('c', 'S', true);
    await limiter.beginNew('c', 'S', true);
    expect((await refusalOf(() => limiter.beginNew('c', 'S', true)))?.status).toBe(429);
  });

  it('bounds the bytes an address writes in the window', async () => {
    const time = clock();
    const limiter = new AnonymousWriteLimiter({ bytesPerAddress: { max: 1000, windowSeconds: 60 } }, time.now);
    await limiter.write('a', 'S', 600);
    time.advance(20_000);
    await limiter.write('a', 'S', 300);
    // 600 + 300 + 200 > 1000: it fits once the first 600 have aged out, 40 s from now.
    expect(await refusalOf(() => limiter.write('a', 'S', 200))).toMatchObject({ status: 429, extensions: { code: 'address-bytes', retryAfterSeconds: 40 } });
    await limiter.write('b', 'S', 900);
    time.advance(40_001);
    await limiter.write('a', 'S', 200);
  });

  it('limits new instances per address; checks the configured numbers', async () => {
    const limiter = new AnonymousWriteLimiter({ newInstancesPerAddress: { max: 1, windowSeconds: 60 } });
    await (await limiter.beginNew('a', 'S', false)).commit('x');
    expect(await refusalOf(() => limiter.beginNew('a', 'T', false))).toMatchObject({ status: 429, extensions: { code: 'new-instance-rate' } });
    expect(() => resolveAnonymousWriteLimits({ perAddress: { max: 0, windowSeconds: 60 } })).toThrow(/perAddress/);
  });

  it('remembers a bounded number of keys', async () => {
    const limiter = new AnonymousWriteLimiter({ perAddress: { max: 1, windowSeconds: 60 } }, Date.now, 8);
    // Four addresses with their bytes, and the schema: nine keys, one too many.
    for (const address of ['a', 'b', 'c', 'd']) await limiter.write(address, 'S');
    // 'a' was forgotten (the least recently used): it may write again; 'd' may not.
    await limiter.write('a', 'S');
    expect((await refusalOf(() => limiter.write('d', 'S')))?.status).toBe(429);
    // With room for the nine keys, 'a' is remembered.
    const roomy = new AnonymousWriteLimiter({ perAddress: { max: 1, windowSeconds: 60 } }, Date.now, 9);
    for (const address of ['a', 'b', 'c', 'd']) await roomy.write(address, 'S');
    expect((await refusalOf(() => roomy.write('a', 'S')))?.status).toBe(429);
  });
});
