/**
 * The document of a form that has no PDF template: the instance's answers rendered as a PDF of our own (A4), ending
 * with a signature line per signer. What it says and in which order is the domain's (answerBlocks of
 * src/domain/signing/answers-document.ts, which the test fake writes too); this file draws it. The lines are the
 * places where the signature images go when the envelope is sealed.
 */
import { PDF, StandardFonts, rgb, type PDFPage } from '@libpdf/core';
import type { FormSchema, SignaturePlace } from '../../../src/api/types';
import { answerBlocks, instanceLine, signerLine, type AnswersDocumentWords } from '../../../src/domain/signing/answers-document';

export { answerBlocks } from '../../../src/domain/signing/answers-document';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BODY = 10;
const LINE = 14;
/** An answer's label: 9-point bold, a line of 1.4 times that. */
const LABEL_SIZE = 9;
const LABEL_LINE = LABEL_SIZE * 1.4;
/** The largest box a drawn signature's image is drawn in, in points (about 7 × 2.5 cm). */
const IMAGE_BOX = { width: 200, height: 70 };

/** What a rendered document needs. */
export interface AnswersDocumentInput {
  formName: string;
  formInstanceId: string;
  /** The schema the instance was filled with: its layout orders the answers, its options name the choices. */
  schema: FormSchema;
  data: unknown;
  signers: readonly { name: string; email: string }[];
  /** The document's own words and the locale of its file sizes (the server's signing texts). */
  words: AnswersDocumentWords;
}

/** A rendered document and where each signer signs (in the order of `signers`). */
export interface RenderedAnswers {
  bytes: Uint8Array;
  places: SignaturePlace[];
}

/**
 * The text as the standard PDF fonts can draw it (WinAnsi): characters outside it become '?', control characters a
 * space. The standard fonts keep the document small and need no font files; answers in other scripts are marked.
 */
export function pdfText(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) out += ' ';
    else if (code <= 0xff || '–—‘’“”…€•'.includes(ch)) out += ch;
    else out += '?';
  }
  return out;
}

/** Lays out text on pages, adding a page when one is full. */
class Writer {
  page: PDFPage;
  y: number;
  pageIndex = 0;

  constructor(private readonly pdf: PDF) {
    this.page = pdf.addPage(A4);
    this.y = A4.height - MARGIN;
  }

  /** Room for `height` points on this page, else a new page. */
  ensure(height: number): void {
    if (this.y - height >= MARGIN) return;
    this.page = this.pdf.addPage(A4);
    this.pageIndex += 1;
    this.y = A4.height - MARGIN;
  }

  /** Wrapped text; returns nothing, moves down. */
  text(text: string, options: { size?: number; bold?: boolean; indent?: number; color?: [number, number, number] } = {}): void {
    const size = options.size ?? BODY;
    const font = options.bold ? StandardFonts.HelveticaBold : StandardFonts.Helvetica;
    const x = MARGIN + (options.indent ?? 0);
    const width = A4.width - MARGIN - x;
    for (const line of wrap(pdfText(text), size, width, options.bold === true)) {
      this.ensure(size * 1.4);
      this.y -= size * 1.4;
      const [r, g, b] = options.color ?? [0, 0, 0];
      this.page.drawText(line, { x, y: this.y, size, font, color: rgb(r, g, b) });
    }
  }

