/**
 * `/api/Signing/*`: signature requests, envelopes, the signing page's calls and signed documents, with the domain's
 * rules (src/domain/signing) as the reference server applies them; storage is src/testing/signing-model.ts.
 * `backend.setEnvelopeStatus` still moves an envelope by hand (stories, tests).
 */
import { HttpResponse } from 'msw';
import { EnvelopeStatus, Permission } from '../../api/enums';
import { DomainError, hasField } from '../../domain';
import {
  attachmentDisposition,
  readIdField,
  readReason,
  readSignature,
  readSignatureRequest,
  readSignerToken,
  signedDocumentFileName,
} from '../../domain/signing';
import { envelopeListAnswer, readEnvelopeListQuery } from '../../domain/signing/list-query';
import { signedDocumentFor } from '../forms-model';
import { json, readJsonObject, requiredQuery } from '../http';
import {
  declineEnvelope,
  envelopeDto,
  expireIfDue,
  findEnvelope,
  lifecycleOf,
  openSigning,
  recordDownload,
  remindSigners,
  requestSignature,
  signEnvelope,
  signerLink,
  verifyFakeAudit,
  voidFakeEnvelope,
  type FakeActor,
} from '../signing-model';
import { PUBLIC, user, type FakeRoute, type RouteContext } from './route';

const P = Permission;

function actorOf(ctx: RouteContext): FakeActor {
  return { userId: ctx.caller.user?.id ?? null, ipAddress: null, userAgent: ctx.request.headers.get('user-agent') };
}

function linkTarget(body: Record<string, unknown>): { envelopeId?: string; signerId?: string } {
  const target: { envelopeId?: string; signerId?: string } = {};
  if (hasField(body, 'envelopeId')) target.envelopeId = readIdField(body, 'envelopeId');
  if (hasField(body, 'signerId')) target.signerId = readIdField(body, 'signerId');
  return target;
}

async function envelopeOf(ctx: RouteContext) {
  const id = requiredQuery(ctx.url, 'envelopeId');
  const envelope = findEnvelope(ctx.backend.db, id);
  await expireIfDue(ctx.backend.db, envelope, ctx.backend.now());
  return envelope;
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
      return json(await requestSignature(ctx.backend.db, ctx.backend, actorOf(ctx), request));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/ListEnvelopes',
    access: user(P.FormSigner_SelectList),
    async handle(ctx) {
      const query = readEnvelopeListQuery((name) => ctx.query.get(name));
      const { formInstanceId, statuses, top, skip } = query;
      const now = ctx.backend.now();
      for (const e of ctx.backend.db.envelopes) await expireIfDue(ctx.backend.db, e, now);
      const found = ctx.backend.db.envelopes
        .filter((e) => (formInstanceId === undefined || e.formInstanceId === formInstanceId) && (!statuses || statuses.includes(e.status)))
        .sort((a, b) => b.createdDateTime.getTime() - a.createdDateTime.getTime() || a.envelopeId.localeCompare(b.envelopeId));
      return json(envelopeListAnswer(query, found.slice(skip, skip + top).map(envelopeDto), () => found.length));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/GetEnvelope',
    access: user(P.FormSigner_Select),
    async handle(ctx) {
      return json(envelopeDto(await envelopeOf(ctx)));
    },
  },
  {
    method: 'get',
    path: '/api/Signing/GetAuditEvents',
    access: user(P.FormSigner_Select),
    async handle(ctx) {
      return json(lifecycleOf(await envelopeOf(ctx)).events);
    },
  },
  {
    method: 'get',
    path: '/api/Signing/VerifyAudit',
    access: user(P.FormSigner_Select),
    async handle(ctx) {
      const envelope = await envelopeOf(ctx);
      return json(await verifyFakeAudit(envelope));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/RemindSigners',
    access: user(P.FormSigner_Update),
    async handle(ctx) {
      const id = readIdField(await readJsonObject(ctx.request), 'envelopeId');
      return json(await remindSigners(ctx.backend.db, ctx.backend, actorOf(ctx), id));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/GetSignerLink',
    access: user(P.FormSigner_Update),
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      const envelopeId = readIdField(body, 'envelopeId');
      const signerId = readIdField(body, 'signerId');
      return json(await signerLink(ctx.backend.db, ctx.backend, envelopeId, signerId, ctx.url.origin));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/VoidEnvelope',
    access: user(P.FormSigner_MarkDeleted),
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      const id = readIdField(body, 'envelopeId');
      const reason = readReason(body, 'void');
      return json(await voidFakeEnvelope(ctx.backend.db, ctx.backend, actorOf(ctx), id, reason));
    },
  },
  {
    method: 'post',
    path: '/api/Signing/Open',
    access: PUBLIC,
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      return json(await openSigning(ctx.backend.db, ctx.backend, actorOf(ctx), readSignerToken(body), linkTarget(body)));
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
      return json(await signEnvelope(ctx.backend.db, ctx.backend, actorOf(ctx), token, signature, linkTarget(body)));
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
      return json(await declineEnvelope(ctx.backend.db, ctx.backend, actorOf(ctx), token, reason, linkTarget(body)));
    },
  },
  {
    // The completed envelope's signed PDF (409 before it is completed).
    method: 'get',
    path: '/api/Signing/DownloadDocument',
    access: user(P.Signing_DownloadDocument),
    async handle(ctx) {
      const envelope = await envelopeOf(ctx);
      if (envelope.status !== EnvelopeStatus.Completed) {
        throw new DomainError(409, 'The envelope is not completed: there is no signed document yet.', { envelopeStatus: envelope.status });
      }
      const pdf = signedDocumentFor(ctx.backend.db, envelope, ctx.backend);
      const instance = ctx.backend.db.formInstances.find((i) => i.formInstanceId === envelope.formInstanceId);
      const form = ctx.backend.db.forms.find((f) => f.formId === instance?.formId);
      // Named by the form's name now, as the server names it (whatever name the stored file was kept under).
      const fileName = signedDocumentFileName(form?.name ?? 'Form');
      await recordDownload(envelope, actorOf(ctx), ctx.backend.now());
      return new HttpResponse(pdf.bytes.slice(), {
        status: 200,
        headers: {
          'content-type': pdf.contentType,
          'content-length': String(pdf.bytes.byteLength),
          'content-disposition': attachmentDisposition(fileName),
          'access-control-expose-headers': 'Content-Disposition',
        },
      });
    },
  },
];
