/**
 * The PDF upload of the reference server, `POST /api/FormGenerator/UploadPdf` (multipart, field `Pdf`): the fields of
 * the PDF read in the parse worker, a form generated from them by the domain's rule (draft form and schema answered for
 * the client to save, the PDF stored under the draft form's id; the PDFs of drafts never saved are removed a day on,
 * at a later upload: a route of the one route table, src/service/routes-pdf.ts); and the PDF jobs the workers run (`pdfJob`: the upload, and the filling of
 * `/api/Forms/DownloadPdf`, a route of the one route table, src/service/routes-forms.ts).
 */
import { DomainError } from '../../../src/domain';
import { MULTIPART_UNREADABLE_MESSAGE, PDF_TOO_LARGE_MESSAGE, PDF_UPLOAD_LIMITS } from '../../../src/domain/pdf';
import { UPLOAD_PDF_ROUTE, type PdfImportBackend } from '../../../src/service/routes-pdf';
import type { AnyRouteDeclaration, RouteContext } from '../routes/registry';
import { tableRoute } from '../routes/table';
import { readRequestBody } from '../request-body';
import { removeAbandonedDraftPdfs, saveFormPdf } from './store';
import { PdfParseAbort, pdfWorkers } from './worker';
import type { PdfJobRefusal, PdfJobs } from './worker-tasks';

/**
 * The raw multipart body of an upload (request-body.ts: chunk by chunk between turns of the event loop) and its
 * content type. It is not parsed here: the PDF worker parses it (the domain's upload rules), so that neither reading
 * nor parsing 10 MiB holds the server's thread.
 */
async function uploadBody(ctx: RouteContext): Promise<{ body: Uint8Array; contentType: string }> {
  // Multipart: the route checked the content type.
  const contentType = ctx.c.req.header('content-type') ?? '';
  const body = await readRequestBody(ctx.c.req.raw, {
    // The multipart envelope adds a little to the file; the app's body limit for this path says the same while reading
    // a body without a length.
    maxBytes: PDF_UPLOAD_LIMITS.maxBytes + PDF_UPLOAD_LIMITS.multipartOverheadBytes,
    tooLarge: () => new DomainError(413, PDF_TOO_LARGE_MESSAGE, { code: 'pdf-size' }),
    unreadable: () => new DomainError(400, MULTIPART_UNREADABLE_MESSAGE),
  });
  if (body.byteLength === 0) throw new DomainError(400, MULTIPART_UNREADABLE_MESSAGE);
  return { body, contentType };
}

const REFUSAL_STATUS: Readonly<Record<PdfJobRefusal['code'], 413 | 422>> = {
  encrypted: 422,
  corrupt: 422,
  'too-many-pages': 413,
  'too-many-fields': 413,
  'xfa-only': 422,
  'no-fields': 422,
  'inflated-size': 413,
  'too-deep': 422,
  'field-name': 422,
};

/**
 * A PDF job's answer, run in the PDF workers: a refusal of the file is its 4xx with a `pdf-…` code, a job stopped for
 * time or memory (or failing in the library) a 422 whose sentence says which.
 */
export async function pdfJob<K extends 'upload' | 'fill'>(kind: K, input: PdfJobs[K]['input']): Promise<Extract<PdfJobs[K]['output'], { ok: true }>> {
  let result: PdfJobs[K]['output'];
  try {
    result = await pdfWorkers().run(kind, input, PDF_UPLOAD_LIMITS.parseTimeoutMs);
  } catch (error) {
    if (error instanceof PdfParseAbort) throw new DomainError(error.reason === 'busy' ? 503 : 422, error.message, { code: `pdf-${error.reason}` });
    throw error;
  }
  if (!result.ok) {
    // The upload's body rules (the domain's: part, size, content) carry their own status and code.
    if ('status' in result) throw new DomainError(result.status, result.message, result.code ? { code: result.code } : {});
    throw new DomainError(REFUSAL_STATUS[result.code], result.message, { code: `pdf-${result.code}` });
  }
  return result as Extract<PdfJobs[K]['output'], { ok: true }>;
}

/** PDF import over the server: the upload read and its form generated in the PDF workers, the template kept in the database. */
function drizzlePdfImport(ctx: RouteContext): PdfImportBackend {
  return {
    async readUpload() {
      const { body, contentType } = await uploadBody(ctx);
      // Parsing the multipart body, reading the PDF, generating the form and hashing all run in the worker; the form
      // comes back as JSON text.
      const read = await pdfJob('upload', {
        body,
        contentType,
        limits: { maxPages: PDF_UPLOAD_LIMITS.maxPages, maxFields: PDF_UPLOAD_LIMITS.maxFields, maxInflatedBytes: PDF_UPLOAD_LIMITS.maxInflatedBytes },
      });
      // The template as cleaned in the worker (values cleared, actions removed), not the upload.
      const { formId, fileName, pageCount, bytes, sha256, generatedJson } = read;
      return { formId, fileName: fileName ?? 'document.pdf', pageCount, bytes, sha256, generatedJson };
    },
    async saveTemplate({ formId, fileName, pageCount, bytes, sha256 }, createdBy) {
      await saveFormPdf(ctx.services.db, { formId, fileName, pageCount: pageCount ?? 0, bytes, ...(sha256 ? { sha256 } : {}), createdBy });
    },
    // The drafts never saved as forms go after a day.
    removeAbandoned: async () => void (await removeAbandonedDraftPdfs(ctx.services.db)),
  };
}

/** The PDF routes. */
export const pdfRoutes: readonly AnyRouteDeclaration[] = [tableRoute(UPLOAD_PDF_ROUTE, drizzlePdfImport)];
