/**
 * Reading the AcroForm fields of an uploaded PDF (run inside the parse worker, see worker.ts): each terminal field
 * with its type, options, page, rectangle, flags and tooltip, or why the PDF cannot be used; and the template to
 * store, with its fields' values cleared and every action that runs or launches anything removed (sanitize.ts).
 *
 * The reader is @libpdf/core, chosen over pdf.js by running both over every fixture (`docs/design/pdf.md`): both find
 * the same fields, libpdf is 2–4× faster, gives radio options their labels (`/Opt`) and the tooltips (`/TU`) that
 * pdf.js's field objects leave out, and recovers a file whose xref trailer is missing (pdf.js refuses it).
 *
 * Refusals, each with a code the route turns into a 4xx problem: `encrypted`, `corrupt` (nothing readable),
 * `too-many-pages`, `too-many-fields`, `xfa-only` (an XFA form without AcroForm fields: its fields exist only in the XFA XML, which
 * needs Adobe's renderer; found from the catalog's AcroForm `/XFA` entry, not by scanning bytes, which misses a
 * compressed catalog), `no-fields`, `too-deep` (fields nested past the domain's limit) and `field-name` (a fully
 * qualified name longer than the domain's limit); the last two are checked before anything else is done with the
 * fields, so that a file made of huge names costs no more than reading it.
 */
import { PDF, PdfDict, PdfRef, PdfStream, PdfString, type FormField, type PdfObject } from '@libpdf/core';
import type { PdfField, PdfFieldFormat, PdfImportCleanup } from '../../../src/api/types';
import type { PdfFieldFound } from '../../../src/domain/pdf';
import { fieldFormatFromScript } from '../../../src/domain/pdf/field-format';
import { overlongPdfFieldName, PDF_FIELD_NAME_TOO_LONG_MESSAGE, PDF_TOO_DEEP_MESSAGE, PDF_UPLOAD_LIMITS } from '../../../src/domain/pdf/limits';
import { plainBytes } from './fill';
import { NEVER_STOPPED, type PdfJobStop } from './job-stop';
import { cleanPdfTemplate } from './sanitize';

/** Why a PDF cannot be used for a form. */
export type PdfRefusalCode = 'encrypted' | 'corrupt' | 'too-many-pages' | 'too-many-fields' | 'xfa-only' | 'no-fields' | 'too-deep' | 'field-name';

/** What reading a PDF gave. */
export type PdfReadResult =
  | {
      ok: true;
      pageCount: number;
      fields: PdfFieldFound[];
      hasXfa: boolean;
      skippedButtons: number;
      /** The template to store: the file with its fields' values cleared and its actions removed (sanitize.ts). */
      bytes: Uint8Array;
      /** What was cleared and removed, for the person who uploaded the file. */
      cleanup: PdfImportCleanup;
    }
  | { ok: false; code: PdfRefusalCode; message: string; pageCount?: number };

/** Limits of the reader. */
export interface PdfReadLimits {
  maxPages: number;
  maxFields: number;
}

/** The texts of the refusals (shown to the person who uploaded the file). */
export const PDF_REFUSALS = {
  encrypted: 'This PDF is encrypted (password protected). Remove the protection and upload it again.',
  corrupt: 'This PDF is damaged beyond repair: no page or form could be read from it.',
  xfaOnly:
    'This is an XFA form (made with Adobe LiveCycle Designer): its fields are not AcroForm fields and cannot be read. Save it as a standard (AcroForm) PDF form and upload it again.',
  noFields: 'This PDF has no fillable fields; you can still build a form for it.',
  tooManyPages: (pages: number, max: number) => `This PDF has ${pages} pages; at most ${max} are allowed.`,
  tooManyFields: (fields: number, max: number) => `This PDF has ${fields} fields; at most ${max} are allowed.`,
} as const;

const TYPES: Readonly<Record<string, PdfField['type'] | undefined>> = {
  text: 'text',
  checkbox: 'checkbox',
  radio: 'radio',
  dropdown: 'dropdown',
  listbox: 'optionList',
  signature: 'signature',
  button: 'button',
};

const refKey = (ref: PdfRef | null | undefined) => (ref ? `${ref.objectNumber} ${ref.generation}` : '');

/** Whether the document's catalog has an AcroForm with an `/XFA` entry (the XFA XML). */
function hasXfa(document: PDF): boolean {
  const resolve = (ref: PdfRef) => document.getObject(ref);
  const acroForm = document.getCatalog().getDict('AcroForm', resolve);
  return acroForm?.has('XFA') ?? false;
}

