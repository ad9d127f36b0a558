/**
 * `/api/Signing/*`: signature requests, envelopes, the signing page's calls and signed documents. Every call is a use
 * case of src/service/signing.ts (the reference server runs the same) over the fake's storage,
 * src/testing/signing-model.ts; only reading the request and writing the answer live here.
 * `backend.setEnvelopeStatus` still moves an envelope by hand (stories, tests).
 */
import { HttpResponse } from 'msw';
import { Permission } from '../../api/enums';
import { hasField } from '../../domain';
import { attachmentDisposition, readIdField, readReason, readSignature, readSignatureRequest, readSignerToken } from '../../domain/signing';
import { readEnvelopeListQuery } from '../../domain/signing/list-query';
import {
  auditTrail,
  declineEnvelope,
  downloadSignedDocument,
  getEnvelope,
  listEnvelopes,
  openSigning,
  remindSigners,
  requestSignature,
  signEnvelope,
  signerLink,
  verifyAudit,
  voidSigningEnvelope,
  type SignerLinkTarget,
  type SigningPorts,
} from '../../service/signing';
import type { SigningActor } from '../../service/signing-ports';
import { json, readJsonObject, requiredQuery } from '../http';
import { fakeSigningPorts } from '../signing-model';
import { PUBLIC, user, type FakeRoute, type RouteContext } from './route';

const P = Permission;

function actorOf(ctx: RouteContext): SigningActor {
  return { userId: ctx.caller.user?.id ?? null, ipAddress: null, userAgent: ctx.request.headers.get('user-agent') };
}

function portsOf(ctx: RouteContext): SigningPorts {
  return fakeSigningPorts(ctx.backend, ctx.url.origin);
}

function linkTarget(body: Record<string, unknown>): SignerLinkTarget {
  const target: SignerLinkTarget = {};
  if (hasField(body, 'envelopeId')) target.envelopeId = readIdField(body, 'envelopeId');
  if (hasField(body, 'signerId')) target.signerId = readIdField(body, 'signerId');
  return target;
}

/** The signing routes. */
export const signingRoutes: readonly FakeRoute[] = [
  {
    // Creates an envelope, Sent at once to its first signers, and points the instance at it. Answers the envelope.
    method: 'post',
    path: '/api/Signing/RequestSignature',
    access: user(P.Signing_RequestSignature),
    async handle(ctx) {
      const request = readSignatureRequest(await readJsonObject(ctx.request), ctx.backend.now());
      return json(await requestSignature(portsOf(ctx), actorOf(ctx), request));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/ListEnvelopes',
    access: user(P.FormSigner_SelectList),
    async handle(ctx) {
      return json(await listEnvelopes(portsOf(ctx), readEnvelopeListQuery((name) => ctx.query.get(name))));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/GetEnvelope',
    access: user(P.FormSigner_Select),
    async handle(ctx) {
      return json(await getEnvelope(portsOf(ctx), requiredQuery(ctx.url, 'envelopeId')));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/GetAuditEvents',
    access: user(P.FormSigner_Select),
    async handle(ctx) {
      return json(await auditTrail(portsOf(ctx), requiredQuery(ctx.url, 'envelopeId')));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/VerifyAudit',
    access: user(P.FormSigner_Select),
    async handle(ctx) {
      return json(await verifyAudit(portsOf(ctx), requiredQuery(ctx.url, 'envelopeId')));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/RemindSigners',
    access: user(P.FormSigner_Update),
    async handle(ctx) {
      const id = readIdField(await readJsonObject(ctx.request), 'envelopeId');
      return json(await remindSigners(portsOf(ctx), actorOf(ctx), id));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/GetSignerLink',
    access: user(P.FormSigner_Update),
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      return json(await signerLink(portsOf(ctx), readIdField(body, 'envelopeId'), readIdField(body, 'signerId')));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/VoidEnvelope',
    access: user(P.FormSigner_MarkDeleted),
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      const id = readIdField(body, 'envelopeId');
      return json(await voidSigningEnvelope(portsOf(ctx), actorOf(ctx), id, readReason(body, 'void')));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/Open',
    access: PUBLIC,
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      return json(await openSigning(portsOf(ctx), actorOf(ctx), readSignerToken(body), linkTarget(body)));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/Sign',
    access: PUBLIC,
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      const token = readSignerToken(body);
      const signature = readSignature(body);
      return json(await signEnvelope(portsOf(ctx), actorOf(ctx), token, signature, linkTarget(body)));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/Decline',
    access: PUBLIC,
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      const token = readSignerToken(body);
      const reason = readReason(body, 'decline');
      return json(await declineEnvelope(portsOf(ctx), actorOf(ctx), token, reason, linkTarget(body)));
    },
  },
  {
    // The completed envelope's signed PDF (409 before it is completed), named by its form as the server names it.
    method: 'get',
    path: '/api/Signing/DownloadDocument',
    access: user(P.Signing_DownloadDocument),
    async handle(ctx) {
      const { bytes, fileName } = await downloadSignedDocument(portsOf(ctx), actorOf(ctx), requiredQuery(ctx.url, 'envelopeId'));
      return new HttpResponse(bytes.slice(), {
        status: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(bytes.byteLength),
          'content-disposition': attachmentDisposition(fileName),
          'access-control-expose-headers': 'Content-Disposition',
        },
      });
    },
  },
];
