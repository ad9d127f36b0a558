/**
 * The PDF upload's body rules, shared by the reference server (which runs them in its PDF worker, off the server's
 * thread) and the test fake: the file is the multipart part named `Pdf` (any case; the last one when several are
 * sent), not empty, at most {@link PDF_UPLOAD_LIMITS}.maxBytes, and a PDF by its content. React-free and HTTP-free.
 */
import { looksLikePdf, NOT_A_PDF_MESSAGE, PDF_EMPTY_MESSAGE, PDF_PART_MISSING_MESSAGE, PDF_TOO_LARGE_MESSAGE, PDF_UPLOAD_LIMITS } from './limits';

/** The refusal of a multipart body that cannot be parsed. */
export const MULTIPART_UNREADABLE_MESSAGE = 'The multipart body could not be read.';

/** Why an upload's body is refused: the answer's status, its sentence and (for a file's own problem) its code. */
export interface PdfUploadRefusal {
  ok: false;
  status: 400 | 413 | 415;
  message: string;
  code?: 'pdf-empty' | 'pdf-size' | 'pdf-not-pdf';
}

/** The file an upload carries. */
export interface PdfUploadFile {
  ok: true;
  /** The part's file name as sent (`document.pdf` when it has none); not yet made a leaf. */
  fileName: string;
  /** The part's content type as sent (`application/pdf` when it has none). */
  type: string;
  bytes: Uint8Array;
}

/** A multipart file part, whichever realm's `File` class made it. */
interface FilePart {
  name?: string;
  type?: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}
const isFilePart = (value: unknown): value is FilePart =>
  typeof value === 'object' && value !== null && 'arrayBuffer' in value && 'size' in value;

/** The uploaded PDF of a parsed multipart body, or why it is refused. */
export async function pdfFromMultipart(form: Pick<FormData, 'entries'>): Promise<PdfUploadFile | PdfUploadRefusal> {
  let part: unknown = null;
  for (const [key, value] of form.entries()) if (key.toLowerCase() === 'pdf') part = value;
  if (!isFilePart(part)) return { ok: false, status: 400, message: PDF_PART_MISSING_MESSAGE };
  if (part.size === 0) return { ok: false, status: 400, message: PDF_EMPTY_MESSAGE, code: 'pdf-empty' };
  if (part.size > PDF_UPLOAD_LIMITS.maxBytes) return { ok: false, status: 413, message: PDF_TOO_LARGE_MESSAGE, code: 'pdf-size' };
  const bytes = new Uint8Array(await part.arrayBuffer());
  if (!looksLikePdf(bytes)) return { ok: false, status: 415, message: NOT_A_PDF_MESSAGE, code: 'pdf-not-pdf' };
  return {
    ok: true,
    fileName: part.name && part.name !== '' ? part.name : 'document.pdf',
    type: part.type && part.type !== '' ? part.type : 'application/pdf',
    bytes,
  };
}

/**
 * The uploaded PDF of a raw multipart body (`contentType` names its boundary), or why it is refused: the body is
 * parsed here, so that a caller may hand the raw bytes to another thread.
 */
export async function pdfFromMultipartBody(body: Uint8Array, contentType: string): Promise<PdfUploadFile | PdfUploadRefusal> {
  let form: FormData;
  try {
    // A body of bytes: never a SharedArrayBuffer's view (the type allows one, Response does not).
    form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': contentType } }).formData();
  } catch {
    return { ok: false, status: 400, message: MULTIPART_UNREADABLE_MESSAGE };
  }
  return pdfFromMultipart(form);
}
