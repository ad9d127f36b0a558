/**
 * The document of a form that has no PDF template: the instance's answers rendered as a PDF of our own (A4, the form's
 * pages and sections as headings, sections inside sections as sub-headings, each field's label and answer), ending
 * with a signature line per signer. The lines are the places where the signature images go when the envelope is
 * sealed.
 */
import { PDF, StandardFonts, rgb, type PDFPage } from '@libpdf/core';
import type { FormSchema, SignaturePlace } from '../../../src/api/types';
import { getAt, joinPointer } from '../../../src/contract/json-pointer';
import { compileFormSchema, type CompiledField } from '../../../src/engine/compile';
import { layoutSectionEntries, repeatBasePath, type SectionEntry } from '../../../src/engine/layout-walk';
import { fileReferencesText } from '../../../src/engine/files';
import { matrixAnswerLines } from '../../../src/engine/matrix';
import { RATING_STARS_TEXT, ratingStarCount, ratingText, storesNothing, widgetKind } from '../../../src/engine/widget-kinds';
import { optionLabel } from '../../../src/engine/choice-options';
import { answerInItsZoneText } from '../../../src/engine/answer-zone';

const A4 = { width: 595.28, height: 841.89 };
const MARGIN = 56;
const BODY = 10;
const LINE = 14;

