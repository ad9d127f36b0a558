// @vitest-environment node
/**
 * Public form access on the reference server (docs/decisions.md, Public links): GetEditUrl /
 * GetViewUrl links with an unguessable, hashed, expiring token; anonymous callers reach only the
 * instance their link names (a view link cannot write), or start an instance of a public schema;
 * unknown or non-public schema → 404; expired or altered token → 401; MarkCompleted (staff only), NotifyDeleted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FormInstanceStatus } from '../../src/api/enums';
import type { FormInstance, FormSchema, JsonObject } from '../../src/api/types';
import {
  COMPLETED_MESSAGE,
  LINK_INVALID_MESSAGE,
  LINK_REQUIRED_MESSAGE,
  LINK_TOKEN_LIFETIME_MS,
  SUBMITTED_MESSAGE,
  VIEW_LINK_MESSAGE,
  VISITOR_COMPLETE_MESSAGE,
} from '../../src/domain/forms';
import { formDeletionNotices, formLinkTokens } from '../../example-host/server/db/schema';
import { hashLinkToken } from '../../example-host/server/forms';
import { call, callJson, HOST_ORIGIN, START_TIMEOUT_MS, startTestServer, type TestServer } from './helpers';

type Wire<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };
interface Problem {
  status: number;
  detail: string;
}

let server: TestServer;
let admin: string;
let publicSchema: Wire<FormSchema>;
let privateSchema: Wire<FormSchema>;
let instance: Wire<FormInstance>;
let other: Wire<FormInstance>;

const jsonSchema: JsonObject = {
  $schema: 'https://json-schema.org/draft/2020-12/schema',
  type: 'object',
  properties: { name: { type: 'string', minLength: 1 } },
  required: ['name'],
};
const layout = { pages: [{ id: 'p', title: 'P', sections: [{ id: 's', title: 'S', fields: [{ id: 'name', path: '/name', widget: 'text', label: 'Name' }] }] }] };

const as = (token: string | null) => ({
  get: <T>(path: string) => callJson<T>(server, path, { token }),
  send: <T>(method: string, path: string, body?: unknown) => callJson<T>(server, path, { method, body, token }),
});

async function link(kind: 'GetEditUrl' | 'GetViewUrl', formInstanceId: string): Promise<{ url: URL; token: string }> {
  const res = await as(admin).get<string>(`/api/Forms/${kind}?formInstanceId=${formInstanceId}`);
  expect(res.status).toBe(200);
  const url = new URL(res.body);
  return { url, token: url.searchParams.get('token') ?? '' };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.mintAccessToken({ sub: 'admin' });
  const form = (await as(admin).send<{ formId: string }>('POST', '/api/crud/form/post', { name: 'Public survey' })).body;
  publicSchema = (await as(admin).send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema, layout, isPublic: true })).body;
  privateSchema = (await as(admin).send<Wire<FormSchema>>('POST', '/api/crud/formschema/post', { formId: form.formId, jsonSchema, layout })).body;
  instance = (await as(admin).send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', { formSchemaId: privateSchema.formSchemaId, data: { name: 'Ada' } })).body;
  other = (await as(admin).send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', { formSchemaId: privateSchema.formSchemaId, data: { name: 'Bob' } })).body;
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

describe('links', () => {
  it('answers /form-instance/{formSchemaId}?mode&formInstanceId&token on the host origin, a fresh 256-bit token each time', async () => {
    const edit = await link('GetEditUrl', instance.formInstanceId);
    expect(`${edit.url.origin}${edit.url.pathname}`).toBe(`${HOST_ORIGIN}/form-instance/${privateSchema.formSchemaId}`);
    expect(edit.url.searchParams.get('mode')).toBe('edit');
    expect(edit.url.searchParams.get('formInstanceId')).toBe(instance.formInstanceId);
    expect(edit.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const view = await link('GetViewUrl', instance.formInstanceId);
    expect(view.url.searchParams.get('mode')).toBe('view');
    expect(view.token).not.toBe(edit.token);
    expect((await as(admin).get(`/api/Forms/GetEditUrl?formInstanceId=${crypto.randomUUID()}`)).status).toBe(404);
    expect((await as(admin).get('/api/Forms/GetEditUrl')).status).toBe(400);
  });

  it('stores only the token’s hash, with an expiry of the shared lifetime', async () => {
    const { token } = await link('GetEditUrl', instance.formInstanceId);
    const rows = await server.db.select().from(formLinkTokens).where(eq(formLinkTokens.formInstanceId, instance.formInstanceId));
    expect(rows.some((r) => r.tokenHash === token)).toBe(false);
    const row = rows.find((r) => r.tokenHash === hashLinkToken(token));
    expect(row?.mode).toBe('edit');
    const lifetime = (row?.expiresAt.getTime() ?? 0) - (row?.createdDateTime.getTime() ?? 0);
    expect(Math.abs(lifetime - LINK_TOKEN_LIFETIME_MS)).toBeLessThan(60_000);
  });
});

describe('anonymous callers with a link', () => {
  it('read the linked instance (bearer or ?token=) and its schema, nothing else', async () => {
    const { token } = await link('GetViewUrl', instance.formInstanceId);
    const viaBearer = await as(token).get<{ value: Wire<FormInstance>[] }>('/odata/FormInstanceOData');
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body.value.map((i) => i.formInstanceId)).toEqual([instance.formInstanceId]);
    const viaQuery = await as(null).get<{ value: Wire<FormInstance>[] }>(`/odata/FormInstanceOData?token=${token}&$filter=formInstanceId eq ${other.formInstanceId}`);
    expect(viaQuery.body.value).toEqual([]);
    const schemas = await as(token).get<{ value: Wire<FormSchema>[] }>('/odata/FormSchemaOData?$select=formSchemaId');
    expect(schemas.body.value.map((s) => s.formSchemaId)).toContain(privateSchema.formSchemaId);
    // Expansions stay inside what the link reaches.
    const expanded = await as(token).get<{ value: { formInstances: unknown[] }[] }>('/odata/FormOData?$expand=formInstances');
    expect(expanded.body.value.flatMap((f) => f.formInstances)).toHaveLength(1);
    expect((await as(token).get('/odata/FormGroupOData')).status).toBe(401);
  });

  it('an edit link saves data and status of its one instance; other fields are ignored', async () => {
    const { token } = await link('GetEditUrl', instance.formInstanceId);
    const saved = await as(token).send<Wire<FormInstance>>('PATCH', '/api/crud/forminstance/patch', {
      formInstanceId: instance.formInstanceId,
      data: { name: 'Ada L.' },
      status: FormInstanceStatus.Submitted,
      isDeleted: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ data: { name: 'Ada L.' }, status: FormInstanceStatus.Submitted, isDeleted: false });
    const elsewhere = await as(token).send<Problem>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: other.formInstanceId, data: {} });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.body.detail).toBe(LINK_REQUIRED_MESSAGE);
    // Submitted is handed in: the link changes nothing more, and never completes.
    const complete = await as(token).send<Problem>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: instance.formInstanceId, status: FormInstanceStatus.Completed });
    expect(complete.status).toBe(409);
    expect(complete.body.detail).toBe(SUBMITTED_MESSAGE);
  });

  it('a view link cannot write (403)', async () => {
    const { token } = await link('GetViewUrl', instance.formInstanceId);
    const res = await as(token).send<Problem>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: instance.formInstanceId, data: { name: 'X' } });
    expect(res.status).toBe(403);
    expect(res.body.detail).toBe(VIEW_LINK_MESSAGE);
    expect((await as(token).get<Problem>(`/api/Forms/MarkCompleted?formInstanceId=${instance.formInstanceId}`)).status).toBe(403);
  });

  it('an altered or expired token is 401', async () => {
    const { token } = await link('GetEditUrl', instance.formInstanceId);
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const res of [
      await as(altered).get<Problem>('/odata/FormInstanceOData'),
      await as(null).get<Problem>(`/odata/FormSchemaOData?token=${altered}`),
      await as(altered).send<Problem>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: instance.formInstanceId, data: {} }),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body.detail).toBe(LINK_INVALID_MESSAGE);
    }
    await server.db.update(formLinkTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(formLinkTokens.tokenHash, hashLinkToken(token)));
    const expired = await as(token).get<Problem>('/odata/FormInstanceOData');
    expect(expired.status).toBe(401);
    expect(expired.body.detail).toBe(LINK_INVALID_MESSAGE);
  });

  it('MarkCompleted: never with the edit link (403), by staff for a Submitted instance only; afterwards the link cannot change it (409)', async () => {
    const fresh = (await as(admin).send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', { formSchemaId: privateSchema.formSchemaId, data: { name: 'C' } })).body;
    const { token } = await link('GetEditUrl', fresh.formInstanceId);
    expect((await as(null).get(`/api/Forms/MarkCompleted?formInstanceId=${fresh.formInstanceId}`)).status).toBe(401);
    const byLink = await as(token).get<Problem>(`/api/Forms/MarkCompleted?formInstanceId=${fresh.formInstanceId}`);
    expect(byLink.status).toBe(403);
    expect(byLink.body.detail).toBe(VISITOR_COMPLETE_MESSAGE);
    expect((await as(admin).get<Problem>(`/api/Forms/MarkCompleted?formInstanceId=${fresh.formInstanceId}`)).status).toBe(409);
    const submitted = await as(admin).send('PATCH', '/api/crud/forminstance/patch', { formInstanceId: fresh.formInstanceId, status: FormInstanceStatus.Submitted });
    expect(submitted.status).toBe(200);
    const done = await call(server, `/api/Forms/MarkCompleted?formInstanceId=${fresh.formInstanceId}`, { token: admin });
    expect(done.status).toBe(200);
    expect(await done.text()).toBe('');
    const after = await as(token).get<{ value: Wire<FormInstance>[] }>('/odata/FormInstanceOData');
    expect(after.body.value[0]?.status).toBe(FormInstanceStatus.Completed);
    const change = await as(token).send<Problem>('PATCH', '/api/crud/forminstance/patch', { formInstanceId: fresh.formInstanceId, data: { name: 'D' } });
    expect(change.status).toBe(409);
    expect(change.body.detail).toBe(COMPLETED_MESSAGE);
  });
});

describe('anonymous callers without a link', () => {
  it('see live public schemas (and their forms) only, and cannot list instances or form groups', async () => {
    const schemas = await as(null).get<{ value: Wire<FormSchema>[] }>('/odata/FormSchemaOData');
    expect(schemas.status).toBe(200);
    expect(schemas.body.value.length).toBeGreaterThan(0);
    expect(schemas.body.value.every((s) => s.isPublic && !s.isDeleted)).toBe(true);
    expect(schemas.body.value.map((s) => s.formSchemaId)).toContain(publicSchema.formSchemaId);
    expect(schemas.body.value.map((s) => s.formSchemaId)).not.toContain(privateSchema.formSchemaId);
    const forced = await as(null).get<{ value: unknown[] }>(`/odata/FormSchemaOData?$filter=formSchemaId eq ${privateSchema.formSchemaId} or isDeleted eq true`);
    expect(forced.body.value).toEqual([]);
    expect((await as(null).get('/odata/FormInstanceOData')).status).toBe(401);
    expect((await as(null).get('/odata/FormGroupOData')).status).toBe(401);
  });

  it('start an instance of a public schema only: unknown or non-public → 404, submitted data validated', async () => {
    const created = await as(null).send<Wire<FormInstance>>('POST', '/api/crud/forminstance/post', {
      formSchemaId: publicSchema.formSchemaId,
      data: { name: 'Anon' },
      status: FormInstanceStatus.Submitted,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ formSchemaId: publicSchema.formSchemaId, status: FormInstanceStatus.Submitted });
    for (const formSchemaId of [privateSchema.formSchemaId, crypto.randomUUID(), 'nope']) {
      const res = await as(null).send<Problem>('POST', '/api/crud/forminstance/post', { formSchemaId, data: {} });
      expect(res.status, formSchemaId).toBe(404);
      expect(res.body.detail).toBe(`No public form schema '${formSchemaId}'.`);
    }
    const invalid = await as(null).send<Problem>('POST', '/api/crud/forminstance/post', { formSchemaId: publicSchema.formSchemaId, data: {}, status: FormInstanceStatus.Submitted });
    expect(invalid.status).toBe(400);
    // A new instance is not readable by its anonymous creator without a link.
    const read = await as(null).get(`/odata/FormInstanceOData?$filter=formInstanceId eq ${created.body.formInstanceId}`);
    expect(read.status).toBe(401);
    // Soft-deleting the schema takes it off the public list.
    await as(admin).send('PATCH', `/api/crud/formschema/softdelete?Id=${publicSchema.formSchemaId}`);
    expect((await as(null).send('POST', '/api/crud/forminstance/post', { formSchemaId: publicSchema.formSchemaId, data: {} })).status).toBe(404);
    await as(admin).send('PATCH', '/api/crud/formschema/patch', { formSchemaId: publicSchema.formSchemaId, isDeleted: false });
  });

  it('who starts a public form gets an edit link token for it (X-Form-Link-Token): their next saves are theirs alone', async () => {
    const res = await call(server, '/api/crud/forminstance/post', {
      method: 'POST',
      body: { formSchemaId: publicSchema.formSchemaId, data: { name: 'Draft' }, status: FormInstanceStatus.InProgress },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-expose-headers') ?? 'X-Form-Link-Token').toMatch(/X-Form-Link-Token/i);
    const token = res.headers.get('X-Form-Link-Token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const created = (await res.json()) as Wire<FormInstance>;
    const saved = await as(token).send<Wire<FormInstance>>('PATCH', '/api/crud/forminstance/patch', {
      formInstanceId: created.formInstanceId,
      data: { name: 'Draft, then more' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ name: 'Draft, then more' });
    // The token names that one instance: another is out of reach.
    expect((await as(token).send('PATCH', '/api/crud/forminstance/patch', { formInstanceId: other.formInstanceId, data: { name: 'x' } })).status).toBe(401);
    // A signed-in caller's post carries no link token.
    const signedIn = await call(server, '/api/crud/forminstance/post', { method: 'POST', token: admin, body: { formSchemaId: publicSchema.formSchemaId, data: { name: 'Staff' } } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('X-Form-Link-Token')).toBeNull();
  });

  it('cannot call anything else: 401', async () => {
    for (const [method, path] of [
      ['POST', '/api/crud/form/post'],
      ['PATCH', '/api/crud/forminstance/patch'],
      ['DELETE', `/api/crud/forminstance/delete?Id=${instance.formInstanceId}`],
      ['GET', `/api/Forms/GetEditUrl?formInstanceId=${instance.formInstanceId}`],
    ] as const) {
      const res = await as(null).send(method, path, method === 'POST' || method === 'PATCH' ? { formInstanceId: instance.formInstanceId } : undefined);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });
});

describe('NotifyDeleted', () => {
  it('records the notice with the caller, also for an instance already gone', async () => {
    const gone = crypto.randomUUID();
    const res = await call(server, `/api/Forms/NotifyDeleted?formInstanceId=${gone}`, { token: admin });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
    const rows = await server.db.select().from(formDeletionNotices).where(eq(formDeletionNotices.formInstanceId, gone));
    expect(rows).toHaveLength(1);
    expect((await call(server, `/api/Forms/NotifyDeleted?formInstanceId=${gone}`)).status).toBe(401);
  });
});
