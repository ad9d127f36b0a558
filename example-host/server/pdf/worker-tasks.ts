/**
 * The jobs the PDF worker runs (see worker.ts), inside a worker thread with bounded memory and a time limit: reading
 * an upload (with the form generated from it and the file's SHA-256), filling and flattening a template, building the
 * document sent for signature, rendering the answers of a form without a template, and sealing a signed document.
 * Every PDF the library reads is first checked for its inflated size ({@link inflatedSize}), so that a small file
 * whose streams expand a thousandfold is refused before it is inflated. A job reads its stop (job-stop.ts) between
 * its steps and ends with `PdfJobStopped` once the pool asks it to.
 *
 * Answers are plain data (structured-cloneable); a generated form comes back as JSON text, so that the server's
 * thread does not walk or serialise it.
 */
import { createHash } from 'node:crypto';
import type { SignaturePlace, SigningAuditEvent } from '../../../src/api/types';
import type { SigningMailTexts } from '../../../src/service/mail';
import { schemaProblemsAndPatterns, schemaShapeOfJson } from '../../../src/domain/forms';
import { formFromPdf, type PdfFieldValue } from '../../../src/domain/pdf';
import type { DraftProblem } from '../../../src/engine';
import { withDeclaredWidgetKinds, type WidgetValueKind } from '../../../src/engine/widget-kinds';
import { PDF_INFLATED_TOO_LARGE_MESSAGE, PDF_TOO_DEEP_MESSAGE } from '../../../src/domain/pdf/limits';
import { pdfFromMultipartBody, type PdfUploadRefusal } from '../../../src/domain/pdf/upload';
import { leafFileName } from '../../../src/domain/signing/disposition';
import { signerFromMaterial, type SealMaterial } from '../signing/certificates';
import { composeSentDocument, sealDocument, type SealSignerInput } from '../signing/seal';
import { renderAnswers, type AnswersDocumentInput } from '../signing/render-answers';
import { fillPdfWithReport, type SkippedPdfField } from './fill';
import { inflatedSize } from './inflate';
import { NEVER_STOPPED, type PdfJobStop } from './job-stop';
import { readPdfFields, type PdfReadLimits, type PdfRefusalCode } from './read';

/**
 * Why the worker refuses a PDF: the reader's refusals (fields nested too deeply and names past the limit among them),
 * streams inflating past the limit, a tree too deep for the reader's stack.
 */
export type PdfJobRefusalCode = PdfRefusalCode | 'inflated-size' | 'too-deep';

/** A refusal of a PDF job, in words for the person who sent the file. */
export interface PdfJobRefusal {
  ok: false;
  code: PdfJobRefusalCode;
  message: string;
}

/** Limits every job that reads a PDF obeys. */
export interface PdfContentLimits {
  /** Bytes the FlateDecode streams may hold once inflated. */
  maxInflatedBytes: number;
}

/** What a read answers: the generated form and the template to store, or why the file is refused. */
export type PdfReadOutput =
  | {
      ok: true;
      formId: string;
      pageCount: number;
      /** The template to store: the upload with its values cleared and its actions removed (sanitize.ts). */
      bytes: Uint8Array;
      /** SHA-256 of `bytes`. */
      sha256: string;
      generatedJson: string;
    }
  | PdfJobRefusal;

/** The jobs, each with what it takes and what it answers. */
export interface PdfJobs {
  /**
   * An upload's raw multipart body, parsed here (the domain's upload rules: the `Pdf` part, its size, its content),
   * then read as {@link PdfJobs}.read does. The body's bytes are moved to the worker, not copied.
   */
  upload: {
    input: { body: Uint8Array; contentType: string; limits: PdfReadLimits & PdfContentLimits };
    output: (PdfReadOutput & { fileName?: string }) | PdfUploadRefusal;
  };
  /** Reads an upload's fields and generates the draft form from them. */
  read: {
    input: { bytes: Uint8Array; fileName: string; limits: PdfReadLimits & PdfContentLimits };
    output: PdfReadOutput;
  };
  /** Fills a template's fields, flattened on request. */
  fill: {
    input: { bytes: Uint8Array; values: Record<string, PdfFieldValue>; flatten: boolean; limits: PdfContentLimits };
    output: { ok: true; bytes: Uint8Array; skipped: SkippedPdfField[] } | PdfJobRefusal;
  };
  /** The document sent for signature from a template: filled, flattened, with a signatures page for `unplaced`. */
  sent: {
    input: {
      bytes: Uint8Array;
      values: Record<string, PdfFieldValue>;
      unplaced: { name: string; email: string }[];
      /** The heading of the signatures page. */
      signaturesHeading: string;
      limits: PdfContentLimits;
    };
    output: { ok: true; bytes: Uint8Array; lines: SignaturePlace[] } | PdfJobRefusal;
  };
  /** The answers of a form without a template, rendered as a PDF. */
  render: {
    input: AnswersDocumentInput;
    output: { ok: true; bytes: Uint8Array; places: SignaturePlace[] };
  };
  /** The signed document: signature images, audit page, PAdES seal. */
  seal: {
    input: {
      envelopeId: string;
      formName: string;
      sent: Uint8Array;
      sentSha256: string;
      signers: SealSignerInput[];
      events: SigningAuditEvent[];
      seal: SealMaterial;
      now?: Date;
      /** The words of the certificate page (the server's signing texts). */
      texts: SigningMailTexts;
      limits: PdfContentLimits;
    };
    output: { ok: true; bytes: Uint8Array; signedSha256: string } | PdfJobRefusal;
  };
  /**
   * Not a PDF: the schema rules of a form schema save (`schemaProblemsAndPatterns` of src/domain/forms), which take
   * tens of milliseconds for a form of thousands of fields, run here rather than on the server's thread; the shape
   * comes as its `schemaShapeJson` text, the host widget kinds the server was configured with by their value kinds.
   */
  'schema-check': {
    input: { shapeJson: string; verdicts: ReadonlyMap<string, string | null> | null; hostWidgetKinds: Readonly<Record<string, WidgetValueKind>> | null };
    output: { ok: true; problems: DraftProblem[]; patterns: string[] };
  };
}

