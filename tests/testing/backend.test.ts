import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ClaimGroup } from '../../src/api/types';
import { EnvelopeStatus } from '../../src/api/enums';
import {
  createFakeBackend,
  createHandlers,
  errorHandlers,
  fakeRoutes,
  HANDLER_GROUP_NAMES,
  seedIds,
  type FakeBackend,
} from '../../src/testing';
import { BASE, call, getJson, send, type Wire } from './helpers';

const LIST = '/api/Claim/ClaimGroupsList?includeClaims=false&IncludeApplicationUserGroups=false&IncludeApplicationUsers=false&includeClaimGroups=false';

const backend: FakeBackend = createFakeBackend();
const server = setupServer(...backend.handlers(BASE));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  backend.reset();
});
afterAll(() => server.close());

describe('createFakeBackend', () => {
  it('starts seeded and signed in as Ada Admin', () => {
    expect(backend.currentUserId).toBe(seedIds.users.admin);
    expect(backend.currentUser()?.name).toBe('Ada Admin');
    expect(backend.db.applicationUsers).toHaveLength(7);
    expect(backend.db.formInstances.map((i) => i.status).sort()).toEqual([0, 1, 1, 1, 2, 2, 2, 3, 3]);
    expect(new Set(backend.db.envelopes.map((e) => e.status)).size).toBeGreaterThanOrEqual(4);
    expect(backend.db.formSchemas.filter((s) => s.isPublic)).toHaveLength(1);
  });

  it('can start empty and anonymous', async () => {
    const empty = createFakeBackend({ seed: false });
    expect(empty.currentUserId).toBeNull();
    expect(empty.db.forms).toEqual([]);
    expect(() => empty.setCurrentUser('admin')).toThrow(/No application user/);
  });

  it('signs users in by id or oidcId, and out', () => {
    backend.setCurrentUser('reader');
    expect(backend.currentUserId).toBe(seedIds.users.reader);
    backend.setCurrentUser(seedIds.users.editor);
    expect(backend.currentUser()?.oidcId).toBe('editor');
    backend.setCurrentUser(null);
    expect(backend.currentUser()).toBeNull();
  });

  it('reset() restores the seed, the user and the id counter, and clears the request log', async () => {
    await send('POST', '/api/Claim/CreateNewClaimGroup?groupName=Temp');
    await send('DELETE', `/api/crud/form/delete?Id=${seedIds.forms.expenseClaim}`);
    backend.setCurrentUser(null);
    const db = backend.db;
    expect(backend.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/Claim/CreateNewClaimGroup?groupName=Temp',
      `DELETE /api/crud/form/delete?Id=${seedIds.forms.expenseClaim}`,
    ]);

    backend.reset();
    expect(backend.db).toBe(db);
    expect(backend.requests).toEqual([]);
    expect(backend.currentUserId).toBe(seedIds.users.admin);
    expect(backend.db.forms).toHaveLength(4);
    const groups = await getJson<Wire<ClaimGroup>[]>(LIST);
    expect(groups.map((g) => g.name)).not.toContain('Temp');
    expect(backend.newId()).toBe('f0000000-0000-4000-8000-000000000001');
  });

  it('keeps seed data independent between backends and resets', () => {
    const other = createFakeBackend();
    other.db.forms[0]!.name = 'Changed';
    expect(backend.db.forms[0]?.name).toBe('Loan Application');
    other.reset();
    expect(other.db.forms[0]?.name).toBe('Loan Application');
  });

  it('moves envelopes with setEnvelopeStatus', () => {
    const envelope = backend.setEnvelopeStatus(seedIds.envelopes.onboardingDelivered, EnvelopeStatus.Completed);
    expect(envelope.status).toBe(EnvelopeStatus.Completed);
    expect(backend.db.formInstances.find((i) => i.formInstanceId === seedIds.formInstances.onboardingSubmitted)?.envelopeStatus).toBe(
      EnvelopeStatus.Completed,
    );
    expect(() => backend.setEnvelopeStatus('nope', EnvelopeStatus.Sent)).toThrow();
  });
});

