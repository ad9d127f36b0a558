/**
 * What the PDF import tells the user when the server refuses a PDF: one plain sentence per kind of problem, read from
 * the answer's problem details (`code` when the server sends one, else its status and its words). React-free.
 */
import { isApiError } from '../../api/errors';
import { isProblemDetails } from '../../api/problem-details';
import { fileSizeText } from '../../engine/file-references';
import type { Labels } from '../../query/labels';

/** The kinds of refusal the import explains in its own words. */
export type PdfImportProblem =
  | 'notPdf'
  | 'encrypted'
  | 'corrupt'
  | 'tooLarge'
  | 'tooManyPages'
  | 'noFields'
  | 'xfa'
  | 'empty'
  | 'timeout'
  | 'forbidden'
  | 'other';

/** A refusal as the screen shows it. */
export interface PdfImportError {
  problem: PdfImportProblem;
  /** The sentence shown. */
  message: string;
  /** The server's own words, when they add to the sentence (shown under it). */
  detail?: string;
  /** Whether building a form by hand is the way on (a PDF without fields). */
  offerBuilder: boolean;
}

// Problem codes as a server may name them, folded to lower case without separators.
const CODES: Readonly<Record<string, PdfImportProblem>> = {
  notpdf: 'notPdf',
  notapdf: 'notPdf',
  invalidpdf: 'notPdf',
  encrypted: 'encrypted',
  pdfencrypted: 'encrypted',
  passwordprotected: 'encrypted',
  corrupt: 'corrupt',
  pdfcorrupt: 'corrupt',
  damaged: 'corrupt',
  unreadable: 'corrupt',
  toolarge: 'tooLarge',
  pdftoolarge: 'tooLarge',
  filetoolarge: 'tooLarge',
  toomanypages: 'tooManyPages',
  pdftoomanypages: 'tooManyPages',
  nofields: 'noFields',
  pdfnofields: 'noFields',
  xfa: 'xfa',
  xfaonly: 'xfa',
  pdfxfa: 'xfa',
  empty: 'empty',
  pdfempty: 'empty',
  timeout: 'timeout',
  pdftimeout: 'timeout',
  toocomplex: 'timeout',
};

function fromWords(detail: string): PdfImportProblem | null {
  const text = detail.toLowerCase();
  if (/\bxfa\b/.test(text)) return 'xfa';
  if (/no (fillable |form )?fields|has no fields|without (any )?fields/.test(text)) return 'noFields';
  if (/encrypt|password/.test(text)) return 'encrypted';
  if (/\bempty\b|zero bytes|0 bytes/.test(text)) return 'empty';
  if (/too many pages|more than [\d,]+ pages|pages? limit/.test(text)) return 'tooManyPages';
  if (/too large|larger than|too big|size limit/.test(text)) return 'tooLarge';
  if (/not a pdf|isn't a pdf|is no pdf|not pdf/.test(text)) return 'notPdf';
  if (/took too long|timed? ?out|time limit|memory limit|too complex/.test(text)) return 'timeout';
  if (/corrupt|damaged|malformed|could not be (read|parsed)|cannot be read|broken/.test(text)) return 'corrupt';
  return null;
}

/** The size limit in a refusal (`maxBytes`), as "10 MB" in `locale`. */
function sizeOf(bytes: unknown, locale: string | undefined): string | null {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes <= 0) return null;
  return fileSizeText(bytes, locale);
}

/** Explains a failed upload in plain words (a size limit in it written in `locale`). */
export function describePdfImportError(error: unknown, labels: Labels, locale?: string): PdfImportError {
  let problem: PdfImportProblem = 'other';
  let detail: string | undefined;
  let maxBytes: unknown;
  let code: PdfImportProblem | undefined;
  if (isApiError(error)) {
    const body = isProblemDetails(error.result) ? error.result : null;
    detail = body?.detail || undefined;
    maxBytes = body?.maxBytes;
    code = typeof body?.code === 'string' ? CODES[body.code.toLowerCase().replace(/[^a-z]/g, '')] : undefined;
    if (code) problem = code;
    else if (error.status === 403) problem = 'forbidden';
    else if (error.status === 413) problem = 'tooLarge';
    else if (error.status === 415) problem = 'notPdf';
    else if (detail && error.status >= 400 && error.status < 500) problem = fromWords(detail) ?? 'other';
  }
  const size = sizeOf(maxBytes, locale);
  const messages: Record<PdfImportProblem, string> = {
    notPdf: labels.piErrorNotPdf,
    encrypted: labels.piErrorEncrypted,
    corrupt: labels.piErrorCorrupt,
    tooLarge: size ? labels.piErrorTooLarge.replace('{size}', size) : labels.piErrorTooLargeAnySize,
    tooManyPages: labels.piErrorTooManyPages,
    noFields: labels.piErrorNoFields,
    xfa: labels.piErrorXfa,
    empty: labels.piErrorEmpty,
    timeout: labels.piErrorTimeout,
    forbidden: labels.piErrorForbidden,
    other: labels.piErrorOther,
  };
  // The server's words are shown under the sentence unless they say the same; never a 5xx body. A refusal the server
  // named by its code is told whole by the sentence, in the reader's language: its words are added only when they
  // carry a figure the sentence leaves out (a page count). A refusal read from the status or the words keeps them.
  const saysMore = detail !== undefined && (code === undefined || /\d/.test(detail));
  const showDetail = saysMore && isApiError(error) && error.status < 500 && detail !== messages[problem];
  return {
    problem,
    message: messages[problem],
    ...(showDetail ? { detail } : {}),
    offerBuilder: problem === 'noFields' || problem === 'xfa',
  };
}

/**
 * What can be told of a chosen file before it is sent: an empty file, or one over the upload limit (the server
 * refuses both too; checking first spares a long upload that can only fail). `null` when it may be sent.
 */
export function problemBeforeUpload(file: { size: number }, maxBytes: number, labels: Labels, locale?: string): PdfImportError | null {
  if (file.size === 0) return { problem: 'empty', message: labels.piErrorEmpty, offerBuilder: false };
  if (file.size > maxBytes) {
    const size = sizeOf(maxBytes, locale);
    return { problem: 'tooLarge', message: size ? labels.piErrorTooLarge.replace('{size}', size) : labels.piErrorTooLargeAnySize, offerBuilder: false };
  }
  return null;
}
