/**
 * The forms CRUD area of the one route table (src/service/routes.ts):
 * `/api/crud/{form|formgroup|forminstance|formschema}/{post|patch|delete|softdelete}` (docs/spec.md, Calls).
 *
 * - `post` saves a new row (a new id unless the body brings an unused one) and answers it;
 * - `patch` merges the body's known properties into the row named by its key and answers it; an `If-Match` with a
 *   stale `ETag` answers 412 and changes nothing;
 * - `delete?Id` removes the row and what belongs to it (schemas → instances → envelopes, links) → 204;
 * - `softdelete?Id` sets `isDeleted` → `true`. Restore with a `patch` of `isDeleted: false`.
 *
 * Every answer with a row carries its version as `ETag`. Each call is a use case of src/service/forms.ts over the
 * backend's {@link FormsRouteBackend}.
 */
import type { CrudEntityName, FormInstance, InstanceFromApplication, JsonObject } from '../contract/types';
import { filledPdfFileName, pdfValuesFromData, type PdfFieldValue, type PrimitivePath } from '../domain/pdf';
import { attachmentDisposition } from '../domain/signing/disposition';
import { answerPatternCheck, checkJsonContentType, DomainError, isUuid, readPatternCheckBody, MAX_INSTANCE_BODY_BYTES, MAX_REQUEST_BODY_BYTES, parseJsonText, requireJsonObject, type JsonRecord } from '../domain';
import { allLive, currentPublicVersion, etagOf, FORM_LINK_TOKEN_HEADER, FORMS_CRUD_ENTITIES, formLinkUrl, rowNotFound, type FormLinkMode } from '../domain/forms';
import { deleteFormsRow, patchFormsRow, postFormsRow, softDeleteFormsRow, type FormsCaller, type FormsPorts } from './forms';
import { completeInstance, duplicateInstance, instanceFromApplication, instanceLink } from './forms-instances';
import { isVisitorSubmit, sendVisitorReceipt, type ReceiptMail } from './mail-receipt';
import { instanceStatusHistory } from './status-history';
import { EMPTY_OK, json, NO_CONTENT, readBody, type RouteRequest, type ServiceRoute } from './routes';

/** A backend as the forms routes see it. */
export interface FormsRouteBackend {
  /**
   * The forms use cases' ports for this request; `bodyBytes`, the size of the request's body (what the bounds of
   * anonymous writes count), null for a call without one.
   */
  ports(bodyBytes: number | null): Promise<FormsPorts>;
  /** The caller: a signed-in user, or a visitor whose presented link token must be live (401), even for a post. */
  caller(): Promise<FormsCaller>;
  /** Where the public links of `form`'s instances point (the domain's `publicBaseUrlOf` with the backend's defaults). */
  publicBaseUrl(form: { publicBaseUrl?: string | null } | undefined): string;
  /** Records that the signed-in caller was told a form instance is deleted (the instance may already be gone). */
  recordDeletionNotice(formInstanceId: string): Promise<void>;
  /** The host's application model: its primitive data paths with their types, and an example application. */
  applicationModel(): { paths: readonly PrimitivePath[]; example: JsonObject };
  /** The PDF template of a form (null: it was not generated from a PDF). */
  pdfTemplate(formId: string): Promise<Uint8Array | null>;
  /** The template with its fields filled with `values` (flattened on request), and the fields that could not take theirs. */
  fillPdf(template: Uint8Array, values: Record<string, PdfFieldValue>, flatten: boolean, formName: string): Promise<{ bytes: Uint8Array; skipped: readonly unknown[] }>;
  /** The mail a visitor's receipt is sent with (null: the backend sends none). */
  receiptMail(): ReceiptMail | null;
}

/** A forms route. */
export type FormsRoute = ServiceRoute<FormsRouteBackend>;

/** The JSON object body of a post or patch and its size: 415 unless JSON, 413 over `maxBytes`, 400 unless an object. */
async function readSizedBody(request: RouteRequest, maxBytes: number): Promise<{ body: JsonRecord; bytes: number }> {
  checkJsonContentType(request.contentType);
  const text = await request.text();
  return { body: requireJsonObject(parseJsonText(text, maxBytes)), bytes: text.length };
}

/** The id of `?Id` (404 for one that is not a UUID: no row has it). */
function queryId(request: RouteRequest, label: string): string {
  const id = request.query.required('Id').trim();
  if (!isUuid(id)) throw rowNotFound(label, id);
  return id.toLowerCase();
}

