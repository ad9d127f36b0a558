/**
 * The signing area of the one route table (src/service/routes.ts): `/api/Signing/*`. The sender's calls (request, list,
 * read, remind, a signer's link, void, the audit and its verification, the signed document) take the contract's claims
 * (FormSigner permissions, see src/domain/signing/permissions.ts); the signing page's calls (open, sign, decline) take
 * the signer's link token in the body and nothing else. Every call is a use case of src/service/signing.ts over the
 * backend's {@link SigningPorts} (the fake: src/testing/signing-model.ts; the server: example-host/server/signing).
 */
import type { OutboxMessage, Paged } from '../contract/types';
import { hasField, type JsonRecord } from '../domain';
import { pageWindow, readPaging, toPaged } from '../domain/paging';
import { readIdField, readReason, readSignature, readSignatureRequest, readSignerToken, SIGNING_LIMITS } from '../domain/signing';
import { readEnvelopeListQuery } from '../domain/signing/list-query';
import { json, readBody, type RouteRequest, type ServiceRoute } from './routes';
import {
  auditTrail,
  declineEnvelope,
  downloadSignedDocument,
  getEnvelope,
  listEnvelopes,
  openSigning,
  remindSigners,
  requestSignature,
  resendEnvelopeMail,
  signEnvelope,
  signerLink,
  verifyAudit,
  voidSigningEnvelope,
  type SignerLinkTarget,
  type SigningPorts,
} from './signing';
import type { SigningActor } from './signing-ports';

/** A signing route: its use case runs over the backend's signing ports. */
export type SigningRoute = ServiceRoute<SigningPorts>;

/** A signing page body: JSON, at most a signature image and a little more. */
export const SIGNING_PAGE_BODY_BYTES = Math.ceil((SIGNING_LIMITS.maxSignatureImageBytes * 4) / 3) + 16 * 1024;

/** Who acts, as the audit trail names them. */
function actorOf(request: RouteRequest): SigningActor {
  return { userId: request.caller.user?.id ?? null, ipAddress: request.caller.ipAddress, userAgent: request.caller.userAgent };
}

/** The envelope and signer a signing page body names, if any (GUIDs; compared with the token's). */
function linkTarget(body: JsonRecord): SignerLinkTarget {
  const target: SignerLinkTarget = {};
  if (hasField(body, 'envelopeId')) target.envelopeId = readIdField(body, 'envelopeId');
  if (hasField(body, 'signerId')) target.signerId = readIdField(body, 'signerId');
  return target;
}

const pageBody = (request: RouteRequest) => readBody(request, SIGNING_PAGE_BODY_BYTES);

/** The Outbox: a page of the messages sent, newest first (`page` from 1, `count`). */
async function outboxPage(request: RouteRequest, ports: SigningPorts): Promise<Paged<OutboxMessage>> {
  const paging = readPaging(request.query);
  const window = pageWindow(paging) ?? { offset: 0, limit: paging.count };
  const { messages, total } = await ports.outbox.list(window);
  return toPaged(messages, total, paging);
}

/** The routes of `/api/Signing/*`, and the Outbox of the mail they send (`/api/Mail/Outbox`). */
export const SIGNING_ROUTES: readonly SigningRoute[] = [
  {
    method: 'POST',
    path: '/api/Signing/RequestSignature',
    summary: 'Sends a form instance to its signers.',
    async handle(request, ports) {
      const checked = readSignatureRequest(await readBody(request), ports.clock.now());
      return json(await requestSignature(ports, actorOf(request), checked));
    },
  },
  {
    method: 'GET',
    path: '/api/Signing/ListEnvelopes',
    summary: 'Envelopes, newest first (status=3,4, formInstanceId and mailFailed=true filter; top, skip; $count=true wraps them with their count).',
    handle: async (request, ports) => json(await listEnvelopes(ports, readEnvelopeListQuery((name) => request.query.get(name)))),
  },
  {
    method: 'GET',
    path: '/api/Signing/GetEnvelope',
    summary: 'One envelope with its signers.',
    handle: async (request, ports) => json(await getEnvelope(ports, request.query.required('envelopeId'))),
  },
  {
    method: 'GET',
    path: '/api/Signing/GetAuditEvents',
    summary: "An envelope's audit trail.",
    handle: async (request, ports) => json(await auditTrail(ports, request.query.required('envelopeId'))),
  },
  {
    method: 'GET',
    path: '/api/Signing/VerifyAudit',
    summary: "Recomputes an envelope's audit chain and reports the first broken link.",
    handle: async (request, ports) => json(await verifyAudit(ports, request.query.required('envelopeId'))),
  },
  {
    method: 'POST',
    path: '/api/Signing/RemindSigners',
    summary: 'Reminds the signers whose turn it is (capped).',
    async handle(request, ports) {
      const id = readIdField(await readBody(request), 'envelopeId');
      return json(await remindSigners(ports, actorOf(request), id));
    },
  },
  {
    method: 'POST',
    path: '/api/Signing/ResendMail',
    summary: "Sends again an envelope's e-mail that failed after its last retry.",
    async handle(request, ports) {
      const body = await readBody(request);
      return json(await resendEnvelopeMail(ports, readIdField(body, 'envelopeId'), readIdField(body, 'mailId')));
    },
  },
  {
    method: 'POST',
    path: '/api/Signing/GetSignerLink',
    summary: 'A new link for one signer (the links sent or copied before keep working).',
    async handle(request, ports) {
      const body = await readBody(request);
      return json(await signerLink(ports, readIdField(body, 'envelopeId'), readIdField(body, 'signerId')));
    },
  },
  {
    method: 'POST',
    path: '/api/Signing/VoidEnvelope',
    summary: 'Voids an envelope out for signature, with a reason.',
    async handle(request, ports) {
      const body = await readBody(request);
      const id = readIdField(body, 'envelopeId');
      return json(await voidSigningEnvelope(ports, actorOf(request), id, readReason(body, 'void')));
    },
  },
  {
    method: 'GET',
    path: '/api/Signing/DownloadDocument',
    summary: "The completed envelope's signed PDF (409 before it is completed), named by its form.",
    async handle(request, ports) {
      const { bytes, fileName } = await downloadSignedDocument(ports, actorOf(request), request.query.required('envelopeId'));
      return { status: 200, file: { bytes, fileName, contentType: 'application/pdf' } };
    },
  },
  {
    method: 'GET',
    path: '/api/Mail/Outbox',
    summary: 'The messages sent (the development SMTP sink), newest first, paged (page, count).',
    handle: async (request, ports) => json(await outboxPage(request, ports)),
  },
  {
    method: 'POST',
    path: '/api/Signing/Open',
    summary: 'The signing page opens a link: the document and the places to sign.',
    async handle(request, ports) {
      const body = await pageBody(request);
      return json(await openSigning(ports, actorOf(request), readSignerToken(body), linkTarget(body)));
    },
  },
  {
    method: 'POST',
    path: '/api/Signing/Sign',
    summary: 'A signer signs (drawn or typed signature, PNG).',
    async handle(request, ports) {
      const body = await pageBody(request);
      const token = readSignerToken(body);
      const signature = readSignature(body);
      return json(await signEnvelope(ports, actorOf(request), token, signature, linkTarget(body)));
    },
  },
  {
    method: 'POST',
    path: '/api/Signing/Decline',
    summary: 'A signer declines, with a reason.',
    async handle(request, ports) {
      const body = await pageBody(request);
      const token = readSignerToken(body);
      const reason = readReason(body, 'decline');
      return json(await declineEnvelope(ports, actorOf(request), token, reason, linkTarget(body)));
    },
  },
];
