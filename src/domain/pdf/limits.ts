/**
 * The limits of PDF uploads, shared by the reference server and the test fake: the largest file, and (on the server,
 * which reads the file) the most pages and fields and the parse worker's time and memory.
 */
import { PDF_TEMPLATE_LIMITS } from '../limits';

export const PDF_UPLOAD_LIMITS = {
  /** Bytes of the uploaded file: 10 MiB. */
  maxBytes: 10 * 1024 * 1024,
  /** Pages of the PDF (a form's template keeps at most this many). */
  maxPages: PDF_TEMPLATE_LIMITS.maxPages,
  /** AcroForm fields of the PDF. */
  maxFields: PDF_TEMPLATE_LIMITS.maxFields,
  /** Longest parse before the worker is stopped, ms. */
  parseTimeoutMs: 10_000,
  /** Heap of the parse worker, MiB. */
  parseHeapMb: 256,
} as const;

/** The refusal of an upload over {@link PDF_UPLOAD_LIMITS}.maxBytes. */
export const PDF_TOO_LARGE_MESSAGE = `The uploaded PDF is larger than ${PDF_UPLOAD_LIMITS.maxBytes / 1024 / 1024} MiB.`;
/** The refusal of an empty upload. */
export const PDF_EMPTY_MESSAGE = 'The uploaded PDF is empty.';
/** The refusal of a file that is not a PDF (checked by its content, not its name). */
export const NOT_A_PDF_MESSAGE = 'The uploaded file is not a PDF: it does not start with a PDF header (%PDF-).';
/** The refusal of a request without the file. */
export const PDF_PART_MISSING_MESSAGE = "The multipart field 'Pdf' with a file is required.";

/**
 * Whether bytes are a PDF by content: the `%PDF-` header within the first 1024 bytes (readers accept some bytes
 * before it), whatever the file's name says.
 */
export function looksLikePdf(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, 1024);
  for (let i = 0; i + 5 <= head.length; i++) {
    if (head[i] === 0x25 && head[i + 1] === 0x50 && head[i + 2] === 0x44 && head[i + 3] === 0x46 && head[i + 4] === 0x2d) return true;
  }
  return false;
}