/** After a visitor's write is stored: their receipt when the write sent their answers (a failing mailer changes nothing). */
async function receiptOf(ports: FormsPorts, backend: FormsRouteBackend, body: JsonRecord, row: FormInstance): Promise<void> {
  if (!isVisitorSubmit(body, row)) return;
  await sendVisitorReceipt({ ...ports, publicBaseUrl: (form) => backend.publicBaseUrl(form) }, backend.receiptMail(), row).catch(() => false);
}

function entityRoutes(name: CrudEntityName): FormsRoute[] {
  const { label } = FORMS_CRUD_ENTITIES[name];
  const maxBytes = name === 'forminstance' ? MAX_INSTANCE_BODY_BYTES : MAX_REQUEST_BODY_BYTES;
  const base = `/api/crud/${name}`;
  return [
    {
      method: 'POST',
      path: `${base}/post`,
      summary: `Saves a new ${label}.`,
      async handle(request, backend) {
        const { body, bytes } = await readSizedBody(request, maxBytes);
        const ports = await backend.ports(bytes);
        const { row, version, editLink } = await postFormsRow(ports, name, body, await backend.caller());
        if (editLink !== undefined) await receiptOf(ports, backend, body, row as FormInstance);
        return json(row, { ETag: etagOf(version), ...(editLink === undefined ? {} : { [FORM_LINK_TOKEN_HEADER]: editLink }) });
      },
    },
    {
      method: 'PATCH',
      path: `${base}/patch`,
      summary: `Changes a ${label}.`,
      async handle(request, backend) {
        const { body, bytes } = await readSizedBody(request, maxBytes);
        const ifMatch = request.header('if-match');
        const ports = await backend.ports(bytes);
        const caller = await backend.caller();
        const { row, version } = await patchFormsRow(ports, name, body, caller, ifMatch);
        if (name === 'forminstance' && caller.userId === null) await receiptOf(ports, backend, body, row as FormInstance);
        return json(row, { ETag: etagOf(version) });
      },
    },
    {
      method: 'DELETE',
      path: `${base}/delete`,
      summary: `Removes a ${label} and what belongs to it.`,
      async handle(request, backend) {
        await deleteFormsRow(await backend.ports(null), name, queryId(request, label));
        return NO_CONTENT;
      },
    },
    {
      method: 'PATCH',
      path: `${base}/softdelete`,
      summary: `Marks a ${label} deleted (restore with a patch of isDeleted: false).`,
      async handle(request, backend) {
        await softDeleteFormsRow(await backend.ports(null), name, queryId(request, label));
        return json(true);
      },
    },
  ];
}

/** The CRUD routes of the four entities. */
export const FORMS_CRUD_ROUTES: readonly FormsRoute[] = [
  ...entityRoutes('form'),
  ...entityRoutes('formgroup'),
  ...entityRoutes('forminstance'),
  ...entityRoutes('formschema'),
];

function linkRoute(mode: FormLinkMode): FormsRoute {
  return {
    method: 'GET',
    path: mode === 'edit' ? '/api/Forms/GetEditUrl' : '/api/Forms/GetViewUrl',
    summary: `A${mode === 'edit' ? 'n edit' : ' view'} link to a form instance.`,
    async handle(request, backend) {
      const { grant, token, form } = await instanceLink(await backend.ports(null), request.query.required('formInstanceId'), mode);
      return json(formLinkUrl(backend.publicBaseUrl(form), grant, token));
    },
  };
}

