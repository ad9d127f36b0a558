/**
 * The PDF work of an envelope's documents that runs inside the PDF worker (pdf/worker-tasks.ts): the document as sent
 * from a template, and the seal.
 *
 * - As sent from a template: the answers filled and flattened (signature fields kept as fields), with a signatures page
 *   for the signers beyond the template's signature fields.
 * - Sealed, once, when the last signer has signed (as Documenso and OpenSign do): each signature image in its place,
 *   then an audit page (each signer's name, email and actions with time, IP address and browser, and the SHA-256 of
 *   the document as sent and as signed), then a PAdES baseline B-B signature over the whole file (CMS detached,
 *   SHA-256, `ETSI.CAdES.detached`) with the server's seal certificate.
 *
 * Nothing here reaches the worker pool: the worker imports this module, the server's thread asks for its jobs through
 * document.ts.
 */
import { createHash } from 'node:crypto';
import { PDF, StandardFonts, rgb } from '@libpdf/core';
import type { SignaturePlace, SigningAuditEvent } from '../../../src/api/types';
import { initialSignerStatuses } from '../../../src/domain/signing';
import { fillLabel } from '../../../src/labels/shared-labels';
import type { SigningMailTexts } from '../../../src/service/mail';
import { fillPdf, plainBytes, type PdfFillValue } from '../pdf/fill';
import { stripPdfActions } from '../pdf/sanitize';
import type { SealSigner } from './certificates';
import { appendSignaturePage, pdfText } from './render-answers';

/** SHA-256 of bytes, hex. */
export const sha256Of = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * The document as sent from a template (run in the PDF worker): the values filled in and flattened (signature fields
 * kept as fields), and a signatures page with a line for each of `unplaced` (none when empty).
 */
export async function composeSentDocument(
  template: Uint8Array,
  values: Readonly<Record<string, PdfFillValue>>,
  unplaced: readonly { name: string; email: string }[],
  signaturesHeading: string,
): Promise<{ bytes: Uint8Array; lines: SignaturePlace[] }> {
  const filled = await fillPdf(plainBytes(template), values, { flatten: true });
  if (unplaced.length === 0) return { bytes: filled, lines: [] };
  const pdf = await PDF.load(filled);
  const lines = appendSignaturePage(pdf, unplaced, signaturesHeading);
  return { bytes: await pdf.save(), lines };
}

/** A signer as the seal draws and reports them. */
export interface SealSignerInput {
  signerId: string;
  name: string;
  email: string;
  routingOrder: number;
  places: SignaturePlace[];
  signaturePng: Uint8Array | null;
  signatureKind: string | null;
}

/** What sealing needs. */
export interface SealInput {
  envelopeId: string;
  formName: string;
  sent: Uint8Array;
  sentSha256: string;
  signers: readonly SealSignerInput[];
  events: readonly SigningAuditEvent[];
  seal: SealSigner;
  now?: Date;
  /** The words of the certificate page and the seal's reason: the server's signing texts (`mlCert…`). */
  texts: SigningMailTexts;
}

/** The sealed document and the SHA-256 of the document as signed (the signatures drawn, before the audit page). */
export interface SealedDocument {
  bytes: Uint8Array;
  signedSha256: string;
}

/** An audit event's kind as the certificate page says it. */
/** The audit events a signer's own request makes (their link opened, their signature, their decline). */
const SIGNER_ACTS: ReadonlySet<SigningAuditEvent['kind']> = new Set(['opened', 'signed', 'declined']);

function eventText(kind: SigningAuditEvent['kind'], texts: SigningMailTexts): string {
  const said: Readonly<Record<SigningAuditEvent['kind'], string>> = {
    created: texts.mlCertEventCreated,
    sent: texts.mlCertEventSent,
    opened: texts.mlCertEventOpened,
    signed: texts.mlCertEventSigned,
    declined: texts.mlCertEventDeclined,
    voided: texts.mlCertEventVoided,
    reminded: texts.mlCertEventReminded,
    downloaded: texts.mlCertEventDownloaded,
    completed: texts.mlCertEventCompleted,
  };
  return said[kind];
}

/** Draws the signature images, appends the audit page and signs the whole file (PAdES B-B); run in the PDF worker. */
export async function sealDocument(input: SealInput): Promise<SealedDocument> {
  const signed = await PDF.load(plainBytes(input.sent));
  // Nothing that runs or launches anything is sealed: the template rule's action check, once more on what is signed.
  stripPdfActions(signed);
  for (const signer of input.signers) {
    if (!signer.signaturePng) continue;
    const image = signed.embedPng(signer.signaturePng);
    for (const place of signer.places) {
      const page = signed.getPage(place.page);
      if (!page) continue;
      // Fit the image in the place, keeping its proportions, bottom-left aligned on the line.
      const scale = Math.min(place.width / image.width, place.height / image.height);
      page.drawImage(image, { x: place.x, y: place.y, width: image.width * scale, height: image.height * scale });
    }
  }
  const signedBytes = await signed.save();
  const signedSha256 = sha256Of(signedBytes);

  const pdf = await PDF.load(signedBytes);
  addAuditPages(pdf, { ...input, signedSha256 });
  // The audit trail's head when sealed in the document's info too (Keywords), where a reader finds it without the page.
  const head = input.events[input.events.length - 1];
  if (head) pdf.setKeywords([`audit-events:${head.sequence}`, `audit-head:${head.hash}`]);
  const withAudit = await pdf.save();
  const sealed = await PDF.load(withAudit);
  const { bytes } = await sealed.sign({
    signer: input.seal.signer,
    level: 'B-B',
    fieldName: 'FormsAdminSeal',
    reason: fillLabel(input.texts.mlCertSealReason, { names: input.signers.map((s) => s.name).join(', ') }),
    signingTime: input.now,
  });
  return { bytes, signedSha256 };
}

