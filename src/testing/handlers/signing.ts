/**
 * `/api/Signing/*`: signature requests and signed documents. Envelopes move on with
 * `backend.setEnvelopeStatus` (the fake has no signing provider of its own).
 */
import { HttpResponse } from 'msw';
import type { Signer } from '../../api/types';
import { EnvelopeStatus, Permission } from '../../api/enums';
import { signedDocumentFor } from '../forms-model';
import { encodeRfc5987, FakeHttpError, isRecord, ok, prop, readJsonObject, requiredQuery } from '../http';
import { user, type FakeRoute } from './route';

const P = Permission;

function parseSigners(value: unknown): Signer[] {
  if (!Array.isArray(value) || value.length === 0) throw new FakeHttpError(400, "'signers' must name at least one signer.");
  return value.map((item, index): Signer => {
    if (!isRecord(item)) throw new FakeHttpError(400, `signers[${index}] must be an object.`);
    const name = prop(item, 'name');
    const email = prop(item, 'email');
    const routingOrder = prop(item, 'routingOrder');
    if (typeof name !== 'string' || name.trim() === '') throw new FakeHttpError(400, `signers[${index}].name is required.`);
    if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new FakeHttpError(400, `signers[${index}].email is not an email address.`);
    if (routingOrder !== undefined && routingOrder !== null && (typeof routingOrder !== 'number' || !Number.isInteger(routingOrder))) {
      throw new FakeHttpError(400, `signers[${index}].routingOrder must be an integer.`);
    }
    return { name: name.trim(), email, routingOrder: typeof routingOrder === 'number' ? routingOrder : index + 1 };
  });
}

function optionalText(body: Record<string, unknown>, key: string): string | null {
  const value = prop(body, key);
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw new FakeHttpError(400, `'${key}' must be a string.`);
  return value;
}

/** The signing routes. */
export const signingRoutes: readonly FakeRoute[] = [
  {
    // Creates an envelope in status Sent and points the instance at it. Answers 200, empty.
    method: 'post',
    path: '/api/Signing/RequestSignature',
    access: user(P.Signing_RequestSignature),
    async handle(ctx) {
      const body = await readJsonObject(ctx.request);
      const id = prop(body, 'formInstanceId');
      if (typeof id !== 'string' || id === '') throw new FakeHttpError(400, "'formInstanceId' is required.");
      const instance = ctx.backend.db.formInstances.find((i) => i.formInstanceId === id && !i.isDeleted);
      if (!instance) throw new FakeHttpError(404, `No form instance '${id}'.`);
      const signers = parseSigners(prop(body, 'signers'));
      const now = ctx.backend.now();
      const envelopeId = ctx.backend.newId();
      ctx.backend.db.envelopes.push({
        envelopeId,
        formInstanceId: id,
        status: EnvelopeStatus.Sent,
        signers,
        emailSubject: optionalText(body, 'emailSubject'),
        emailMessage: optionalText(body, 'emailMessage'),
        createdDateTime: now,
        lastUpdatedDateTime: now,
      });
      instance.envelopeId = envelopeId;
      instance.envelopeStatus = EnvelopeStatus.Sent;
      instance.lastUpdatedDateTime = now;
      return ok();
    },
  },
  {
    // The envelope's signed PDF (stored once Completed; otherwise made for the current state).
    method: 'get',
    path: '/api/Signing/DownloadDocument',
    access: user(P.Signing_DownloadDocument),
    handle(ctx) {
      const id = requiredQuery(ctx.url, 'envelopeId');
      const envelope = ctx.backend.db.envelopes.find((e) => e.envelopeId === id);
      if (!envelope) throw new FakeHttpError(404, `No envelope '${id}'.`);
      const pdf = signedDocumentFor(ctx.backend.db, envelope, ctx.backend);
      return new HttpResponse(pdf.bytes.slice(), {
        status: 200,
        headers: {
          'content-type': pdf.contentType,
          'content-length': String(pdf.bytes.byteLength),
          'content-disposition': `attachment; filename="signed.pdf"; filename*=UTF-8''${encodeRfc5987(pdf.fileName)}`,
          'access-control-expose-headers': 'Content-Disposition',
        },
      });
    },
  },
];
