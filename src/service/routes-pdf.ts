/**
 * PDF import in the one route table: `POST /api/FormGenerator/UploadPdf` (multipart, field `Pdf`) answers a form
 * generated from the PDF's fields (draft form and schema, for the client to save) and keeps the PDF as the draft form's
 * template. The reading is the backend's {@link PdfImportBackend} (the server's PDF worker over the raw body; the fake's
 * reader of the parsed form data); the order of the steps and the answer are written here once.
 */
import { DomainError } from '../domain';
import type { ServiceRoute } from './routes';

/** An uploaded PDF, read and its form generated. */
export interface ImportedPdf {
  /** The draft form's id: the template is kept under it. */
  formId: string;
  fileName: string;
  /** The template to keep (the server's: values cleared and actions removed). */
  bytes: Uint8Array;
  pageCount: number | null;
  sha256: string | null;
  /** The answer: the generated form, with the cleanup report, as JSON text. */
  generatedJson: string;
}

/** What PDF import needs of a backend, for one request. */
export interface PdfImportBackend {
  /** Reads the upload's PDF and generates its form; refuses with the domain's upload rules (400, 413, 415, 422). */
  readUpload(): Promise<ImportedPdf>;
  /** Keeps the PDF as the draft form's template (`createdBy`: the uploader). */
  saveTemplate(pdf: ImportedPdf, createdBy: string | null): Promise<void>;
  /** Removes the templates of drafts never saved as forms, a day on. */
  removeAbandoned(): Promise<void>;
}

/** The message of an upload that is not multipart. */
export const NOT_MULTIPART_MESSAGE = 'The upload must be multipart/form-data.';

/** The PDF import route. */
export const UPLOAD_PDF_ROUTE: ServiceRoute<PdfImportBackend> = {
  method: 'POST',
  path: '/api/FormGenerator/UploadPdf',
  summary: 'A form generated from the fields of an uploaded fillable PDF (multipart, field Pdf).',
  async handle(request, backend) {
    if (!(request.contentType ?? '').toLowerCase().startsWith('multipart/form-data')) throw new DomainError(415, NOT_MULTIPART_MESSAGE);
    const pdf = await backend.readUpload();
    await backend.saveTemplate(pdf, request.caller.user?.id ?? null);
    // Tidying is not the uploader's concern: a failure leaves the drafts' templates for the next upload.
    await backend.removeAbandoned().catch(() => undefined);
    return { status: 200, raw: pdf.generatedJson, headers: { 'Content-Type': 'application/json' } };
  },
};
