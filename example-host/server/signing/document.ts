/**
 * The documents of an envelope, made on the server's thread by the PDF worker's jobs (see pdf/worker-tasks.ts, whose
 * `sent` and `seal` jobs run seal.ts).
 *
 * - As sent: the form's PDF template with the instance's answers filled and flattened (the PDF forms' own filler,
 *   signature fields kept as fields), or, for a form without a template, the answers rendered as a PDF of our own.
 *   Each signer gets a place to sign: the template's signature fields in reading order, one per signer in their
 *   order, and a line on an added signatures page for signers beyond them (every line of a rendered document).
 * - Sealed, once, when the last signer has signed: see seal.ts.
 */
import type { Form, FormInstance, FormSchema, SignaturePlace } from '../../../src/api/types';
import { DomainError } from '../../../src/domain/errors';
import { pdfValuesFromData } from '../../../src/domain/pdf';
import type { AnswersDocumentWords } from '../../../src/domain/signing/answers-document';
import type { Db } from '../db/index';
import { loadFormPdf } from '../pdf/store';
import { PDF_CONTENT_LIMITS, PdfParseAbort, pdfWorkers } from '../pdf/worker';
import type { PdfJobs } from '../pdf/worker-tasks';
import type { SealInput, SealedDocument } from './seal';

/** The document as sent and where each signer signs (by signer position). */
export interface SentDocument {
  bytes: Uint8Array;
  places: SignaturePlace[][];
  source: 'template' | 'answers';
}

/** Builds the document as sent for an instance and its signers (in their order), in the PDF worker. */
export async function buildSentDocument(
  db: Db,
  input: { form: Form; schema: FormSchema; instance: FormInstance; signers: readonly { name: string; email: string }[] },
  words: AnswersDocumentWords,
): Promise<SentDocument> {
  const template = await loadFormPdf(db, input.form.formId);
  if (!template) {
    const rendered = await pdfJob('render', {
      formName: input.form.name,
      formInstanceId: input.instance.formInstanceId,
      schema: input.schema,
      data: input.instance.data,
      signers: input.signers.map((s) => ({ name: s.name, email: s.email })),
      words,
    });
    return { bytes: rendered.bytes, places: rendered.places.map((p) => [p]), source: 'answers' };
  }
  // The template's signature fields in reading order (page, then top to bottom, then left to right).
  const fields = (input.form.pdfTemplate?.fields ?? [])
    .filter((f) => f.type === 'signature')
    .sort((a, b) => a.page - b.page || b.rect.y - a.rect.y || a.rect.x - b.rect.x);
  const places: SignaturePlace[][] = input.signers.map((_, i) => {
    const f = fields[i];
    return f ? [{ page: f.page, x: f.rect.x, y: f.rect.y, width: f.rect.width, height: f.rect.height }] : [];
  });
  const without = input.signers.map((s, i) => ({ s, i })).filter(({ i }) => places[i]?.length === 0);
  const sent = await pdfJob('sent', {
    bytes: template.bytes,
    values: pdfValuesFromData(input.schema.layout, input.instance.data),
    unplaced: without.map(({ s }) => ({ name: s.name, email: s.email })),
    signaturesHeading: words.mlDocumentSignatures,
    limits: PDF_CONTENT_LIMITS,
  });
  without.forEach(({ i }, k) => {
    const line = sent.lines[k];
    if (line) places[i] = [line];
  });
  return { bytes: sent.bytes, places, source: 'template' };
}

/**
 * Runs a PDF job in the server's PDF workers; a refusal of the file (too large once inflated, nested too deeply) or a
 * job stopped for time or memory is a 422 with its code.
 */
async function pdfJob<K extends 'render' | 'sent' | 'seal'>(kind: K, input: PdfJobs[K]['input']): Promise<Extract<PdfJobs[K]['output'], { ok: true }>> {
  let result: PdfJobs[K]['output'];
  try {
    result = await pdfWorkers().run(kind, input);
  } catch (error) {
    if (error instanceof PdfParseAbort) throw new DomainError(error.reason === 'busy' ? 503 : 422, error.message, { code: `pdf-${error.reason}` });
    throw error;
  }
  if (!result.ok) throw new DomainError(result.code === 'inflated-size' ? 413 : 422, result.message, { code: `pdf-${result.code}` });
  return result as Extract<PdfJobs[K]['output'], { ok: true }>;
}

/** Seals a completed envelope's document in the PDF worker (seal.ts's `sealDocument`). */
export async function sealInWorker(input: SealInput): Promise<SealedDocument> {
  const { seal, ...rest } = input;
  const sealed = await pdfJob('seal', {
    ...rest,
    signers: [...rest.signers],
    events: [...rest.events],
    seal: seal.material,
    limits: PDF_CONTENT_LIMITS,
  });
  return { bytes: sealed.bytes, signedSha256: sealed.signedSha256 };
}
