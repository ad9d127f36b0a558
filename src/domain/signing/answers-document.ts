/**
 * The document of answers that a signature request sends for a form without a PDF template: what it says, in which
 * order (the form's pages and sections as headings, sections inside sections one level down, each field's label and
 * its answer as view mode words it). The reference server draws it as an A4 PDF (example-host/server/signing/
 * render-answers.ts), the test fake as its one-page PDF; neither decides what the document says.
 */
import type { FormSchema } from '../../contract/types';
import { getAt, joinPointer } from '../../contract/json-pointer';
import { compileFormSchema, type CompiledField } from '../../engine/compile';
import { layoutSectionEntries, repeatBasePath, type SectionEntry } from '../../engine/layout-walk';
import { fileReferencesText } from '../../engine/files';
import { matrixAnswerLines } from '../../engine/matrix';
import { RATING_STARS_TEXT, ratingStarCount, ratingText, storesNothing, widgetKind } from '../../engine/widget-kinds';
import { optionLabel } from '../../engine/choice-options';
import { answerInItsZoneText } from '../../engine/answer-zone';
import { DRAWN_SIGNATURE_TEXT, drawnSignatureText, isDrawnSignature } from '../../engine/signature-value';

/**
 * The document's own words, from the signing's texts (src/labels/mail-labels.ts, `mlDocument…`; the server takes them
 * with its mail texts, German or French as the host configures), and the locale it writes file sizes in.
 */
export interface AnswersDocumentWords {
  mlDocumentInstance: string;
  mlDocumentSignatures: string;
  mlDocumentYes: string;
  mlDocumentNo: string;
  mlDocumentStars: string;
  mlDocumentDrawnSignature: string;
  locale: string;
}

/** The English words (the labels' defaults). */
export const ENGLISH_DOCUMENT_WORDS: AnswersDocumentWords = {
  mlDocumentInstance: 'Form instance {id}',
  mlDocumentSignatures: 'Signatures',
  mlDocumentYes: 'Yes',
  mlDocumentNo: 'No',
  mlDocumentStars: RATING_STARS_TEXT,
  mlDocumentDrawnSignature: DRAWN_SIGNATURE_TEXT,
  locale: 'en',
};

/** The document's words out of a whole set of signing texts (any object holding those keys) and a locale. */
export function answersDocumentWords(texts: Omit<AnswersDocumentWords, 'locale'>, locale: string): AnswersDocumentWords {
  const { mlDocumentInstance, mlDocumentSignatures, mlDocumentYes, mlDocumentNo, mlDocumentStars, mlDocumentDrawnSignature } = texts;
  return { mlDocumentInstance, mlDocumentSignatures, mlDocumentYes, mlDocumentNo, mlDocumentStars, mlDocumentDrawnSignature, locale };
}

/** An answer as text: lists joined, booleans as yes / no, objects as JSON, nothing as a dash. */
function answerText(value: unknown, words: AnswersDocumentWords): string {
  if (value === undefined || value === null || value === '') return '—';
  if (typeof value === 'boolean') return value ? words.mlDocumentYes : words.mlDocumentNo;
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map((v) => answerText(v, words)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A field's answer as text. A choice (radio, select, checkboxes, multi-select …) shows its option's label, as view mode
 * does, not the stored value: the signer reads "Feedback", not "feedback".
 */
function fieldAnswerText(cf: CompiledField, value: unknown, words: AnswersDocumentWords): string {
  const kind = widgetKind(cf.field.widget)?.value;
  if (value === undefined || value === null || value === '') return answerText(value, words);
  if (kind === 'choice') return optionLabel(cf, value);
  // A rating as view mode words it, "4 of 5 stars", not a bare number whose scale the reader cannot see.
  if (cf.field.widget === 'rating' && typeof value === 'number') return ratingText(words.mlDocumentStars, value, ratingStarCount(cf.info));
  // A matrix as view mode words it: one line per answered row, "Room — Good".
  if (kind === 'matrix') return matrixAnswerLines(cf.field, value).join('\n') || answerText(undefined, words);
  // Uploaded files by name and size, one per line ('payslip.pdf (179 KB)').
  if (kind === 'file') return (Array.isArray(value) ? value.map((file) => fileReferencesText([file], words.locale)).filter(Boolean).join('\n') : '') || answerText(undefined, words);
  if (kind === 'list') return Array.isArray(value) && value.length > 0 ? value.map((v) => optionLabel(cf, v)).join(', ') : answerText(value, words);
  // A date-time or time as the person gave it, with its offset said (as view mode shows it), not a raw ISO string.
  const zoned = cf.field.widget === 'datetime' || cf.field.widget === 'time' ? answerInItsZoneText(value) : null;
  if (zoned !== null) return zoned;
  return answerText(value, words);
}

/** A heading (a page's section, or a section inside one, `level` being its depth) or one field's label and answer. */
export type AnswerBlock =
  | { kind: 'heading'; text: string; level: number }
  | {
      kind: 'answer';
      label: string;
      answer: string | null;
      level: number;
      /** A drawn signature's image (a PNG `data:` URL), drawn above `answer`, which then says what it is. */
      image?: string;
    };

/**
 * The document's headings and answers in layout order, through the shared layout walk. A page's own section is a
 * heading `Page — Section`; a section inside a section is a sub-heading one level down with its title. A repeatable
 * section is written once per item (`Jobs 1`, `Jobs 2` …), each item with its own fields and then the sections inside
 * it (their answers read inside that item). A text block (a widget that stores nothing) is written as its text, with
 * no answer. A drawn signature is its image, with a line saying what it is.
 */
export function answerBlocks(schema: FormSchema, data: unknown, words: AnswersDocumentWords = ENGLISH_DOCUMENT_WORDS): AnswerBlock[] {
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
      // A drawn signature is an image: drawn as it was given, never its data as text.
      if (field.widget === 'signature' && isDrawnSignature(value)) {
        blocks.push({ kind: 'answer', label, answer: drawnSignatureText(value, words.mlDocumentDrawnSignature, words.locale), image: value, level: entry.depth });
        continue;
      }
      blocks.push({ kind: 'answer', label, answer: cf ? fieldAnswerText(cf, value, words) : answerText(value, words), level: entry.depth });
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

/** The line under the form's name: the instance the answers are of (also the PDF's Subject). */
export const instanceLine = (formInstanceId: string, words: AnswersDocumentWords = ENGLISH_DOCUMENT_WORDS): string =>
  words.mlDocumentInstance.replace('{id}', () => formInstanceId);

/** What stands under a signer's line: who signs there. */
export const signerLine = (signer: { name: string; email: string }): string => `${signer.name} <${signer.email}>`;

/** The document's lines as text, top to bottom: the form, the instance, its headings and answers, then a line per signer. */
export function answersDocumentLines(input: {
  formName: string;
  formInstanceId: string;
  schema: FormSchema;
  data: unknown;
  signers: readonly { name: string; email: string }[];
  words?: AnswersDocumentWords;
}): string[] {
  const words = input.words ?? ENGLISH_DOCUMENT_WORDS;
  const blocks = answerBlocks(input.schema, input.data, words).map((b) => (b.kind === 'heading' ? b.text : b.answer === null ? b.label : `${b.label}: ${b.answer}`));
  return [input.formName, instanceLine(input.formInstanceId, words), ...blocks, words.mlDocumentSignatures, ...input.signers.map(signerLine)];
}
