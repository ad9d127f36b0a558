/**
 * `/api/Signing/*` on the reference server. The sender's calls (request, list, read, remind, a signer's link, void,
 * the audit and its verification, the signed document) take the route table's claims (FormSigner permissions, see
 * src/domain/signing/permissions.ts); the signing page's calls (open, sign, decline) take the signer's link
 * token in the body and nothing else. Every call is a use case of src/service/signing.ts (the test fake runs the same)
 * with the provider's ports; only reading the request and writing the answer live here.
 */
import type { Context } from 'hono';
import { hasField } from '../../../src/domain';
import {
  readIdField,
  readReason,
  readSignature,
  readSignatureRequest,
  readSignerToken,
  attachmentDisposition,
  SIGNING_LIMITS,
} from '../../../src/domain/signing';
import { readEnvelopeListQuery } from '../../../src/domain/signing/list-query';
import { clientAddress } from '../forms/anonymous-writes';
import { runOncePerPeriod } from '../operations';
import { readBody } from '../forms/http';
import { route, type AnyRouteDeclaration, type RouteContext } from '../routes/registry';
import type { Services } from '../services';
import { sealSigner } from './certificates';
import { DEFAULT_SWEEP_INTERVAL_MS } from './options';
import {
  auditTrail,
  declineEnvelope,
  getEnvelope,
  listEnvelopes,
  openSigning,
  signEnvelope,
  signerLink,
  verifyAudit,
  type SignerLinkTarget,
  type SigningPorts,
} from '../../../src/service/signing';
import { LocalSigningProvider } from './provider';
import { auditKeyOf } from './audit-key';
import type { Actor } from './store';

const providers = new WeakMap<Services['config'], LocalSigningProvider>();

/** The signing provider of a server (one per configuration). */
export function signingProvider(services: Pick<Services, 'config' | 'db'>): LocalSigningProvider {
  let provider = providers.get(services.config);
  if (!provider) {
    const { signing, hostOrigins } = services.config;
    provider = new LocalSigningProvider(services.db, {
      ...signing,
      auditKey: auditKeyOf(services.config),
      mail: signing.mailSender,
      signingBaseUrl: signing.signingBaseUrl ?? hostOrigins[0] ?? 'http://127.0.0.1:5173',
    });
    providers.set(services.config, provider);
  }
  return provider;
}

/**
 * Starts the server's signing duties: makes (or loads) the seal certificate and the audit key, so that a PKCS#12 file
 * or a key that cannot be read stops the start with its message, and runs the expiry and reminder pass every
 * `sweepIntervalMs`. Returns the function that stops the pass.
 */
export async function startSigning(services: Pick<Services, 'config' | 'db'>): Promise<() => void> {
  await sealSigner(services.db, services.config.signing);
  // The audit key too: a key that cannot be read or made stops the start with its message, not a later request.
  auditKeyOf(services.config);
  const interval = services.config.signing.sweepIntervalMs === undefined ? DEFAULT_SWEEP_INTERVAL_MS : services.config.signing.sweepIntervalMs;
  if (interval === null) return () => undefined;
  const provider = signingProvider(services);
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    // Once per period across every instance on the database: the first to claim the period runs it (and logs so).
    runOncePerPeriod(services.db, {
      job: 'signing-sweep',
      periodMs: interval,
      instance: services.config.instanceId,
      log: services.config.log,
      run: () => provider.sweep(),
    })
      .catch((error: unknown) => services.config.log({ level: 'error', msg: 'signing sweep failed', error: String(error) }))
      .finally(() => {
        running = false;
      });
  }, interval);
  timer.unref();
  return () => clearInterval(timer);
}

function portsOf(ctx: RouteContext): SigningPorts {
  return signingProvider(ctx.services).ports;
}

function actorOf(ctx: RouteContext): Actor {
  return {
    userId: ctx.auth?.user.id ?? null,
    ipAddress: clientAddress(ctx.c),
    userAgent: ctx.c.req.header('user-agent') ?? null,
  };
}

/** A signing page body: JSON, at most a signature image and a little more. */
const SIGNING_PAGE_BODY_BYTES = Math.ceil((SIGNING_LIMITS.maxSignatureImageBytes * 4) / 3) + 16 * 1024;

/** The envelope and signer a signing page body names, if any (GUIDs; compared with the token's). */
function linkTarget(body: Record<string, unknown>): SignerLinkTarget {
  const target: SignerLinkTarget = {};
  if (hasField(body, 'envelopeId')) target.envelopeId = readIdField(body, 'envelopeId');
  if (hasField(body, 'signerId')) target.signerId = readIdField(body, 'signerId');
  return target;
}

function json(c: Context, value: unknown): Response {
  return c.json(value as object);
}