  /**
   * A PNG image (a `data:` URL) at most {@link IMAGE_BOX} in size, kept in proportion; moves down. Bytes that are no
   * PNG draw nothing (the line under it still says what was given).
   */
  image(dataUrl: string, indent: number): void {
    let png: ReturnType<PDF['embedPng']>;
    try {
      png = this.pdf.embedPng(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
    } catch {
      return;
    }
    const scale = Math.min(1, IMAGE_BOX.width / png.width, IMAGE_BOX.height / png.height);
    const height = png.height * scale;
    this.ensure(height + 4);
    this.y -= height + 4;
    this.page.drawImage(png, { x: MARGIN + indent, y: this.y, width: png.width * scale, height });
  }

  gap(points: number): void {
    this.y -= points;
  }
}

/** Average glyph widths of Helvetica (per point of size): enough to wrap lines without measuring every glyph. */
function wrap(text: string, size: number, width: number, bold: boolean): string[] {
  const perChar = size * (bold ? 0.56 : 0.52);
  const max = Math.max(10, Math.floor(width / perChar));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/)) {
      let w = word;
      while (w.length > max) {
        if (line) lines.push(line);
        lines.push(w.slice(0, max));
        line = '';
        w = w.slice(max);
      }
      if (!line) line = w;
      else if (line.length + 1 + w.length <= max) line += ` ${w}`;
      else {
        lines.push(line);
        line = w;
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Heading sizes by depth: a page's own sections at 12 points, each level inside one smaller, never under the body. */
const HEADING_SIZES = [12, 11, 10.5, 10] as const;
/** How far each level inside a page's section is indented, so a sub-section's answers read as part of it. */
const LEVEL_INDENT = 10;

/** Renders the answers with a signature line per signer. */
export async function renderAnswers(input: AnswersDocumentInput): Promise<RenderedAnswers> {
  const pdf = PDF.create();
  // The document's properties: viewers show the Title in their title bar and lists (else "Untitled").
  pdf.setTitle(input.formName);
  pdf.setSubject(instanceLine(input.formInstanceId, input.words));
  const w = new Writer(pdf);
  w.text(input.formName, { size: 18, bold: true });
  w.text(instanceLine(input.formInstanceId, input.words), { size: 9, color: [0.3, 0.3, 0.3] });
  w.gap(10);
  for (const block of answerBlocks(input.schema, input.data, input.words)) {
    const indent = (block.level - 1) * LEVEL_INDENT;
    if (block.kind === 'heading') {
      const size = HEADING_SIZES[Math.min(block.level, HEADING_SIZES.length) - 1] ?? BODY;
      // A heading stays with what follows it: never alone at the foot of a page.
      w.ensure(6 + size * 1.4 + LINE * 3);
      w.gap(6);
      w.text(block.text, { size, bold: true, indent });
      continue;
    }
    // A label stays with the start of its answer: its first line, or a drawn image and the line saying what it is.
    w.ensure(block.image ? LABEL_LINE + IMAGE_BOX.height + 4 + LINE : LINE * 2);
    if (block.answer === null) {
      w.text(block.label, { indent });
    } else {
      w.text(block.label, { bold: true, size: LABEL_SIZE, indent });
      if (block.image) w.image(block.image, indent + 8);
      // An answer of several lines (a matrix's rows) keeps them: each line is wrapped on its own.
      for (const line of block.answer.split('\n')) w.text(line, { indent: indent + 8 });
    }
    w.gap(4);
  }
  w.gap(16);
  const places = signatureLines(w, input.signers, input.words.mlDocumentSignatures);
  return { bytes: await pdf.save(), places };
}

/** A heading ('Signatures') and a line per signer with their name below; the places above the lines. */
function signatureLines(w: Writer, signers: readonly { name: string; email: string }[], heading: string): SignaturePlace[] {
  w.text(heading, { size: 12, bold: true });
  const places: SignaturePlace[] = [];
  for (const signer of signers) {
    const box = { width: 220, height: 60 };
    w.ensure(box.height + 40);
    w.gap(box.height + 8);
    const y = w.y;
    w.page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + box.width, y }, color: rgb(0, 0, 0), thickness: 0.8 });
    places.push({ page: w.pageIndex, x: MARGIN, y: y + 2, width: box.width, height: box.height });
    w.text(signerLine(signer), { size: 9 });
    w.gap(6);
  }
  return places;
}

/**
 * Appends a page of signature lines to a document (a PDF template with fewer signature fields than signers): the
 * places of `signers`, on the new page(s).
 */
export function appendSignaturePage(pdf: PDF, signers: readonly { name: string; email: string }[], heading: string): SignaturePlace[] {
  const first = pdf.getPageCount();
  const w = new Writer(pdf);
  return signatureLines(w, signers, heading).map((p) => ({ ...p, page: p.page + first }));
}