/** A field's options as its form shows them. */
function optionsOf(field: FormField): string[] | undefined {
  const any = field as FormField & { getOptions?: () => unknown[]; getExportValues?: () => string[] };
  if (field.type === 'radio') {
    const states = (any.getOptions?.() ?? []) as string[];
    const labels = any.getExportValues?.() ?? [];
    // Labels from /Opt when it names every state, else the state names (which then are the labels).
    return labels.length >= states.length && labels.length > 0 ? labels.slice(0, states.length) : states;
  }
  if (field.type === 'dropdown' || field.type === 'listbox') {
    return ((any.getOptions?.() ?? []) as { value: string; display: string }[]).map((o) => o.display || o.value);
  }
  return undefined;
}

/** The text of a script: a string, or a stream's decoded bytes. */
function scriptText(object: PdfObject | undefined): string | undefined {
  if (object instanceof PdfString) return object.asString();
  if (object instanceof PdfStream) {
    try {
      const data = object.getDecodedData();
      return data.byteLength <= 4096 ? new TextDecoder('latin1').decode(data) : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The format a text field's format (or keystroke) script names, from the field or its first widget. */
function formatScriptOf(field: FormField, resolve: (ref: PdfRef) => PdfObject | null): PdfFieldFormat | undefined {
  const deref = (o: PdfObject | undefined) => (o instanceof PdfRef ? (resolve(o) ?? undefined) : o);
  for (const dict of [field.acroField(), field.getWidgets()[0]?.dict]) {
    const aa = dict ? deref(dict.get('AA')) : undefined;
    if (!(aa instanceof PdfDict)) continue;
    for (const key of ['F', 'K']) {
      const action = deref(aa.get(key));
      const script = action instanceof PdfDict ? scriptText(deref(action.get('JS'))) : undefined;
      const format = script === undefined ? undefined : fieldFormatFromScript(script);
      if (format) return format;
    }
  }
  return undefined;
}

/**
 * Whether a field of the AcroForm tree has a partial name (`/T`) whose bytes surely spell more characters than the
 * name limit allows (more than four bytes a character, the widest text encoding), read from the raw string without
 * decoding it: decoding a name of megabytes costs seconds of the worker's time limit. The tree is walked no deeper
 * than the depth limit, each object once.
 */
function hasHugePartialName(document: PDF): boolean {
  const maxBytes = 4 * PDF_UPLOAD_LIMITS.maxFieldNameLength + 4;
  const resolve = (ref: PdfRef) => document.getObject(ref);
  const root = document.getCatalog().getDict('AcroForm', resolve)?.getArray('Fields', resolve);
  if (!root) return false;
  const seen = new Set<string>();
  const stack: { items: NonNullable<typeof root>; depth: number }[] = [{ items: root, depth: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    for (let i = 0; i < next.items.length; i++) {
      const item = next.items.at(i);
      if (item instanceof PdfRef) {
        if (seen.has(refKey(item))) continue;
        seen.add(refKey(item));
      }
      const field = item instanceof PdfRef ? resolve(item) : item;
      if (!(field instanceof PdfDict)) continue;
      const name = field.getString('T', resolve);
      if (name && name.bytes.byteLength > maxBytes) return true;
      const kids = next.depth < PDF_UPLOAD_LIMITS.maxFieldDepth ? field.getArray('Kids', resolve) : undefined;
      if (kids) stack.push({ items: kids, depth: next.depth + 1 });
    }
  }
  return false;
}

/** The levels of a field in its tree: the segments of its fully qualified name (`a.b.c` → 3). */
export function fieldDepth(name: string): number {
  let depth = 1;
  for (let at = name.indexOf('.'); at !== -1; at = name.indexOf('.', at + 1)) depth++;
  return depth;
}

/**
 * Reads the fields of a PDF. Never throws for a bad file: every problem is a refusal. Buttons are counted and left
 * out (they hold no value). Between its steps it reads `stop`, and throws `PdfJobStopped` when it is asked.
 */
export async function readPdfFields(bytes: Uint8Array, limits: PdfReadLimits, stop: PdfJobStop = NEVER_STOPPED): Promise<PdfReadResult> {
  let document: PDF;
  try {
    document = await PDF.load(plainBytes(bytes));
  } catch {
    // An encrypted file whose keys cannot be used fails to load; its trailer names /Encrypt.
    const tail = Buffer.from(bytes.subarray(Math.max(0, bytes.byteLength - 4096))).toString('latin1');
    if (tail.includes('/Encrypt')) return { ok: false, code: 'encrypted', message: PDF_REFUSALS.encrypted };
    return { ok: false, code: 'corrupt', message: PDF_REFUSALS.corrupt };
  }
  if (document.isEncrypted) return { ok: false, code: 'encrypted', message: PDF_REFUSALS.encrypted };
  stop.check();
  let pageCount: number;
  try {
    pageCount = document.getPageCount();
  } catch {
    return { ok: false, code: 'corrupt', message: PDF_REFUSALS.corrupt };
  }
  if (pageCount === 0) return { ok: false, code: 'corrupt', message: PDF_REFUSALS.corrupt };
  if (pageCount > limits.maxPages) {
    return { ok: false, code: 'too-many-pages', message: PDF_REFUSALS.tooManyPages(pageCount, limits.maxPages), pageCount };
  }
  const xfa = hasXfa(document);
  if (hasHugePartialName(document)) return { ok: false, code: 'field-name', message: PDF_FIELD_NAME_TOO_LONG_MESSAGE, pageCount };
  stop.check();
  const form = document.getForm();
  stop.check();
  const terminal = (form?.getFields() ?? []).filter((f) => f.type !== 'non-terminal' && f.type !== 'unknown');
  if (terminal.length === 0) {
    if (xfa) return { ok: false, code: 'xfa-only', message: PDF_REFUSALS.xfaOnly, pageCount };
    return { ok: false, code: 'no-fields', message: PDF_REFUSALS.noFields, pageCount };
  }
  if (terminal.length > limits.maxFields) {
    return { ok: false, code: 'too-many-fields', message: PDF_REFUSALS.tooManyFields(terminal.length, limits.maxFields), pageCount };
  }
  // The reader may or may not follow a very deep tree (its stack depends on how warm its code is): the depth is
  // refused alike either way, from the fully qualified names' segments; then names past the limit.
  const names = terminal.map((f) => f.name);
  if (names.some((name) => fieldDepth(name) > PDF_UPLOAD_LIMITS.maxFieldDepth)) return { ok: false, code: 'too-deep', message: PDF_TOO_DEEP_MESSAGE, pageCount };
  if (overlongPdfFieldName(names) !== undefined) return { ok: false, code: 'field-name', message: PDF_FIELD_NAME_TOO_LONG_MESSAGE, pageCount };

  stop.check();
  // Page of a widget: its /P entry when set, else the page whose /Annots lists it.
  const pages = document.getPages();
  const pageByRef = new Map(pages.map((p) => [refKey(p.ref), p.index]));
  const pageByAnnot = new Map<string, number>();
  const resolve = (ref: PdfRef) => document.getObject(ref);
  for (const page of pages) {
    const annots = page.dict.getArray('Annots', resolve);
    for (let i = 0; annots && i < annots.length; i++) {
      const item = annots.at(i);
      if (item && item.type === 'ref') pageByAnnot.set(refKey(item as PdfRef), page.index);
    }
  }

  const fields: PdfFieldFound[] = [];
  let skippedButtons = 0;
  for (const field of terminal) {
    stop.check();
    const type = TYPES[field.type];
    if (type === undefined) continue;
    if (type === 'button') {
      skippedButtons++;
      continue;
    }
    const widget = field.getWidgets()[0];
    const [x1, y1, x2, y2] = widget?.rect ?? [0, 0, 0, 0];
    const page = pageByRef.get(refKey(widget?.pageRef)) ?? pageByAnnot.get(refKey(widget?.ref)) ?? 0;
    const found: PdfFieldFound = {
      name: field.name,
      type,
      page,
      rect: { x: Math.min(x1, x2), y: Math.min(y1, y2), width: Math.abs(x2 - x1), height: Math.abs(y2 - y1) },
    };
    const options = optionsOf(field);
    if (options !== undefined) found.options = options;
    if (field.isRequired()) found.required = true;
    if (field.isReadOnly()) found.readOnly = true;
    if (field.type === 'text') {
      const text = field as FormField & { maxLength: number; isMultiline: boolean; isComb: boolean };
      if (text.isMultiline) found.multiline = true;
      if (text.maxLength > 0) found.maxLength = text.maxLength;
      if (text.isComb) found.comb = true;
    }
    const tooltip = field.alternateName?.trim();
    if (tooltip) found.tooltip = tooltip;
    // The field's own format, read here: the scripts that hold it are removed from the template below.
    const format = field.type === 'text' ? formatScriptOf(field, resolve) : undefined;
    if (format) found.format = format;
    fields.push(found);
  }
  if (fields.length === 0) return { ok: false, code: 'no-fields', message: PDF_REFUSALS.noFields, pageCount };
  stop.check();
  // The template holds no answers and nothing that runs: values cleared, actions removed, once the fields are read.
  const cleanup = cleanPdfTemplate(document);
  stop.check();
  return { ok: true, pageCount, fields, hasXfa: xfa, skippedButtons, bytes: await document.save(), cleanup };
}