/** The signing routes. */
export const signingRoutes: readonly AnyRouteDeclaration[] = [
  route({
    method: 'POST',
    path: '/api/Signing/RequestSignature',
    summary: 'Sends a form instance to its signers.',
    async handler(ctx) {
      const request = readSignatureRequest(await readBody(ctx.c), portsOf(ctx).clock.now());
      return json(ctx.c, await signingProvider(ctx.services).requestSignature(actorOf(ctx), request));
    },
  }),
  route({
    method: 'GET',
    path: '/api/Signing/ListEnvelopes',
    summary: 'Envelopes, newest first (status=3,4 and formInstanceId filter; top, skip; $count=true wraps them with their count).',
    async handler(ctx) {
      return json(ctx.c, await listEnvelopes(portsOf(ctx), readEnvelopeListQuery((name) => ctx.query.get(name))));
    },
  }),
  route({
    method: 'GET',
    path: '/api/Signing/GetEnvelope',
    summary: 'One envelope with its signers.',
    async handler(ctx) {
      return json(ctx.c, await getEnvelope(portsOf(ctx), ctx.query.required('envelopeId')));
    },
  }),
  route({
    method: 'GET',
    path: '/api/Signing/GetAuditEvents',
    summary: "An envelope's audit trail.",
    async handler(ctx) {
      return json(ctx.c, await auditTrail(portsOf(ctx), ctx.query.required('envelopeId')));
    },
  }),
  route({
    method: 'GET',
    path: '/api/Signing/VerifyAudit',
    summary: "Recomputes an envelope's audit chain and reports the first broken link.",
    async handler(ctx) {
      return json(ctx.c, await verifyAudit(portsOf(ctx), ctx.query.required('envelopeId')));
    },
  }),
  route({
    method: 'POST',
    path: '/api/Signing/RemindSigners',
    summary: 'Reminds the signers whose turn it is (capped).',
    async handler(ctx) {
      const id = readIdField(await readBody(ctx.c), 'envelopeId');
      return json(ctx.c, await signingProvider(ctx.services).remind(actorOf(ctx), id));
    },
  }),
  route({
    method: 'POST',
    path: '/api/Signing/GetSignerLink',
    summary: "A new link for one signer (the earlier one stops working).",
    async handler(ctx) {
      const body = await readBody(ctx.c);
      const envelopeId = readIdField(body, 'envelopeId');
      const signerId = readIdField(body, 'signerId');
      return json(ctx.c, await signerLink(portsOf(ctx), envelopeId, signerId));
    },
  }),
  route({
    method: 'POST',
    path: '/api/Signing/VoidEnvelope',
    summary: 'Voids an envelope out for signature, with a reason.',
    async handler(ctx) {
      const body = await readBody(ctx.c);
      const id = readIdField(body, 'envelopeId');
      const reason = readReason(body, 'void');
      return json(ctx.c, await signingProvider(ctx.services).voidEnvelope(actorOf(ctx), id, reason));
    },
  }),
  route({
    method: 'GET',
    path: '/api/Signing/DownloadDocument',
    summary: "The completed envelope's signed PDF.",
    async handler(ctx) {
      const id = ctx.query.required('envelopeId');
      const { bytes, fileName } = await signingProvider(ctx.services).signedDocument(actorOf(ctx), id);
      return ctx.c.body(Buffer.from(bytes), 200, {
        'Content-Type': 'application/pdf',
        'Content-Length': String(bytes.byteLength),
        'Content-Disposition': attachmentDisposition(fileName),
      });
    },
  }),
  route({
    method: 'POST',
    path: '/api/Signing/Open',
    anonymous: true,
    summary: 'The signing page opens a link: the document and the places to sign.',
    async handler(ctx) {
      const body = await readBody(ctx.c, SIGNING_PAGE_BODY_BYTES);
      const token = readSignerToken(body);
      return json(ctx.c, await openSigning(portsOf(ctx), actorOf(ctx), token, linkTarget(body)));
    },
  }),
  route({
    method: 'POST',
    path: '/api/Signing/Sign',
    anonymous: true,
    summary: 'A signer signs (drawn or typed signature, PNG).',
    async handler(ctx) {
      const body = await readBody(ctx.c, SIGNING_PAGE_BODY_BYTES);
      const token = readSignerToken(body);
      const signature = readSignature(body);
      return json(ctx.c, await signEnvelope(portsOf(ctx), actorOf(ctx), token, signature, linkTarget(body)));
    },
  }),
  route({
    method: 'POST',
    path: '/api/Signing/Decline',
    anonymous: true,
    summary: 'A signer declines, with a reason.',
    async handler(ctx) {
      const body = await readBody(ctx.c, SIGNING_PAGE_BODY_BYTES);
      const token = readSignerToken(body);
      const reason = readReason(body, 'decline');
      return json(ctx.c, await declineEnvelope(portsOf(ctx), actorOf(ctx), token, reason, linkTarget(body)));
    },
  }),
];
