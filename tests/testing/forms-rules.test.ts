/**
 * The fake applies the domain's forms rules (src/domain/forms) exactly as the reference server does
 * (tests/server/forms-*.test.ts): link access, public schemas, the engine's data checks and versions.
 */
import { describe, expect, it } from 'vitest';
import type { FormInstance } from '../../src/api/types';
import { FormInstanceStatus } from '../../src/api/enums';
import {
  COMPLETED_MESSAGE,
  VISITOR_COMPLETE_MESSAGE,
  INVALID_DATA_MESSAGE,
  LINK_INVALID_MESSAGE,
  LINK_TOKEN_LIFETIME_MS,
  STALE_WRITE_MESSAGE,
  VIEW_LINK_MESSAGE,
} from '../../src/domain/forms';
import { seedIds } from '../../src/testing';
import { call, getJson, send, startFakeBackend, type Wire } from './helpers';

const { backend } = startFakeBackend();

interface Problem {
  status: number;
  detail: string;
  errors?: { path: string; message: string }[];
  currentETag?: string;
}

const patchWith = (token: string, body: unknown, headers: Record<string, string> = {}) =>
  call('/api/crud/forminstance/patch', {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function linkToken(kind: 'GetEditUrl' | 'GetViewUrl', formInstanceId: string): Promise<string> {
  return new URL(await getJson<string>(`/api/Forms/${kind}?formInstanceId=${formInstanceId}`)).searchParams.get('token') ?? '';
}

describe('forms rules in the fake', () => {
  it('gives links the shared lifetime', async () => {
    expect(backend.linkTokenLifetimeMs).toBe(LINK_TOKEN_LIFETIME_MS);
    const before = backend.now().getTime();
    const token = await linkToken('GetEditUrl', seedIds.formInstances.loanInProgress);
    const lifetime = (backend.db.linkTokens.find((t) => t.token === token)?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThanOrEqual(LINK_TOKEN_LIFETIME_MS);
    expect(lifetime).toBeLessThan(LINK_TOKEN_LIFETIME_MS + 5_000);
  });

  it('a view link cannot write (403); an altered token is 401; a link cannot complete (403); a completed instance cannot change (409)', async () => {
    const view = await linkToken('GetViewUrl', seedIds.formInstances.loanInProgress);
    const edit = await linkToken('GetEditUrl', seedIds.formInstances.loanInProgress);
    backend.setCurrentUser(null);
    const viewWrite = await patchWith(view, { formInstanceId: seedIds.formInstances.loanInProgress, data: {} });
    expect(viewWrite.status).toBe(403);
    expect(((await viewWrite.json()) as Problem).detail).toBe(VIEW_LINK_MESSAGE);
    const altered = await patchWith(`${edit.slice(0, -1)}x`, { formInstanceId: seedIds.formInstances.loanInProgress, data: {} });
    expect(altered.status).toBe(401);
    expect(((await altered.json()) as Problem).detail).toBe(LINK_INVALID_MESSAGE);
    expect((await call(`/odata/FormSchemaOData?token=${edit}x`)).status).toBe(401);
    const done = await call(`/api/Forms/MarkCompleted?formInstanceId=${seedIds.formInstances.loanInProgress}`, { headers: { authorization: `Bearer ${edit}` } });
    expect(done.status).toBe(403);
    expect(((await done.json()) as Problem).detail).toBe(VISITOR_COMPLETE_MESSAGE);
    // Staff completed it meanwhile.
    const stored = backend.db.formInstances.find((i) => i.formInstanceId === seedIds.formInstances.loanInProgress);
    if (stored) stored.status = FormInstanceStatus.Completed;
    const after = await patchWith(edit, { formInstanceId: seedIds.formInstances.loanInProgress, data: {} });
    expect(after.status).toBe(409);
    expect(((await after.json()) as Problem).detail).toBe(COMPLETED_MESSAGE);
  });

  it('an anonymous post of an unknown or non-public schema is 404', async () => {
    backend.setCurrentUser(null);
    for (const formSchemaId of [seedIds.formSchemas.loanApplicationV1, 'nope']) {
      const res = await send('POST', '/api/crud/forminstance/post', { formSchemaId });
      expect(res.status).toBe(404);
      expect(((await res.json()) as Problem).detail).toBe(`No public form schema '${formSchemaId}'.`);
    }
  });

  it('a submitted instance must pass the engine (400 with per-path messages); drafts save as typed', async () => {
    const draft = await send('POST', '/api/crud/forminstance/post', {
      formSchemaId: seedIds.formSchemas.contactRequestV1,
      data: { message: '' },
      status: FormInstanceStatus.InProgress,
    });
    expect(draft.status).toBe(200);
    const submitted = await send('POST', '/api/crud/forminstance/post', {
      formSchemaId: seedIds.formSchemas.contactRequestV1,
      data: { applicant: { name: 'Ada' } },
      status: FormInstanceStatus.Submitted,
    });
    expect(submitted.status).toBe(400);
    const problem = (await submitted.json()) as Problem;
    expect(problem.detail.startsWith(INVALID_DATA_MESSAGE)).toBe(true);
    expect(problem.errors?.map((e) => e.path).sort()).toEqual(['/applicant/email', '/contactPreference', '/message']);
    const polluted = await send('POST', '/api/crud/forminstance/post', {
      formSchemaId: seedIds.formSchemas.contactRequestV1,
      data: JSON.parse('{"__proto__":{"x":1}}') as unknown,
    });
    expect(polluted.status).toBe(400);
  });

  it('answers rows with an ETag and refuses a stale If-Match with 412, keeping the newer data', async () => {
    const created = await send('POST', '/api/crud/forminstance/post', { formSchemaId: seedIds.formSchemas.contactRequestV1, data: { message: 'v1' } });
    const etag = created.headers.get('etag') ?? '';
    expect(etag).toBe('"1"');
    const row = (await created.json()) as Wire<FormInstance>;
    const patch = (message: string, ifMatch: string) =>
      call('/api/crud/forminstance/patch', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', 'if-match': ifMatch },
        body: JSON.stringify({ formInstanceId: row.formInstanceId, data: { message } }),
      });
    const first = await patch('tab A', etag);
    expect(first.status).toBe(200);
    expect(first.headers.get('etag')).toBe('"2"');
    const stale = await patch('tab B', etag);
    expect(stale.status).toBe(412);
    expect((await stale.json()) as Problem).toMatchObject({ detail: STALE_WRITE_MESSAGE, currentETag: '"2"' });
    expect(backend.db.formInstances.find((i) => i.formInstanceId === row.formInstanceId)?.data).toEqual({ message: 'tab A' });
  });
});
