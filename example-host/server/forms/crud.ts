/**
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}` on the reference server: the
 * forms CRUD area of the one route table (src/service/routes-forms.ts), bound over the server's database. Here only
 * the use cases' ports and the caller.
 */
import { publicBaseUrlOf } from '../../../src/domain/forms';
import { primitivePathsOf } from '../../../src/domain/pdf';
import { formDeletionNotices } from '../db/schema';
import { pdfJob } from '../pdf/routes';
import { loadFormPdf } from '../pdf/store';
import { PDF_CONTENT_LIMITS } from '../pdf/worker';
import { FORMS_CRUD_ROUTES, type FormsRouteBackend } from '../../../src/service/routes-forms';
import type { FormsPorts } from '../../../src/service/forms';
import { anonymousWriteLimiter, clientAddress } from './anonymous-writes';
import type { AnyRouteDeclaration, RouteContext } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { callerLink } from './http';
import { checkSchemaShape, nextTurn } from './schema-check';
import { serverFormLinks, serverInstancePorts } from './store';
import { mailQueueOf } from '../signing/routes';
import { signingMailTextsOf } from '../../../src/service/mail';
import { englishLabels } from '../../../src/labels/english';

/**
 * The forms use cases' ports over the server: its database; the schema rules off the request thread, a turn of the
 * event loop between a large save's steps (schema-check.ts); the anonymous write bounds of the caller's address for a
 * body of `bodyBytes`.
 */
function portsOf(ctx: RouteContext, bodyBytes: number | null): FormsPorts {
  const { db, config } = ctx.services;
  const limiter = ctx.auth || bodyBytes === null ? null : anonymousWriteLimiter(config, db);
  return {
    ...serverInstancePorts(db),
    schemas: { check: (body, shape, json) => checkSchemaShape(body, shape, json), pause: nextTurn },
    links: serverFormLinks(db),
    anonymousWrites: limiter && limiter.forRequest(clientAddress(ctx.c), bodyBytes ?? 0),
  };
}

/** The forms routes' backend over the server. */
export function drizzleFormsBackend(ctx: RouteContext): FormsRouteBackend {
  const { config } = ctx.services;
  return {
    ports: async (bodyBytes) => portsOf(ctx, bodyBytes),
    caller: async () => ({ userId: ctx.auth?.user.id ?? null, link: await callerLink(ctx) }),
    // Its own base, the configured one, else the first host origin.
    publicBaseUrl: (form) => publicBaseUrlOf(form, config.publicFormBaseUrl, config.hostOrigins[0] ?? new URL(ctx.c.req.url).origin),
    async recordDeletionNotice(formInstanceId) {
      await ctx.services.db.insert(formDeletionNotices).values({ id: crypto.randomUUID(), formInstanceId, notifiedBy: ctx.auth?.user.id ?? null });
    },
    applicationModel: () => ({ paths: primitivePathsOf(config.applicationModel.schema), example: config.applicationModel.example }),
    pdfTemplate: async (formId) => (await loadFormPdf(ctx.services.db, formId))?.bytes ?? null,
    fillPdf: (bytes, values, flatten) => pdfJob('fill', { bytes, values, flatten, limits: PDF_CONTENT_LIMITS }),
    // The receipt goes through the server's mail queue, with the texts of its signing mail.
    receiptMail() {
      const mailer = mailQueueOf(config);
      return mailer ? { mailer, texts: config.signing.mailTexts ?? signingMailTextsOf(englishLabels), locale: config.signing.mailLocale ?? 'en' } : null;
    },
  };
}

/** The CRUD routes of the four entities. */
export const crudRoutes: readonly AnyRouteDeclaration[] = FORMS_CRUD_ROUTES.map((crudRoute) => tableRoute(crudRoute, drizzleFormsBackend));
