// @vitest-environment node
/**
 * Where public form links point: `PUBLIC_FORM_BASE_URL` (the server's base, e.g. the site that embeds the forms), a
 * form's own `publicBaseUrl` over it, else the first host origin — never always the reference host.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv, resolveConfig } from '../../example-host/server/config';
import { callJson, startTestServer, START_TIMEOUT_MS, type TestServer } from './helpers';

describe('PUBLIC_FORM_BASE_URL', () => {
  it('is read from the environment and checked at start', () => {
    expect(configFromEnv({ PUBLIC_FORM_BASE_URL: ' https://www.example.org/forms/ ' }).publicFormBaseUrl).toBe('https://www.example.org/forms/');
    expect(resolveConfig({ publicFormBaseUrl: 'https://www.example.org/forms/' }).publicFormBaseUrl).toBe('https://www.example.org/forms');
    expect(resolveConfig({}).publicFormBaseUrl).toBeNull();
    for (const bad of ['www.example.org', 'ftp://example.org', 'https://example.org/?a=1', 'https://user:pw@example.org']) {
      expect(() => resolveConfig({ publicFormBaseUrl: bad })).toThrow(/'publicFormBaseUrl' must be an absolute http or https URL/);
    }
  });
});

describe('GetEditUrl and GetViewUrl', () => {
  let server: TestServer;
  let admin: string;
  let instanceId: string;
  let formId: string;

  beforeAll(async () => {
    server = await startTestServer({ publicFormBaseUrl: 'https://www.example.org/forms' });
    admin = await server.mintAccessToken({ sub: 'admin' });
    const form = await callJson<{ formId: string }>(server, '/api/crud/form/post', { token: admin, method: 'POST', body: { name: `Links ${Date.now()}` } });
    formId = form.body.formId;
    const schema = await callJson<{ formSchemaId: string }>(server, '/api/crud/formschema/post', {
      token: admin,
      method: 'POST',
      body: { formId, jsonSchema: { type: 'object', properties: { a: { type: 'string' } } }, layout: { pages: [] }, isPublic: true },
    });
    const instance = await callJson<{ formInstanceId: string }>(server, '/api/crud/forminstance/post', {
      token: admin,
      method: 'POST',
      body: { formSchemaId: schema.body.formSchemaId, data: {} },
    });
    instanceId = instance.body.formInstanceId;
  }, START_TIMEOUT_MS);
  afterAll(() => server?.stop());

  const link = async (kind: 'GetEditUrl' | 'GetViewUrl') =>
    (await callJson<string>(server, `/api/Forms/${kind}`, { token: admin, query: { formInstanceId: instanceId } })).body;

  it("point at the server's configured base", async () => {
    expect(await link('GetEditUrl')).toMatch(/^https:\/\/www\.example\.org\/forms\/form-instance\/[0-9a-f-]{36}\?mode=edit&/);
    expect(await link('GetViewUrl')).toMatch(/^https:\/\/www\.example\.org\/forms\/form-instance\/[0-9a-f-]{36}\?mode=view&/);
  });

  it("point at a form's own base when it has one, and back at the server's once it is cleared", async () => {
    const set = await callJson<{ publicBaseUrl: string }>(server, '/api/crud/form/patch', {
      token: admin,
      method: 'PATCH',
      body: { formId, publicBaseUrl: 'https://partner.example.net/apply/' },
    });
    expect(set.status).toBe(200);
    expect(set.body.publicBaseUrl).toBe('https://partner.example.net/apply');
    expect(await link('GetEditUrl')).toMatch(/^https:\/\/partner\.example\.net\/apply\/form-instance\//);
    await callJson(server, '/api/crud/form/patch', { token: admin, method: 'PATCH', body: { formId, publicBaseUrl: null } });
    expect(await link('GetViewUrl')).toMatch(/^https:\/\/www\.example\.org\/forms\/form-instance\//);
  });

  it('refuses a base that is not an absolute http(s) URL (400, naming the field)', async () => {
    const refused = await callJson<{ detail: string }>(server, '/api/crud/form/patch', {
      token: admin,
      method: 'PATCH',
      body: { formId, publicBaseUrl: 'javascript:alert(1)' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/^'publicBaseUrl' must be an absolute http or https URL/);
  });
});
