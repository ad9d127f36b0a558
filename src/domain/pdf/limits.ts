/**
 * The limits of PDF uploads, shared by the reference server and the test fake: the largest file, and (on the server,
 * which reads the file) the most pages and fields, how much its compressed streams may hold, and the PDF worker's time
 * and memory. The worker's limits hold for every PDF job alike: reading an upload, filling and flattening a template,
 * building a document for signature and sealing it.
 */
import { PDF_TEMPLATE_LIMITS } from '../limits';

export const PDF_UPLOAD_LIMITS = {
  /** Bytes of the uploaded file: 10 MiB. */
  maxBytes: 10 * 1024 * 1024,
  /** Pages of the PDF (a form's template keeps at most this many). */
  maxPages: PDF_TEMPLATE_LIMITS.maxPages,
  /** AcroForm fields of the PDF. */
  maxFields: PDF_TEMPLATE_LIMITS.maxFields,
  /**
   * Bytes the file's FlateDecode streams may hold once inflated, all streams together: 128 MiB. A file over it is
   * refused at upload, and a stored template over it is not filled (a small file can inflate a thousandfold).
   */
  maxInflatedBytes: 128 * 1024 * 1024,
  /**
   * Levels of the AcroForm field tree (fields inside fields; the segments of a fully qualified field name): 100. Real
   * forms use a handful; a deeper tree is refused whether or not the reader could follow it.
   */
  maxFieldDepth: 100,
  /**
   * Characters of a field's fully qualified name (its own partial name and its parents', joined by dots): 1,000. Real
   * forms' names are tens of characters (an XFA-style `form1[0].Page1[0].Name_First[0]` about 30); a longer name is
   * refused when the file is read, so that no generated form carries megabytes of names.
   */
  maxFieldNameLength: 1000,
  /**
   * Room for the multipart envelope around the file (boundaries, part headers, a long file name) in the request body:
   * the body may be this much larger than {@link PDF_UPLOAD_LIMITS}.maxBytes, so that the file's own size is what the
   * limit counts.
   */
  multipartOverheadBytes: 64 * 1024,
  /** Longest PDF job (a parse, a fill, a seal) before the worker is stopped, ms; measured from the job's start in a ready worker. */
  parseTimeoutMs: 10_000,
  /** Heap of the PDF worker, MiB. */
  parseHeapMb: 256,
} as const;

/** The refusal of a PDF whose compressed streams hold more than {@link PDF_UPLOAD_LIMITS}.maxInflatedBytes. */
export const PDF_INFLATED_TOO_LARGE_MESSAGE = `This PDF's compressed contents expand to more than ${
  PDF_UPLOAD_LIMITS.maxInflatedBytes / 1024 / 1024
} MiB when read; at most that much is allowed.`;

/** The refusal of a PDF whose form fields are nested deeper than the reader can follow. */
export const PDF_TOO_DEEP_MESSAGE = `The form fields of this PDF are nested too deeply (fields inside fields, more than ${PDF_UPLOAD_LIMITS.maxFieldDepth} levels) to be read. Save it again from a PDF editor and upload it again.`;

/** The refusal of a PDF with a field whose fully qualified name is longer than {@link PDF_UPLOAD_LIMITS}.maxFieldNameLength. */
export const PDF_FIELD_NAME_TOO_LONG_MESSAGE = `A form field of this PDF has a name longer than ${PDF_UPLOAD_LIMITS.maxFieldNameLength.toLocaleString(
  'en',
)} characters (with the names of the fields it sits in); rename the field in a PDF editor and upload it again.`;

/**
 * The first of `names` (fully qualified field names) longer than {@link PDF_UPLOAD_LIMITS}.maxFieldNameLength, or
 * `undefined` when every name is within it.
 */
export function overlongPdfFieldName(names: Iterable<string>): string | undefined {
  for (const name of names) if (name.length > PDF_UPLOAD_LIMITS.maxFieldNameLength) return name;
  return undefined;
}

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