describe('handler groups', () => {
  it('has one group per API area, covering every route', () => {
    const groups = backend.handlerGroups(BASE);
    expect(Object.keys(groups)).toEqual([...HANDLER_GROUP_NAMES]);
    for (const name of HANDLER_GROUP_NAMES) expect(groups[name]).toHaveLength(fakeRoutes[name].length);
    expect(fakeRoutes.claim.map((r) => r.path)).toContain('/api/Claim/AddRemoveUpdateAppUsersInAppuserGroups');
    expect(fakeRoutes.claim).toHaveLength(37);
    expect(fakeRoutes.crud).toHaveLength(16);
  });

  it('lets a group be overridden', async () => {
    const handlers = createHandlers(backend, { baseUrl: BASE, overrides: { healthCheck: [http.get(`${BASE}/api/HealthCheck/Get`, () => HttpResponse.json({ status: 'Degraded' }))] } });
    server.resetHandlers(...handlers);
    expect(await getJson('/api/HealthCheck/Get')).toEqual({ status: 'Degraded' });
    expect(await getJson<boolean>('/api/Claim/CheckForUsers')).toBe(true);
  });

  it('matches any origin by default', async () => {
    const anyOrigin = setupServer(...createFakeBackend().handlers());
    server.close();
    anyOrigin.listen({ onUnhandledRequest: 'error' });
    try {
      expect(await (await fetch('https://api.example.com/api/HealthCheck/Get')).json()).toEqual({
        status: 'Healthy',
        database: 'Healthy',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
    } finally {
      anyOrigin.close();
      server.listen({ onUnhandledRequest: 'error' });
    }
  });

  it('delays answers by latencyMs', async () => {
    server.resetHandlers(...createHandlers(backend, { baseUrl: BASE, latencyMs: 60 }));
    const started = Date.now();
    await call('/api/HealthCheck/Get');
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });
});

describe('errorHandlers', () => {
  it('fails one path with a status and a problem body', async () => {
    server.use(errorHandlers.failing('/api/Claim/ClaimGroupsList', 500));
    const response = await call(LIST);
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ status: 500 });
    expect((await call('/api/Claim/GetMyClaims')).status).toBe(200);
  });

  it('fails once, then lets calls through', async () => {
    server.use(errorHandlers.failing('/api/Claim/ClaimGroupsList', 503, { once: true, body: 'down' }));
    const first = await call(LIST);
    expect([first.status, await first.text()]).toEqual([503, 'down']);
    expect((await call(LIST)).status).toBe(200);
  });

  it('fails a whole group', async () => {
    server.use(...errorHandlers.failingGroup('claim', 500));
    expect((await call(LIST)).status).toBe(500);
    expect((await send('POST', '/api/Claim/CreateNewClaimGroup?groupName=X')).status).toBe(500);
    expect((await call('/api/HealthCheck/Get')).status).toBe(200);
  });

  it('simulates network errors and slow calls', async () => {
    server.use(errorHandlers.networkError('/api/HealthCheck/Get'));
    await expect(call('/api/HealthCheck/Get')).rejects.toThrow();
    server.resetHandlers();
    server.use(errorHandlers.delayed('/api/HealthCheck/Get', 60));
    const started = Date.now();
    expect((await call('/api/HealthCheck/Get')).status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
  });

  it('keeps a call pending', async () => {
    server.use(errorHandlers.pending('/api/HealthCheck/Get'));
    const controller = new AbortController();
    const pending = call('/api/HealthCheck/Get', { signal: controller.signal });
    const outcome = await Promise.race([pending.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('pending'), 50))]);
    expect(outcome).toBe('pending');
    controller.abort();
    await expect(pending).rejects.toThrow();
  });
});