/** What a rendered document needs. */
export interface AnswersDocumentInput {
  formName: string;
  formInstanceId: string;
  /** The schema the instance was filled with: its layout orders the answers, its options name the choices. */
  schema: FormSchema;
  data: unknown;
  signers: readonly { name: string; email: string }[];
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

/** An answer as text: lists joined, booleans as Yes / No, objects as JSON, nothing as a dash. */
export function answerText(value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(answerText).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
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

/**
 * A field's answer as text. A choice (radio, select, checkboxes, multi-select …) shows its option's label, as view mode
 * does, not the stored value: the signer reads "Feedback", not "feedback".
 */
function fieldAnswerText(cf: CompiledField, value: unknown): string {
  const kind = widgetKind(cf.field.widget)?.value;
  if (value === undefined || value === null || value === '') return answerText(value);
  if (kind === 'choice') return optionLabel(cf, value);
  // A rating as view mode words it, "4 of 5 stars", not a bare number whose scale the reader cannot see.
  if (cf.field.widget === 'rating' && typeof value === 'number') return ratingText(RATING_STARS_TEXT, value, ratingStarCount(cf.info));
  // A matrix as view mode words it: one line per answered row, "Room — Good".
  if (kind === 'matrix') return matrixAnswerLines(cf.field, value).join('\n') || answerText(undefined);
  // Uploaded files by name and size, one per line ('payslip.pdf (179 KB)').
  if (kind === 'file') return (Array.isArray(value) ? value.map((file) => fileReferencesText([file], 'en')).filter(Boolean).join('\n') : '') || answerText(undefined);
  if (kind === 'list') return Array.isArray(value) && value.length > 0 ? value.map((v) => optionLabel(cf, v)).join(', ') : answerText(value);
  // A date-time or time as the person gave it, with its offset said (as view mode shows it), not a raw ISO string.
  const zoned = cf.field.widget === 'datetime' || cf.field.widget === 'time' ? answerInItsZoneText(value) : null;
  if (zoned !== null) return zoned;
  return answerText(value);
}

/** A heading (a page's section, or a section inside one, `level` being its depth) or one field's label and answer. */
type AnswerBlock =
  | { kind: 'heading'; text: string; level: number }
  | { kind: 'answer'; label: string; answer: string | null; level: number };

/**
 * The document's headings and answers in layout order, through the shared layout walk. A page's own section is a
 * heading `Page — Section`; a section inside a section is a sub-heading one level down with its title. A repeatable
 * section is written once per item (`Jobs 1`, `Jobs 2` …), each item with its own fields and then the sections inside
 * it (their answers read inside that item). A text block (a widget that stores nothing) is written as its text, with
 * no answer.
 */
export function answerBlocks(schema: FormSchema, data: unknown): AnswerBlock[] {
  const compiled = compileFormSchema(schema);
  const blocks: AnswerBlock[] = [];
  let lastHeading: string | null = null;
  const heading = (text: string, level: number) => {
    // Consecutive sections with the same heading (an untitled section after another on its page) share it.
    const key = `${level}:${text}`;
    if (text === '' || key === lastHeading) return;
    lastHeading = key;
    blocks.push({ kind: 'heading', text, level });
  };
  const titleOf = (entry: SectionEntry) =>
    entry.depth === 1 ? [entry.page.title, entry.section.title].filter(Boolean).join(' — ') : (entry.section.title ?? '');
  const answers = (entry: SectionEntry, item: readonly (string | number)[]) => {
    for (const field of Array.isArray(entry.section.fields) ? entry.section.fields : []) {
      const cf = compiled.fieldById.get(field.id);
      const label = field.label || field.path;
      if (storesNothing(field.widget)) {
        blocks.push({ kind: 'answer', label, answer: null, level: entry.depth });
        continue;
      }
      const value = getAt(data, item.length > 0 ? joinPointer(repeatBasePath(entry), item, field.path) : field.path);
      blocks.push({ kind: 'answer', label, answer: cf ? fieldAnswerText(cf, value) : answerText(value), level: entry.depth });
    }
  };
  const entries = Array.from(layoutSectionEntries(schema.layout));
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as SectionEntry;
    if (entry.repeatOwner !== entry.section) {
      heading(titleOf(entry), entry.depth);
      answers(entry, []);
      continue;
    }
    // The sections inside a repeatable section follow it in the walk, up to the first one its items do not hold.
    let end = i + 1;
    while (end < entries.length && entries[end]?.repeatOwner === entry.section) end++;
    const inner = entries.slice(i + 1, end);
    const items = getAt(data, repeatBasePath(entry));
    (Array.isArray(items) ? items : []).forEach((_, n) => {
      heading(`${titleOf(entry)} ${n + 1}`.trim(), entry.depth);
      answers(entry, [n]);
      for (const nested of inner) {
        heading(titleOf(nested), nested.depth);
        answers(nested, [n]);
      }
    });
    i = end - 1;
  }
  return blocks;
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
  pdf.setSubject(`Form instance ${input.formInstanceId}`);
  const w = new Writer(pdf);
  w.text(input.formName, { size: 18, bold: true });
  w.text(`Form instance ${input.formInstanceId}`, { size: 9, color: [0.3, 0.3, 0.3] });
  w.gap(10);
  for (const block of answerBlocks(input.schema, input.data)) {
    const indent = (block.level - 1) * LEVEL_INDENT;
    if (block.kind === 'heading') {
      w.gap(6);
      w.text(block.text, { size: HEADING_SIZES[Math.min(block.level, HEADING_SIZES.length) - 1], bold: true, indent });
      continue;
    }
    w.ensure(LINE * 2);
    if (block.answer === null) {
      w.text(block.label, { indent });
    } else {
      w.text(block.label, { bold: true, size: 9, indent });
      // An answer of several lines (a matrix's rows) keeps them: each line is wrapped on its own.
      for (const line of block.answer.split('\n')) w.text(line, { indent: indent + 8 });
    }
    w.gap(4);
  }
  w.gap(16);
  const places = signatureLines(w, input.signers);
  return { bytes: await pdf.save(), places };
}

/** A 'Signatures' heading and a line per signer with their name below; the places above the lines. */
function signatureLines(w: Writer, signers: readonly { name: string; email: string }[]): SignaturePlace[] {
  w.text('Signatures', { size: 12, bold: true });
  const places: SignaturePlace[] = [];
  for (const signer of signers) {
    const box = { width: 220, height: 60 };
    w.ensure(box.height + 40);
    w.gap(box.height + 8);
    const y = w.y;
    w.page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + box.width, y }, color: rgb(0, 0, 0), thickness: 0.8 });
    places.push({ page: w.pageIndex, x: MARGIN, y: y + 2, width: box.width, height: box.height });
    w.text(`${signer.name} <${signer.email}>`, { size: 9 });
    w.gap(6);
  }
  return places;
}

/**
 * Appends a page of signature lines to a document (a PDF template with fewer signature fields than signers): the
 * places of `signers`, on the new page(s).
 */
export function appendSignaturePage(pdf: PDF, signers: readonly { name: string; email: string }[]): SignaturePlace[] {
  const first = pdf.getPageCount();
  const w = new Writer(pdf);
  return signatureLines(w, signers).map((p) => ({ ...p, page: p.page + first }));
}
