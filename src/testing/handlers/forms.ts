/**
 * `/api/Forms/*`: public links to an instance, the current public version, deletion notices and completion (the one
 * route table's, src/service/routes-forms.ts); and the forms routes' backend over the fake's db. Who may use a
 * link, and the link's shape and lifetime, are the domain's rules (src/domain/forms), shared with the server.
 */
import type { FormInstance } from '../../api/types';
import {
  checkSchemaForSave,
  presentedLink,
  publicBaseUrlOf,
  schemaShapeJson,
  type FormLinkMode,
} from '../../domain/forms';
import { isFakeUserToken, storedFormLink } from '../backend';
import type { FormsCaller } from '../../service/forms';
import type { FormLinks } from '../../service/forms-ports';
import { FORMS_CALL_ROUTES, type FormsRouteBackend } from '../../service/routes-forms';
import { memoryFormsStorage } from '../forms-model';
import { typedPathsFromExample } from '../../domain/pdf';
import { minimalPdf } from '../pdf';
import { fakeSigningPorts } from '../signing-model';
import { tableRoute, type FakeRoute, type RouteContext } from './route';

/** The caller of a forms use case: a signed-in user, or a visitor whose presented link token must be live (401). */
export async function formsCallerOf(ctx: RouteContext): Promise<FormsCaller> {
  if (ctx.caller.user) return { userId: ctx.caller.user.id, link: null };
  const { db } = ctx.backend;
  const request = { authorization: ctx.request.headers.get('authorization'), searchParams: ctx.url.searchParams };
  const find = (token: string) => {
    const stored = db.linkTokens.find((t) => t.token === token);
    return stored && storedFormLink(db, stored);
  };
  return { userId: null, link: await presentedLink(request, find, ctx.backend.now(), isFakeUserToken) };
}

/** A new link token for an instance, stored with its mode; it expires. */
export function issueLinkToken(backend: RouteContext['backend'], instance: Pick<FormInstance, 'formInstanceId' | 'formSchemaId'>, mode: FormLinkMode): string {
  const token = backend.newToken(`${instance.formInstanceId}:${mode}`);
  const grant = { formInstanceId: instance.formInstanceId, formSchemaId: instance.formSchemaId, mode };
  backend.db.linkTokens.push({ token, ...grant, expiresAt: new Date(backend.now().getTime() + backend.linkTokenLifetimeMs) });
  return token;
}

/** The fake's public links: its link tokens, stored with their instance and mode; they expire. */
export const fakeFormLinks = (backend: RouteContext['backend']): FormLinks => ({ issue: async (instance, mode) => issueLinkToken(backend, instance, mode) });

/** Every anonymous caller of the fake comes from this one client address (MSW sees no socket). */
const FAKE_CLIENT_ADDRESS = 'fake-client';

/** The forms routes' backend over the fake: its db, clock and ids; the schema rules checked in place. */
export function memoryFormsBackend(ctx: RouteContext): FormsRouteBackend {
  const { backend } = ctx;
  return {
    ports: async (bodyBytes) => ({
      storage: memoryFormsStorage(backend.db),
      clock: backend,
      ids: backend,
      schemas: {
        async check(checkedBody, shape, json) {
          checkSchemaForSave(shape, { widgets: backend.widgetKinds });
          return { body: checkedBody, shape, json: json ?? schemaShapeJson(shape) };
        },
        pause: async () => undefined,
      },
      links: fakeFormLinks(backend),
      anonymousWrites: bodyBytes === null ? null : (backend.anonymousWrites?.forRequest(FAKE_CLIENT_ADDRESS, bodyBytes) ?? null),
    }),
    caller: () => formsCallerOf(ctx),
    publicBaseUrl: (form) => publicBaseUrlOf(form, null, backend.publicBaseUrl),
    recordDeletionNotice: async (formInstanceId) => void backend.db.deletionNotices.push({ formInstanceId, at: backend.now() }),
    // The fake keeps no model: the example's value at each path says its type.
    applicationModel: () => ({ paths: typedPathsFromExample(backend.db.primitivePaths, backend.db.exampleApplication), example: backend.db.exampleApplication }),
    pdfTemplate: async (formId) => backend.db.pdfs.find((p) => p.formId === formId && p.kind === 'template')?.bytes ?? null,
    // The fake fills no PDF and never answers the uploaded file (which may hold values and scripts): one page of its
    // own lists the form's name and the answers given; an unanswered field appears nowhere in it.
    async fillPdf(_template, values, _flatten, formName) {
      const answers = Object.entries(values).map(([name, value]) => `${name}: ${typeof value === 'boolean' ? (value ? 'yes' : 'no') : typeof value === 'string' ? value : value.join(', ')}`);
      return { bytes: minimalPdf([formName, ...answers]), skipped: [] };
    },
    // The receipt goes through the fake's mail queue and Outbox, as the signing's mail does.
    receiptMail() {
      const { mailer, mailTexts, mailLocale } = fakeSigningPorts(backend, ctx.url.origin);
      return mailer ? { mailer, texts: mailTexts, locale: mailLocale } : null;
    },
  };
}

/** The forms routes. */
export const formsRoutes: readonly FakeRoute[] = [
  ...FORMS_CALL_ROUTES.map((formsRoute) => tableRoute(formsRoute, memoryFormsBackend)),
];