/** The name of a job. */
export type PdfJobKind = keyof PdfJobs;

/** A job as posted to the worker. */
export type PdfJobMessage = { [K in PdfJobKind]: { id: number; kind: K; input: PdfJobs[K]['input'] } }[PdfJobKind];

const tooLarge: PdfJobRefusal = { ok: false, code: 'inflated-size', message: PDF_INFLATED_TOO_LARGE_MESSAGE };
const tooDeep: PdfJobRefusal = { ok: false, code: 'too-deep', message: PDF_TOO_DEEP_MESSAGE };

/** Whether an error is the engine's stack overflow (a structure nested deeper than the reader recurses). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** Runs `work` unless the PDF inflates past the limit; a stack overflow in it is the refusal of a too deep PDF. */
async function checked<T>(bytes: Uint8Array, limits: PdfContentLimits, stop: PdfJobStop, work: () => Promise<T>): Promise<T | PdfJobRefusal> {
  if (inflatedSize(bytes, limits.maxInflatedBytes, stop).over) return tooLarge;
  stop.check();
  try {
    return await work();
  } catch (error) {
    if (isStackOverflow(error)) return tooDeep;
    throw error;
  }
}

const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Reads an upload's fields and generates its form (see {@link PdfJobs}.read). */
function readUpload(bytes: Uint8Array, fileName: string, limits: PdfReadLimits & PdfContentLimits, stop: PdfJobStop): Promise<PdfReadOutput> {
  return checked(bytes, limits, stop, async () => {
    const read = await readPdfFields(bytes, limits, stop);
    if (!read.ok) return { ok: false, code: read.code, message: read.message } satisfies PdfJobRefusal;
    stop.check();
    // (Fields nested too deeply and names past the limit are refused by the reader, before the form is generated.)
    const generated = formFromPdf(
      { fileName, pageCount: read.pageCount, fields: read.fields, cleanup: read.cleanup },
      { newId: () => crypto.randomUUID(), now: () => new Date() },
    );
    return {
      ok: true,
      formId: generated.form.formId,
      pageCount: read.pageCount,
      bytes: read.bytes,
      sha256: sha256Hex(read.bytes),
      generatedJson: JSON.stringify(generated),
    } as const;
  });
}

/**
 * Runs one job (in the worker thread). Throws only for a failure that is not the file's, or `PdfJobStopped` when
 * `stop` is asked.
 */
export async function runPdfJob(message: PdfJobMessage, stop: PdfJobStop = NEVER_STOPPED): Promise<PdfJobs[PdfJobKind]['output']> {
  switch (message.kind) {
    case 'read': {
      const { bytes, fileName, limits } = message.input;
      return readUpload(bytes, fileName, limits, stop);
    }
    case 'upload': {
      const { body, contentType, limits } = message.input;
      const file = await pdfFromMultipartBody(body, contentType);
      if (!file.ok) return file;
      stop.check();
      const fileName = leafFileName(file.fileName);
      return { ...(await readUpload(file.bytes, fileName, limits, stop)), fileName };
    }
    case 'fill': {
      const { bytes, values, flatten, limits } = message.input;
      return checked(bytes, limits, stop, async () => {
        const filled = await fillPdfWithReport(bytes, values, { flatten }, stop);
        return { ok: true, bytes: filled.bytes, skipped: filled.skipped } as const;
      });
    }
    case 'sent': {
      const { bytes, values, unplaced, signaturesHeading, limits } = message.input;
      return checked(bytes, limits, stop, async () => ({ ok: true, ...(await composeSentDocument(bytes, values, unplaced, signaturesHeading)) }) as const);
    }
    case 'render': {
      const rendered = await renderAnswers(message.input);
      return { ok: true, bytes: rendered.bytes, places: rendered.places };
    }
    case 'schema-check': {
      const { shapeJson, verdicts, hostWidgetKinds } = message.input;
      return { ok: true, ...schemaProblemsAndPatterns(schemaShapeOfJson(shapeJson), verdicts, withDeclaredWidgetKinds(hostWidgetKinds)) };
    }
    case 'seal': {
      const { seal, limits, ...input } = message.input;
      return checked(input.sent, limits, stop, async () => {
        const sealed = await sealDocument({ ...input, seal: await signerFromMaterial(seal) });
        return { ok: true, bytes: sealed.bytes, signedSha256: sealed.signedSha256 } as const;
      });
    }
  }
}