/** The calls of `/api/Forms/*` but the PDF's: links, the current public version, deletion notices and completion. */
export const FORMS_CALL_ROUTES: readonly FormsRoute[] = [
  linkRoute('edit'),
  linkRoute('view'),
  {
    method: 'GET',
    path: '/api/Forms/GetCurrentPublicVersion',
    summary: "The version a form's stable public link serves: its current one, while public (beyond the spec).",
    async handle(request, backend) {
      const { storage } = await backend.ports(null);
      const form = await storage.find('form', request.query.required('formId'));
      const schemaId = form?.row.currentFormSchemaId;
      const schema = schemaId ? await storage.find('formschema', schemaId) : undefined;
      return json(currentPublicVersion(form?.row, schema?.row));
    },
  },
  {
    method: 'GET',
    path: '/api/Forms/NotifyDeleted',
    summary: 'Records that a form instance was deleted.',
    async handle(request, backend) {
      await backend.recordDeletionNotice(request.query.id('formInstanceId'));
      return EMPTY_OK;
    },
  },
  {
    method: 'GET',
    path: '/api/Forms/StatusHistory',
    summary: "Every change of an instance's status, oldest first, with who made it and when (beyond the spec).",
    async handle(request, backend) {
      const id = request.query.required('formInstanceId').trim();
      if (!isUuid(id)) throw rowNotFound('form instance', id);
      return json(await instanceStatusHistory((await backend.ports(null)).storage, id.toLowerCase()));
    },
  },
  {
    method: 'GET',
    path: '/api/Forms/DownloadPdf',
    summary: "An instance as its form's PDF with the fields filled in (flatten=true bakes them into the pages).",
    async handle(request, backend) {
      const id = request.query.required('formInstanceId');
      const flatten = request.query.bool('flatten', false);
      const { storage } = await backend.ports(null);
      const instance = await storage.find('forminstance', id);
      const schema = instance && (await storage.find('formschema', instance.row.formSchemaId));
      const form = instance && (await storage.find('form', instance.row.formId));
      if (!instance || !schema || !form || !allLive(instance.row, schema.row, form.row)) throw new DomainError(404, `No form instance '${id}'.`);
      const template = await backend.pdfTemplate(form.row.formId);
      if (!template) throw new DomainError(404, `The form '${form.row.name}' has no PDF template: it was not generated from a PDF.`, { code: 'pdf-no-template' });
      const { bytes, skipped } = await backend.fillPdf(template, pdfValuesFromData(schema.row.layout, instance.row.data), flatten, form.row.name);
      return {
        status: 200,
        raw: bytes,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Length': String(bytes.byteLength),
          'Content-Disposition': attachmentDisposition(filledPdfFileName(form.row.name)),
          // The answers the PDF's fields could not take (by PDF field name), for the caller to tell; no values.
          'X-Pdf-Skipped-Fields': String(skipped.length),
          'Access-Control-Expose-Headers': 'Content-Disposition, X-Pdf-Skipped-Fields',
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/api/Forms/MarkCompleted',
    summary: 'Marks a form instance completed (signed in, or its edit link).',
    async handle(request, backend) {
      const id = request.query.required('formInstanceId');
      await completeInstance(await backend.ports(null), id, await backend.caller());
      return EMPTY_OK;
    },
  },
];

/** The calls of `/api/DynamicFormLinking/*` but the PDF's: the application model, pre-filled instances, duplicates. */
export const DYNAMIC_FORM_LINKING_ROUTES: readonly FormsRoute[] = [
  {
    method: 'GET',
    path: '/api/DynamicFormLinking/GetAllPrimitivePaths',
    summary: "The application model's primitive data paths (withTypes=true: each with its type).",
    async handle(request, backend) {
      const { paths } = backend.applicationModel();
      return json(request.query.bool('withTypes', false) ? paths : paths.map((p) => p.path));
    },
  },
  {
    method: 'GET',
    path: '/api/DynamicFormLinking/GetExampleApplication',
    summary: "The application model's example application.",
    handle: async (_, backend) => json(backend.applicationModel().example),
  },
  {
    method: 'POST',
    path: '/api/DynamicFormLinking/Create',
    summary: 'A form instance pre-filled from the posted application; values the schema refuses are left out and listed.',
    async handle(request, backend) {
      const schemaId = request.query.required('schemaId');
      const application = (await readBody(request)) as JsonObject;
      const { userId } = await backend.caller();
      const { saved, problems } = await instanceFromApplication(await backend.ports(null), schemaId, application, { userId, link: null });
      const answer: InstanceFromApplication = { ...saved.row, prefillProblems: problems };
      return json(answer, { ETag: etagOf(saved.version) });
    },
  },
  {
    method: 'GET',
    path: '/api/DynamicFormLinking/Duplicate',
    summary: 'A copy of a form instance: a new id, the same schema and data, status Created, no envelope.',
    async handle(request, backend) {
      const id = request.query.required('formInstanceId');
      const { row, version } = await duplicateInstance(await backend.ports(null), id, await backend.caller());
      return json(row, { ETag: etagOf(version) });
    },
  },
];

/** The verdict of a backend on a schema pattern that compiles: why it is refused, or null (none: every one passes). */
export type PatternVerdict = ((pattern: string) => string | null | Promise<string | null>) | undefined;

/** `POST /api/FormSchema/CheckPattern`: whether a schema pattern is accepted (the domain's request and answer). */
export const PATTERN_CHECK_ROUTE: ServiceRoute<PatternVerdict> = {
  method: 'POST',
  path: '/api/FormSchema/CheckPattern',
  summary: 'Whether a schema pattern is accepted (it compiles and cannot backtrack catastrophically).',
  async handle(request, verdict) {
    return json(await answerPatternCheck(readPatternCheckBody(request.contentType, await request.text()), verdict));
  },
};
