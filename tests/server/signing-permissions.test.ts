// @vitest-environment node
/**
 * Each FormSigner permission on the reference server: a user holding exactly one permission may do its action and
 * nothing else (Signing_RequestSignature, Add or AddUpdate request; Select reads one envelope and its audit;
 * SelectList lists; Update or AddUpdate remind and issue links; MarkDeleted or Delete void).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Permission } from '../../src/api/enums';
import type { SigningEnvelope } from '../../src/api/types';
import { callJson, START_TIMEOUT_MS, startTestServer, userWithClaims, type TestServer } from './helpers';
import { freshInstance, requestSignature } from './signing-helpers';

const P = Permission;
let server: TestServer;
let editor: string;
let envelope: SigningEnvelope;

beforeAll(async () => {
  server = await startTestServer({ signing: { sweepIntervalMs: null } });
  editor = await server.mintAccessToken({ sub: 'editor' });
  const instance = await freshInstance(server, editor);
  envelope = (await requestSignature(server, editor, { formInstanceId: instance.formInstanceId, signers: [{ name: 'A', email: 'a@example.com' }] })).body;
}, START_TIMEOUT_MS);

afterAll(async () => {
  await server?.stop();
});

/** What a user holding `claims` gets from each signing action (status codes). */
async function actions(sub: string, claims: number[]) {
  const { token } = await userWithClaims(server, sub, claims);
  const instance = await freshInstance(server, editor);
  const status = async (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>) =>
    (await callJson(server, path, { token, method, body, query })).status;
  return {
    request: await status('POST', '/api/Signing/RequestSignature', { formInstanceId: instance.formInstanceId, signers: [{ name: 'B', email: 'b@example.com' }] }),
    list: await status('GET', '/api/Signing/ListEnvelopes'),
    get: await status('GET', '/api/Signing/GetEnvelope', undefined, { envelopeId: envelope.envelopeId }),
    audit: await status('GET', '/api/Signing/VerifyAudit', undefined, { envelopeId: envelope.envelopeId }),
    link: await status('POST', '/api/Signing/GetSignerLink', { envelopeId: envelope.envelopeId, signerId: envelope.signers[0]!.signerId }),
    void: await status('POST', '/api/Signing/VoidEnvelope', { envelopeId: crypto.randomUUID(), reason: 'Test.' }),
  };
}

describe('FormSigner permissions, one at a time', () => {
  it('grants nothing without a permission', async () => {
    expect(await actions('signer-none', [P.Form_Select])).toEqual({ request: 403, list: 403, get: 403, audit: 403, link: 403, void: 403 });
  });

  it('Signing_RequestSignature, FormSigner_Add and FormSigner_AddUpdate each request a signature, and nothing more', async () => {
    expect(await actions('signer-request', [P.Signing_RequestSignature])).toEqual({ request: 200, list: 403, get: 403, audit: 403, link: 403, void: 403 });
    expect(await actions('signer-add', [P.FormSigner_Add])).toEqual({ request: 200, list: 403, get: 403, audit: 403, link: 403, void: 403 });
    expect((await actions('signer-addupdate', [P.FormSigner_AddUpdate])).request).toBe(200);
  });

  it('FormSigner_Select reads one envelope and its audit; FormSigner_SelectList lists', async () => {
    expect(await actions('signer-select', [P.FormSigner_Select])).toEqual({ request: 403, list: 403, get: 200, audit: 200, link: 403, void: 403 });
    expect(await actions('signer-selectlist', [P.FormSigner_SelectList])).toEqual({ request: 403, list: 200, get: 403, audit: 403, link: 403, void: 403 });
  });

  it('FormSigner_Update and FormSigner_AddUpdate issue links (and remind)', async () => {
    expect(await actions('signer-update', [P.FormSigner_Update])).toEqual({ request: 403, list: 403, get: 403, audit: 403, link: 200, void: 403 });
    expect((await actions('signer-addupdate-link', [P.FormSigner_AddUpdate])).link).toBe(200);
  });

  it('FormSigner_MarkDeleted and FormSigner_Delete void (404 here: the envelope does not exist, so the claim passed)', async () => {
    expect(await actions('signer-markdeleted', [P.FormSigner_MarkDeleted])).toEqual({ request: 403, list: 403, get: 403, audit: 403, link: 403, void: 404 });
    expect((await actions('signer-delete', [P.FormSigner_Delete])).void).toBe(404);
    expect((await actions('signer-update-void', [P.FormSigner_Update])).void).toBe(403);
  });

  it('answers the refusal with the claim to ask for', async () => {
    const { token } = await userWithClaims(server, 'signer-none-2', []);
    const refused = await callJson<{ detail: string; requiredClaim: string }>(server, '/api/Signing/VoidEnvelope', {
      token,
      method: 'POST',
      body: { envelopeId: envelope.envelopeId, reason: 'x' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.requiredClaim).toBe('FormSigner_MarkDeleted');
  });
});