/** A browser's short name from its user agent (the full text follows on the page). */
function browserOf(userAgent: string | null, texts: SigningMailTexts): string {
  if (!userAgent) return texts.mlCertUnknownBrowser;
  const m = /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(userAgent);
  return m ? `${m[1] === 'Edg' ? 'Edge' : m[1]} ${m[2]?.split('.')[0] ?? ''}`.trim() : userAgent.slice(0, 60);
}

function addAuditPages(pdf: PDF, input: SealInput & { signedSha256: string }): void {
  const size = { width: 595.28, height: 841.89 };
  const margin = 48;
  let page = pdf.addPage(size);
  let y = size.height - margin;
  const line = (text: string, options: { size?: number; bold?: boolean; indent?: number; grey?: boolean } = {}) => {
    const fontSize = options.size ?? 9;
    const max = Math.floor((size.width - 2 * margin - (options.indent ?? 0)) / (fontSize * 0.5));
    let rest = pdfText(text);
    do {
      if (y - fontSize * 1.5 < margin) {
        page = pdf.addPage(size);
        y = size.height - margin;
      }
      y -= fontSize * 1.5;
      const shown = rest.slice(0, max);
      rest = rest.slice(max);
      page.drawText(shown, {
        x: margin + (options.indent ?? 0),
        y,
        size: fontSize,
        font: options.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica,
        color: options.grey ? rgb(0.3, 0.3, 0.3) : rgb(0, 0, 0),
      });
    } while (rest.length > 0);
  };
  const t = input.texts;
  line(t.mlCertTitle, { size: 16, bold: true });
  line(fillLabel(t.mlCertForm, { form: input.formName }), { size: 10 });
  line(fillLabel(t.mlCertEnvelope, { envelope: input.envelopeId }), { size: 10 });
  y -= 6;
  line(t.mlCertSentHash, { bold: true });
  line(input.sentSha256, { indent: 8 });
  line(t.mlCertSignedHash, { bold: true });
  line(input.signedSha256, { indent: 8 });
  y -= 6;
  line(t.mlCertSigners, { size: 12, bold: true });
  // The envelope's first 'sent' event sends the first group (the lowest order) and names no signer: it is each of
  // theirs, so that every signer's part says when the document was sent to them (later groups' events name them).
  const firstGroup = initialSignerStatuses(input.signers);
  const eventsOf = (signer: SealSignerInput, position: number) =>
    input.events.filter((e) => e.signerId === signer.signerId || (e.kind === 'sent' && e.signerId === null && firstGroup[position] === 'Sent'));
  const ipOf = (event: SigningAuditEvent) => event.ipAddress ?? t.mlCertUnknownIp;
  for (const [position, signer] of input.signers.entries()) {
    y -= 4;
    const heading = signer.signatureKind === 'drawn' ? t.mlCertSignerDrawn : signer.signatureKind === 'typed' ? t.mlCertSignerTyped : t.mlCertSigner;
    line(fillLabel(heading, { name: signer.name, email: signer.email, order: signer.routingOrder }), { bold: true });
    for (const event of eventsOf(signer, position)) {
      // The IP and browser of what the signer did themselves; a sending or a reminder was the sender's (or an earlier
      // signer's, or the server's) act: its time only, its IP stays in the trail below.
      if (!SIGNER_ACTS.has(event.kind)) {
        line(fillLabel(t.mlCertEventTimeLine, { event: eventText(event.kind, t), at: event.at }), { indent: 8 });
      } else {
        line(fillLabel(t.mlCertEventLine, { event: eventText(event.kind, t), at: event.at, ip: ipOf(event), browser: browserOf(event.userAgent, t) }), { indent: 8 });
        if (event.userAgent) line(fillLabel(t.mlCertBrowser, { agent: event.userAgent }), { indent: 16, size: 7, grey: true });
      }
      if (typeof event.details.reason === 'string') line(fillLabel(t.mlCertReason, { reason: event.details.reason }), { indent: 16 });
    }
  }
  y -= 6;
  line(t.mlCertTrail, { size: 12, bold: true });
  for (const event of input.events) {
    const signer = event.signerId ? (input.signers.find((s) => s.signerId === event.signerId)?.name ?? null) : null;
    const said = { sequence: event.sequence, at: event.at, event: eventText(event.kind, t), ip: ipOf(event) };
    line(signer === null ? fillLabel(t.mlCertTrailEvent, said) : fillLabel(t.mlCertTrailSignerEvent, { ...said, signer }));
    line(fillLabel(t.mlCertHash, { hash: event.hash }), { indent: 12, size: 7, grey: true });
  }
  // The trail's head when the document was sealed: a trail later cut back before this event is noticed from the document too.
  const head = input.events[input.events.length - 1];
  if (head) line(fillLabel(t.mlCertHead, { sequence: head.sequence, hash: head.hash }), { size: 7, grey: true });
  y -= 6;
  line(input.seal.source === 'development' ? t.mlCertSealedDevelopment : t.mlCertSealedConfigured, { grey: true });
}
